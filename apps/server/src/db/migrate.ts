import { Migrator } from 'kysely';
import { allMigrations } from '../features';
import type { Db } from './database';

/** Runs every migration not yet run: the core ones and each feature module's own (sorted by name). */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrations = allMigrations();
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
