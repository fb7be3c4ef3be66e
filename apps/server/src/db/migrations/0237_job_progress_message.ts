import { type Kysely, sql } from 'kysely';

/** A running job says what it is doing ("Reading the capture app's leaf captures… page 2 of 3"; issue 33). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table background_jobs add column progress_message text`.execute(db);
}
