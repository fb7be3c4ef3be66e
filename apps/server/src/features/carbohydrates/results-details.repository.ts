import { type RawBuilder, sql } from 'kysely';
import type { RowColumn, RowShape } from '../../db/keyset';
import { qcHoldOfJob } from '../qc';

/**
 * The columns of a carbohydrate result row (the contract's CarbohydrateResultRow), written once and
 * read two ways: as rows (the Excel downloads) or as JSON built by PostgreSQL (the list pages, whose
 * answer is that JSON as it stands: no row parsing, no date parsing, no serializing in the app).
 * Every `e.` is the results table as the list declares it (results-query.repository.ts).
 */

/** The name of a reference row: a scalar look-up by primary key, or (bulk) a column of a joined table. */
type NameOf = (table: string, alias: string, id: RawBuilder<unknown>) => RawBuilder<unknown>;
const lookUp: NameOf = (table, _alias, id) => sql`(select x.name from ${sql.table(table)} x where x.id = ${id})`;
const joined: NameOf = (_table, alias) => sql`${sql.ref(`${alias}.name`)}`;
/** the joins `joined` names read from */
const NAME_JOINS = sql`
      left join crops n_crop on n_crop.id = e.crop_id
      left join cultivars n_cultivar on n_cultivar.id = e.cultivar_id
      left join regions n_region on n_region.id = e.region_id
      left join tissues n_tissue on n_tissue.id = e.tissue_id
      left join tissues n_linked on n_linked.id = gs.linked_tissue_id
      left join lab_jobs n_job on n_job.id = e.lab_job_id`;
/**
 * For a page the reference names are scalar look-ups by primary key: cheap to plan (no join order to
 * search) and to run for a few rows. A bulk read (thousands of rows) joins them instead, which the
 * planner answers with a hash of each small table rather than a look-up per row and name.
 */
/**
 * A merged group's distinct clients or farms (a job's group is one client and farm by its key): its header names
 * them all, not only its first row's (location-group.ts); null for a job's group.
 */
const mergedNames = (column: 'entity' | 'farm_name') => sql`(case when e.location_key like 'M%' then (select array_agg(distinct btrim(g.${sql.raw(column)})
  order by btrim(g.${sql.raw(column)})) from lab_job_entries g where g.location_key = e.location_key and g.result_on is not null) end)`;

function columns(withGroupCount: boolean, bulk: boolean): RowColumn[] {
  const name = bulk ? joined : lookUp;
  return [
    { as: 'id', value: sql`e.id` },
    { as: 'group', value: sql`e.location_key` },
    { as: 'groupCount', value: withGroupCount ? sql`coalesce(gc.n, 0)` : sql`0` },
    { as: 'groupClients', value: mergedNames('entity') },
    { as: 'groupFarms', value: mergedNames('farm_name') },
    { as: 'sampleNumber', value: sql`e.sample_number` },
    { as: 'entity', value: sql`e.entity` },
    { as: 'client', value: sql`e.entity` },
    { as: 'farmName', value: sql`e.farm_name` },
    { as: 'agent', value: sql`e.agent` },
    { as: 'agriculturist', value: sql`e.agronomist` },
    { as: 'crop', value: name('crops', 'n_crop', sql`e.crop_id`) },
    { as: 'cropId', value: sql`e.crop_id` },
    { as: 'cultivar', value: name('cultivars', 'n_cultivar', sql`e.cultivar_id`) },
    { as: 'cultivarId', value: sql`e.cultivar_id` },
    { as: 'regionName', value: name('regions', 'n_region', sql`e.region_id`) },
    { as: 'regionId', value: sql`e.region_id` },
    { as: 'fieldBlockNumber', value: sql`e.field_block_number` },
    { as: 'tissue', value: name('tissues', 'n_tissue', sql`e.tissue_id`) },
    { as: 'tissueId', value: sql`e.tissue_id` },
    { as: 'cropGrowth', value: sql`gs.name` },
    { as: 'cropGrowthId', value: sql`e.growth_stage_id` },
    { as: 'linkedTissueName', value: name('tissues', 'n_linked', sql`gs.linked_tissue_id`) },
    { as: 'sugar', value: sql`e.sugar` },
    { as: 'starch', value: sql`e.starch` },
    { as: 'na', value: sql`e.na` },
    { as: 'sampleDate', value: sql`e.sample_date`, time: true },
    { as: 'createdOn', value: bulk ? sql`n_job.created_at` : sql`(select j.created_at from lab_jobs j where j.id = e.lab_job_id)`, time: true },
    { as: 'completedOn', value: sql`e.result_on`, time: true },
    { as: 'carboHydrateId', value: sql`e.carbohydrate_sample_id` },
    { as: 'rowVersion', value: sql`e.row_version` },
    // a page says whether (and why) the entry's job is held, by the qc feature's one rule (ADR 0145, 0253); a download does not
    ...(bulk ? [] : [{ as: 'qcHold', value: qcHoldOfJob(sql`e.lab_job_id`) }]),
  ];
}

/** The rows of the results lists (ADR 0071): a page's as JSON, with group counts; a download's, names joined. */
export const RESULT_ROWS: { page: RowShape; bulk: RowShape } = {
  page: {
    columns: columns(true, false),
    with: sql`, gc as (select g.location_key as key, count(*)::int as n from lab_job_entries g
        where g.result_on is not null and g.location_key in (select x.location_key from src join lab_job_entries x on x.id = src.id)
        group by g.location_key)`,
    joins: sql`
      join growth_stages gs on gs.id = e.growth_stage_id
      left join gc on gc.key = e.location_key`,
  },
  bulk: {
    columns: columns(false, true),
    joins: sql`
      join growth_stages gs on gs.id = e.growth_stage_id${NAME_JOINS}`,
  },
};
