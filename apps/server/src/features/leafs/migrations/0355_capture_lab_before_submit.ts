import { type Kysely, sql } from 'kysely';

/**
 * The lab a capture showed before a submission took it (ADR 0251 gives a submitted capture the lab its
 * submission went to): kept while the capture is submitted, so that deleting the submission gives the capture
 * back with the lab it had, not the one it was sent to (a Wynland sample typed into a Manual submission would
 * otherwise come back as Manual, and no Wynland submission would take it). Null: not submitted, or submitted
 * before this column (such a capture keeps the lab it shows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table captures add column lab_before_submit text`.execute(db);
}
