import pg from 'pg';
import { countData } from './carbohydrates-data';

/**
 * BENCH_KEEP_DB=name (for profiling between runs): that database is created and loaded once, then
 * reused by later runs and never dropped.
 */
export async function keptDatabase(serverUrl: string, name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('BENCH_KEEP_DB: lower-case letters, digits and _ only');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const loaded = exists && (await countData(url.toString()).catch(() => ({ entries: 0 }))).entries > 0;
  return { url: url.toString(), drop: async () => undefined, loaded };
}

