import { type Kysely, sql } from 'kysely';

/**
 * What this database was set up with (issue 32), one row:
 * - `demo_seeded_at`: when demo data was seeded into it because it was asked for (SEED_DEMO, which `npm start` sets
 *   on a new embedded database). Demo users sign in only where it is set (platform/auth/demo-accounts.ts); a
 *   database seeded before this migration counts as not seeded for demo.
 * - `file_store_*`: the file store its servers keep their files in, recorded by the first server to start (its
 *   id is also written into the store itself); a server whose store is another refuses to start
 *   (platform/storage/store-record.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table installation (
      id smallint primary key default 1 check (id = 1),
      demo_seeded_at timestamptz,
      file_store_id text,
      file_store_kind text check (file_store_kind in ('folder', 'bucket')),
      file_store_description text,
      file_store_recorded_at timestamptz
    );
    insert into installation (id) values (1);
  `.execute(db);
}
