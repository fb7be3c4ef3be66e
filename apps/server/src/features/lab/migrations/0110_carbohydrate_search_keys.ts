import { type Kysely, sql } from 'kysely';

/**
 * The text filters of the carbohydrate results lists as stored columns: the value lower-cased, in the
 * "C" collation (so a prefix is an index range). The old indexes were on the same expressions, but
 * PostgreSQL answers a query from an index alone (an index-only scan) only when it names plain columns.
 * With these, counting the matches of a search or of the Client / Farm Name / Field Block Number filters
 * reads the index, not every matching row. Each index also carries the location key, the sort key of
 * the grouped list (issue 4 benchmark; ADR 0070). The location key itself moves to the "C" collation:
 * its values are ASCII of one shape, so the order is the same, and sorting a page's matches by it
 * compares bytes instead of calling the locale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table lab_job_entries
      add column sample_key text collate "C" generated always as (lower(sample_number)) stored,
      add column entity_key text collate "C" generated always as (lower(entity)) stored,
      add column farm_key text collate "C" generated always as (lower(farm_name)) stored,
      add column block_key text collate "C" generated always as (lower(field_block_number)) stored,
      alter column location_key type text collate "C";
    drop index lje_res_sample_idx, lje_res_entity_idx, lje_res_farm_idx, lje_res_block_idx, lje_res_crop_client_block_idx;
    drop statistics lje_sample_stats, lje_entity_stats, lje_farm_stats, lje_block_stats;
    create index lje_res_sample_idx on lab_job_entries (sample_key, id) include (location_key) where result_on is not null;
    create index lje_res_entity_idx on lab_job_entries (entity_key, id) include (location_key) where result_on is not null;
    create index lje_res_farm_idx on lab_job_entries (farm_key, id) include (location_key) where result_on is not null;
    create index lje_res_block_idx on lab_job_entries (block_key, id) include (location_key) where result_on is not null;
    create index lje_res_crop_client_block_idx on lab_job_entries (crop_id, entity_key, block_key, id) include (location_key)
      where result_on is not null;
    create index lje_res_crop_block_client_idx on lab_job_entries (crop_id, block_key, entity_key, id) include (location_key)
      where result_on is not null;
    analyze lab_job_entries;
  `.execute(db);
}
