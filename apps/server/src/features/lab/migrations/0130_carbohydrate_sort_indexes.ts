import { type Kysely, sql } from 'kysely';

/**
 * Every column of the carbohydrate results list with data sorts (issue 18). Field Date, Sugar and Starch
 * sort from an index each, partial on `result_on is not null` and ending with id like those of migration
 * 0070; Sugar and Starch by `coalesce(value, -1)` (N/A first), the very expression the list's sort names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index lje_res_sample_date_idx on lab_job_entries (sample_date, id) where result_on is not null;
    create index lje_res_sugar_idx on lab_job_entries ((coalesce(sugar, -1)), id) where result_on is not null;
    create index lje_res_starch_idx on lab_job_entries ((coalesce(starch, -1)), id) where result_on is not null;
  `.execute(db);
}
