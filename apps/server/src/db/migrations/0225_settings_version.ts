import { type Kysely, sql } from 'kysely';

/** The settings row carries a version like every other edited record: a save over a newer one answers 409 (ADR 0110). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settings add column row_version integer not null default 1`.execute(db);
}
