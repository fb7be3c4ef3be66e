import { type Kysely, sql } from 'kysely';

/**
 * The capture lists on the keyset engine (ADR 0084, like the carbohydrate lists of ADR 0071): the text
 * columns a list sorts or searches by as stored lower-cased copies in the "C" collation (a prefix is an
 * index range), Date Captured as a key that is never null (a capture without one sorts first, as 1970),
 * and one index per sort and searched key within a kind and state, each ending with id. They replace the
 * sample, client and captured indexes of migration 0182.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table captures
      add column sample_key text collate "C" generated always as (lower(sample_number)) stored,
      add column client_key text collate "C" generated always as (lower(client_name)) stored,
      add column farm_key text collate "C" generated always as (lower(farm_name)) stored,
      add column block_key text collate "C" generated always as (lower(block_number)) stored,
      add column captured_key timestamptz generated always as (coalesce(captured_at, '1970-01-01T00:00:00Z'::timestamptz)) stored;
    drop index captures_list_captured_idx, captures_list_sample_idx, captures_list_client_idx;
    create index captures_list_id_idx on captures (kind, status, id) where refused_reason is null;
    create index captures_list_captured_idx on captures (kind, status, captured_key, id) where refused_reason is null;
    create index captures_list_sample_idx on captures (kind, status, sample_key, id) where refused_reason is null;
    create index captures_list_client_idx on captures (kind, status, client_key, id) where refused_reason is null;
    create index captures_list_farm_idx on captures (kind, status, farm_key, id) where refused_reason is null;
    create index captures_list_block_idx on captures (kind, status, block_key, id) where refused_reason is null;
    analyze captures;
  `.execute(db);
}
