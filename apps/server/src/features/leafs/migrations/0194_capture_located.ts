import { type Kysely, sql } from 'kysely';

/**
 * The captures of a submission taken with a location (issue 14: a submission row's `hasLocation`, which the
 * Completed tab's posting needs): one index probe per listed submission instead of a look at each of its
 * captures. The predicate is the one `hasLocation` asks (the location read with the photo, or the one the
 * capture app sent).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index captures_located_idx on captures (submission_id)
      where submission_id is not null and ((latitude is not null and longitude is not null) or jsonb_typeof(mapped -> 'location') = 'object');
  `.execute(db);
}
