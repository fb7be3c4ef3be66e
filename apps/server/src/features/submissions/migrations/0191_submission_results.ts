import { type Kysely, sql } from 'kysely';

/**
 * Submissions, part two (issue 14): the state an archived submission left (restore returns it there) and when
 * it was posted to the farm-management system (null until issue 15 posts it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table submissions
      add column archived_from text check (archived_from in ('Results', 'Completed')),
      add column posted_to_mfw_at timestamptz;
  `.execute(db);
}
