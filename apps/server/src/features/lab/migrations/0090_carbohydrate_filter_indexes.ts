import { type Kysely, sql } from 'kysely';

/**
 * Composite indexes for the common filter combinations of the carbohydrate results screen (issue 4
 * benchmark). With these, a filtered list counts and pages its matches from the index alone (an
 * index-only scan) instead of visiting every row of the crop:
 * - Crop, then Client and Field Block Number (prefix matches, lower-cased in the "C" collation);
 * - Crop, then Growth Stage and Organ.
 * Both partial on `result_on is not null` and ending with id, like the indexes of migration 0070.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index lje_res_crop_client_block_idx on lab_job_entries
      (crop_id, (lower(entity) collate "C"), (lower(field_block_number) collate "C"), id) where result_on is not null;
    create index lje_res_crop_stage_tissue_idx on lab_job_entries (crop_id, growth_stage_id, tissue_id, id) where result_on is not null;
  `.execute(db);
}
