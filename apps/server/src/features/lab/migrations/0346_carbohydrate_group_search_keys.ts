import { type Kysely, sql } from 'kysely';

/**
 * The grouped carbohydrate results list's index (location key, then id) carries the four searched text keys
 * of migration 0110 (issue 36, ADR 0232). A search first walks the list in this index's order, testing each
 * row against the search (db/keyset/search-page.ts): with the keys in the index that walk reads the index
 * alone (an index-only scan), not one table row for each index entry. Made under a new name, then the old
 * index dropped, so running it again changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index if not exists lje_res_group_keys_idx on lab_job_entries (location_key desc, id)
      include (sample_key, entity_key, farm_key, block_key) where result_on is not null;
    drop index if exists lje_res_group_idx;
  `.execute(db);
}
