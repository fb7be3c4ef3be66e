import { type Kysely, sql } from 'kysely';

/** Languages and keys (issue 3): row versions so that two saves never silently overwrite each other. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table languages add column row_version integer not null default 1;
    alter table language_keys add column row_version integer not null default 1;
    create index language_texts_language_idx on language_texts (language_id);
  `.execute(db);
}
