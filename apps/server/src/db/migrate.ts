import { type Migration, Migrator, sql } from 'kysely';
import { allMigrations } from '../features';
import type { Db } from './database';

/**
 * Whether the database has run exactly these migrations, no more and no fewer: one read of Kysely's own record
 * (a database without the record, or with a migration this server does not know, answers no). The migrator
 * reads the schema's catalogue before it looks (measured at a quarter of a restart's time, ADR 0175), so a
 * start with nothing to run asks this first.
 */
async function allRun(db: Db, migrations: Record<string, Migration>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const names = Object.keys(migrations);
    return rows.length === names.length && rows.every((r) => Object.hasOwn(migrations, r.name));
  } catch {
    return false;
  }
}

/** Runs every migration not yet run: the core ones and each feature module's own (sorted by name). */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrations = allMigrations();
  if (await allRun(db, migrations)) return;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
