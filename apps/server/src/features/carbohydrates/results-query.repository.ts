import { type RawBuilder, sql } from 'kysely';
import type { CarbohydrateFilter } from '@sapwood/contracts';
import { type KeysetDeclaration, type ListMatch, type ListOrder, fixedOrder, listMatch as matchOf, matchWhere, orderOf } from '../../db/keyset';
import { RESULT_ROWS } from './results-details.repository';

/**
 * The results lists as the keyset engine pages them (db/keyset, ADR 0071): measured entries of
 * lab_job_entries, their filters, the text keys a search looks in (the stored lower-cased "C"-collation
 * copies of migration 0110) and the sorts, each served by one partial index of migration 0070.
 */
/** a referenced row's name (tables and columns as written here, never from input) */
const nameOf = (table: string, id: RawBuilder<unknown>) => sql`(select x.name from ${sql.table(table)} x where x.id = ${id})`;
/** a name as a text key: lower-cased in the "C" collation, like the stored keys */
const nameKey = (name: RawBuilder<unknown>) => sql`(lower(coalesce(${name}, '')) collate "C")`;

export const RESULTS_LIST: KeysetDeclaration<CarbohydrateFilter> = {
  table: 'lab_job_entries',
  alias: 'e',
  id: 'id',
  where: sql`e.result_on is not null`,
  filters: {
    client: { column: 'entity_key', kind: 'prefix' },
    farmName: { column: 'farm_key', kind: 'prefix' },
    fieldBlockNumber: { column: 'block_key', kind: 'prefix' },
    cropId: { column: 'crop_id', kind: 'equals' },
    cropGrowthId: { column: 'growth_stage_id', kind: 'equals' },
    organ: { column: 'tissue_id', kind: 'equals' },
    group: { column: 'location_key', kind: 'equals' },
  },
  search: ['sample_key', 'entity_key', 'farm_key', 'block_key'],
  sorts: {
    sampleNumber: { column: 'sample_key', kind: 'text' },
    entity: { column: 'entity_key', kind: 'text' },
    farmName: { column: 'farm_key', kind: 'text' },
    fieldBlockNumber: { column: 'block_key', kind: 'text' },
    completedOn: { column: 'result_on', kind: 'time' },
    createdOn: { column: 'id', kind: 'int' },
    sampleDate: { column: 'sample_date', kind: 'time' },
    // N/A (no value) sorts before every value; indexed by migration 0130
    sugar: { key: sql`coalesce(e.sugar, -1)`, kind: 'num' },
    starch: { key: sql`coalesce(e.starch, -1)`, kind: 'num' },
    // by the names a user sees (not indexed: a full sort of the matches, which the count cap does not bound)
    crop: { key: nameKey(sql`${nameOf('crops', sql`e.crop_id`)} || ' / ' || coalesce(${nameOf('cultivars', sql`e.cultivar_id`)}, '')`), kind: 'text' },
    region: { key: nameKey(sql`coalesce(${nameOf('regions', sql`e.region_id`)}, '')`), kind: 'text' },
    growth: { key: nameKey(nameOf('growth_stages', sql`e.growth_stage_id`)), kind: 'text' },
    organ: { key: nameKey(nameOf('tissues', sql`e.tissue_id`)), kind: 'text' },
  },
  defaultSort: { column: 'id', kind: 'int', desc: true },
  rows: RESULT_ROWS,
};

export type { ListMatch, ListOrder };

/** The results tab: a whitelisted column, or newest entry first. */
export const resultsOrder = (sortBy: string, ascending: boolean): ListOrder => orderOf(RESULTS_LIST, sortBy, ascending);

/** The grouped tab: newest location group first (merged groups before the rest), entries in entry order. */
export const GROUPED_ORDER: ListOrder = fixedOrder(RESULTS_LIST, { name: 'group', column: 'location_key', kind: 'plain', keyDesc: true, idDesc: false });

/** The filter and search of a list as one WHERE condition (measured results only). */
export const listWhere = (f: CarbohydrateFilter & { search?: string }): RawBuilder<unknown> => matchWhere(RESULTS_LIST, f);

/** A list's matches as the paging needs them. */
export const listMatch = (f: CarbohydrateFilter & { search?: string }): ListMatch => matchOf(RESULTS_LIST, f);
