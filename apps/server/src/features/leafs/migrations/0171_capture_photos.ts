import { type Kysely, sql } from 'kysely';

/** A capture's photo (kept in the file store, see platform/images/stored-images.ts) and where it was taken. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table captures
      add column photo_path text,
      add column latitude double precision,
      add column longitude double precision;
  `.execute(db);
}
