import { sql } from 'kysely';
import type { Db } from '../../db/database';

export async function recordStartedVersion(db: Db, version: string): Promise<void> {
  await db
    .insertInto('app_versions')
    .values({ version })
    .onConflict((oc) => oc.column('version').doUpdateSet({ started_at: sql`now()` }))
    .execute();
}

export async function latestVersion(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('app_versions').select('version').orderBy('started_at', 'desc').limit(1).executeTakeFirst();
  return row?.version;
}
