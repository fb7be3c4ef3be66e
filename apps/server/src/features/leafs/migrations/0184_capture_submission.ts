import { type Kysely, sql } from 'kysely';

/**
 * A capture submitted to a lab (issue 13): the submission it went with and when. Completed captures carry
 * both; a submission deleted before a lab took it gives its captures back to Not Completed. The foreign key
 * to submissions is added by the submissions feature's own migration (0190), which comes later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table captures add column submission_id integer, add column submitted_at timestamptz;
    create index captures_submission_idx on captures (submission_id) where submission_id is not null;
  `.execute(db);
}
