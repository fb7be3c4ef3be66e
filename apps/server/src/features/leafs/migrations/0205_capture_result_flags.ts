import { type Kysely, sql } from 'kysely';

/**
 * An outside lab's values outside their bounds are kept with a flag each (issue 31): value code → what is wrong
 * ('Impossible: must not be negative', 'Outside the usual range 0.3–6 %'), shown beside the value on the Lab
 * Result and the Results tabs. Values typed in are never stored out of bounds, so theirs stay empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table capture_results add column flags jsonb not null default '{}'::jsonb`.execute(db);
}
