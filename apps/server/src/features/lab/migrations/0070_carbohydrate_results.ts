import { type Kysely, sql } from 'kysely';

/**
 * Carbohydrate results screen (issue 4, ADR 0070 location groups): a stored location key per entry and
 * the indexes that keep the paged lists fast at any depth over a million results. Every index is
 * partial on `result_on is not null` (the screen lists measured entries only) and ends with `id`, so
 * each whitelisted ordering is a keyset (seek) over one index. Text columns are indexed lower-cased in the
 * "C" collation, which serves both prefix search (like 'abc%') and ordering.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table lab_job_entries add column location_key text generated always as (
      case when location_group_id is not null then 'M' || lpad(location_group_id::text, 10, '0')
      else 'L' || lpad(lab_job_id::text, 10, '0') || '-' || left(md5(lower(btrim(entity)) || chr(31) || lower(btrim(farm_name))), 12)
      end
    ) stored;

    create index lje_res_id_idx on lab_job_entries (id) where result_on is not null;
    create index lje_res_group_idx on lab_job_entries (location_key desc, id) where result_on is not null;
    create index lje_res_sample_idx on lab_job_entries ((lower(sample_number) collate "C"), id) where result_on is not null;
    create index lje_res_entity_idx on lab_job_entries ((lower(entity) collate "C"), id) where result_on is not null;
    create index lje_res_farm_idx on lab_job_entries ((lower(farm_name) collate "C"), id) where result_on is not null;
    create index lje_res_block_idx on lab_job_entries ((lower(field_block_number) collate "C"), id) where result_on is not null;
    create index lje_res_result_on_idx on lab_job_entries (result_on, id) where result_on is not null;
    create index lje_res_crop_idx on lab_job_entries (crop_id, id) where result_on is not null;
    create index lje_res_stage_idx on lab_job_entries (growth_stage_id, id) where result_on is not null;
    create index lje_res_tissue_idx on lab_job_entries (tissue_id, id) where result_on is not null;

    -- The planner takes no statistics from partial indexes: without these, prefix searches are
    -- estimated at a flat 0.5% and it walks the id index instead of using the matching index.
    create statistics lje_sample_stats on ((lower(sample_number) collate "C")) from lab_job_entries;
    create statistics lje_entity_stats on ((lower(entity) collate "C")) from lab_job_entries;
    create statistics lje_farm_stats on ((lower(farm_name) collate "C")) from lab_job_entries;
    create statistics lje_block_stats on ((lower(field_block_number) collate "C")) from lab_job_entries;
    -- a growth stage implies its crop (and usually its tissue): estimates of combined filters stay sane
    create statistics lje_crop_dep (dependencies) on crop_id, growth_stage_id, tissue_id from lab_job_entries;
  `.execute(db);
}
