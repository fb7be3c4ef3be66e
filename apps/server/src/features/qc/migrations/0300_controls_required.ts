import { type Kysely, sql } from 'kysely';

/**
 * Controls become required (issue 37, ADR 0160): a job completes only with a control result unless the lab's QC
 * setting says controls are optional. The jobs that exist when this runs keep completing as before (a lab that
 * ran without controls must not see its completed jobs fall back to current): `controls_required_from_job` is
 * the first job the requirement applies to. A lab that had switched the requirement on already keeps it for
 * every job; a new database requires controls of every job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table qc_settings add column controls_required_from_job integer not null default 1;
    update qc_settings
       set controls_required_from_job = (select coalesce(max(id), 0) + 1 from lab_jobs),
           controls_optional = false,
           row_version = row_version + 1
     where id = 1 and controls_optional;
    insert into qc_settings (id, controls_optional) values (1, false) on conflict (id) do nothing;
  `.execute(db);
}
