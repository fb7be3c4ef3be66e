import { type Kysely, sql } from 'kysely';

/** Agents and depots get a row version so that two editors never silently overwrite each other. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table agents add column row_version integer not null default 1;
    alter table depots add column row_version integer not null default 1;
  `.execute(db);
}
