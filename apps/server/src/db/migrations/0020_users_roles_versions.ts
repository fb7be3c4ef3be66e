import { type Kysely, sql } from 'kysely';

/** Row versions for roles and agronomists, so that two edits of one row never silently overwrite each other. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table roles add column row_version integer not null default 1;
    alter table agronomists add column row_version integer not null default 1;
    create index users_role_idx on users (role_id);
    create index user_agronomists_agronomist_idx on user_agronomists (agronomist_id);
  `.execute(db);
}
