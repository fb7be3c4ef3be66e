import { Migrator, sql } from 'kysely';
import type { Db } from '../../db/database';
import { allMigrations } from '../../features';

/** The database's part of readiness: it answers, and every migration the app knows has run. */
export async function databaseReady(db: Db): Promise<boolean> {
  await sql`select 1`.execute(db);
  const migrations = allMigrations();
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const known = await migrator.getMigrations();
  return known.every((m) => m.executedAt !== undefined);
}
