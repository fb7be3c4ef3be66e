import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config';
import { type FileStorage, type StorageConfig, createStorage } from '../platform/storage/storage';

export const run = promisify(execFile);

/**
 * How pg_dump and pg_restore reach the database without its password on their command line (where every
 * user of the machine can read it in the process list): the URL without the password, which goes in
 * PGPASSWORD instead.
 */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** The file store's folder, as the server uses it (FILES_DIR, default DATA_DIR/files). */
export function filesDirOf(config: Pick<Config, 'DATA_DIR' | 'FILES_DIR'>): string {
  return config.FILES_DIR || join(config.DATA_DIR, 'files');
}

/**
 * The file store as the server uses it (the S3 bucket when S3_BUCKET is set, else the folder), checked
 * first so that a wrong S3 setting fails with a message naming it. Store failures are told on stderr.
 */
export async function openFileStore(config: StorageConfig): Promise<FileStorage> {
  const storage = createStorage(config, { error: (obj, msg) => console.error(`${msg}: ${JSON.stringify(obj)}`) });
  try {
    await storage.verify?.();
  } catch (e) {
    storage.close?.();
    throw e;
  }
  return storage;
}

export const pgliteDirOf = (config: Pick<Config, 'DATA_DIR'>) => join(config.DATA_DIR, 'pglite');

/** The embedded database is single-process: refuse while a server (which writes DATA_DIR/server.pid) runs on it. */
export function assertNotInUse(config: Pick<Config, 'DATA_DIR'>): void {
  const pidFile = join(config.DATA_DIR, 'server.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // a stale file from a server that did not stop cleanly
  }
  throw new Error(`A Sapwood server (process ${pid}) is running on DATA_DIR ${config.DATA_DIR}. The embedded database is single-process: stop the server first.`);
}

/**
 * pg_dump or pg_restore: PG_DUMP / PG_RESTORE when set, else the newest under /usr/lib/postgresql, else the
 * one on PATH. It must be at least the server's major version.
 */
export async function pgTool(name: 'pg_dump' | 'pg_restore', url: string): Promise<string> {
  const candidates: string[] = [];
  const named = process.env[name.toUpperCase()];
  if (named) candidates.push(named);
  else {
    const base = '/usr/lib/postgresql';
    const majors = existsSync(base) ? readdirSync(base).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
    candidates.push(...majors.map((v) => join(base, v, 'bin', name)).filter((p) => existsSync(p)), name);
  }
  let version: number | null = null;
  let bin = '';
  for (const c of candidates) {
    try {
      const { stdout } = await run(c, ['--version']);
      version = Number(/(\d+)(?:\.\d+)?/.exec(stdout)?.[1]);
      bin = c;
      break;
    } catch {
      /* try the next */
    }
  }
  if (!version) {
    const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
    throw new Error(`${name} was not found. Install Debian's PostgreSQL client tools: ${sudo}apt-get install -y postgresql-client (or set ${name.toUpperCase()} to its path)`);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const serverMajor = Math.floor(Number((await client.query<{ v: string }>('show server_version_num')).rows[0].v) / 10000);
    if (version < serverMajor) throw new Error(`${bin} is version ${version}, older than the PostgreSQL server (${serverMajor}); install postgresql-client-${serverMajor} or newer`);
  } finally {
    await client.end();
  }
  return bin;
}

/** User tables of a PostgreSQL database (schema-qualified, quoted), leaving out the system schemas. */
export async function userTables(client: { query: (sql: string) => Promise<{ rows: unknown[] }> }): Promise<string[]> {
  const r = await client.query(
    `select format('%I.%I', table_schema, table_name) as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\\_%'
     order by 1`,
  );
  return (r.rows as { t: string }[]).map((x) => x.t);
}

/** Reads `--force` and the one file argument of a backup/restore command line. */
export function parseArgs(argv: string[], usage: string): { file: string; force: boolean } {
  const force = argv.includes('--force');
  const rest = argv.filter((a) => a !== '--force');
  if (rest.length !== 1 || rest[0].startsWith('-')) {
    console.error(usage);
    process.exit(2);
  }
  return { file: rest[0], force };
}
