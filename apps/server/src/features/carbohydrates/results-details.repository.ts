import { type RawBuilder, sql } from 'kysely';

/**
 * The columns of a carbohydrate result row (the contract's CarbohydrateResultRow), written once and
 * read two ways: as rows (the Excel downloads) or as JSON built by PostgreSQL (the list pages, whose
 * answer is that JSON as it stands: no row parsing, no date parsing, no serializing in the app).
 */

interface Column {
  as: string;
  value: RawBuilder<unknown>;
  /** a timestamp: in JSON, written as JavaScript writes a Date (ISO 8601, UTC, milliseconds) */
  time?: boolean;
}

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
/** milliseconds since 1970 (a Date is made of it faster than of the timestamp's text) */
const epochMs = (ts: RawBuilder<unknown>) => sql`(extract(epoch from ${ts}) * 1000)::float8`;
const isoTime = (ts: RawBuilder<unknown>) => sql`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * For a page the reference names are scalar look-ups by primary key: cheap to plan (no join order to
 * search) and to run for a few rows. A bulk read (thousands of rows) joins them instead, which the
 * planner answers with a hash of each small table rather than a look-up per row and name.
 */
function columns(withGroupCount: boolean, bulk: boolean): Column[] {
  const name = bulk ? joined : lookUp;
  return [
    { as: 'id', value: sql`e.id` },
    { as: 'group', value: sql`e.location_key` },
    { as: 'groupCount', value: withGroupCount ? sql`coalesce(gc.n, 0)` : sql`0` },
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
  ];
}

/**
 * The full rows of a key source (a relation of id, k and rn): `_rn` and `_k` (its position and order
 * key), then either every column of the row (`rows`, timestamps as milliseconds since 1970: see
 * `withDates`) or `id` and the row as a JSON object `j` (`json`).
 * Each location group of the source is counted once, however many of its rows the source holds.
 */
export function detailsOf(source: RawBuilder<unknown>, withGroupCount: boolean, shape: 'rows' | 'json'): RawBuilder<unknown> {
  const bulk = shape === 'rows';
  const cols = columns(withGroupCount, bulk);
  const counts = withGroupCount
    ? sql`, gc as (select g.location_key as key, count(*)::int as n from lab_job_entries g
        where g.result_on is not null and g.location_key in (select x.location_key from src join lab_job_entries x on x.id = src.id)
        group by g.location_key)`
    : sql``;
  const select = bulk
    ? sql.join(cols.map((c) => sql`${c.time ? epochMs(c.value) : c.value} as ${sql.ref(c.as)}`))
    : sql`e.id, json_build_object(${sql.join(cols.map((c) => sql`${sql.lit(c.as)}, ${c.time ? isoTime(c.value) : c.value}`))}) as j`;
  return sql`
    with src as materialized (select s.id, s.k, s.rn from ${source} s)${counts}
    select src.rn as _rn, src.k as _k, ${select}
    from src
      join lab_job_entries e on e.id = src.id
      join growth_stages gs on gs.id = e.growth_stage_id${withGroupCount ? sql`
      left join gc on gc.key = e.location_key` : sql``}${bulk ? NAME_JOINS : sql``}`;
}

/** A page as JSON text, with the order keys and ids of its first and last rows (for the cursors). */
export interface JsonPage {
  rows: string;
  firstK: string | null;
  firstId: number | null;
  lastK: string | null;
  lastId: number | null;
}

/** The rows of a details relation `d` as one JSON array, in `rn` order. */
const ROWS_JSON = sql`coalesce(json_agg(d.j order by d._rn), '[]')::text`;

/** One row: the rows of a key source as one JSON array in `rn` order, and the keys of its first and last rows. */
export function jsonPageOf(source: RawBuilder<unknown>, withGroupCount: boolean): RawBuilder<JsonPage> {
  return sql<JsonPage>`select ${ROWS_JSON} as rows,
      (array_agg(d._k order by d._rn))[1] as "firstK", (array_agg(d.id order by d._rn))[1] as "firstId",
      (array_agg(d._k order by d._rn desc))[1] as "lastK", (array_agg(d.id order by d._rn desc))[1] as "lastId"
    from (${detailsOf(source, withGroupCount, 'json')}) d`;
}

/** A key source of these ids, numbered in the order given (no order key). */
export function idsInOrder(ids: number[]): RawBuilder<unknown> {
  return sql`(select x.id, null::text as k, x.rn from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as x(id, rn))`;
}

/** The rows of these ids as one JSON array, in the order given. */
export function jsonRowsOf(ids: number[], withGroupCount: boolean): RawBuilder<{ rows: string }> {
  return sql<{ rows: string }>`select ${ROWS_JSON} as rows from (${detailsOf(idsInOrder(ids), withGroupCount, 'json')}) d`;
}

/** The timestamps of rows read with shape `rows` as Dates. */
export function withDates<T extends { sampleDate: unknown; createdOn: unknown; completedOn: unknown }>(row: T): T {
  const date = (v: unknown) => (v === null ? null : new Date(v as number));
  return { ...row, sampleDate: date(row.sampleDate), createdOn: date(row.createdOn), completedOn: date(row.completedOn) };
}
