import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { registerDirectReads } from './direct-reads';
import { PGlitePool } from './pglite-pool';
import { PreparingClient } from './prepared';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Something that can carry a notification to every server process sharing the database. */
export interface Notifier {
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  notifier: Notifier;
  close(): Promise<void>;
  /** the embedded database's whole data directory as a tarball (PGlite only): `openDatabase({ loadDataDir })` starts from it */
  dumpDataDir?: () => Promise<Blob>;
}

// Numbers come back as numbers and dates as 'YYYY-MM-DD' strings on both engines.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);

/**
 * `template`: a tarball of an embedded database with every migration run (db/template.ts, written by the server's
 * build), loaded when `dataDir` holds no database yet; a path that does not exist is ignored.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; loadDataDir?: Blob; template?: string }): Promise<DatabaseHandle> {
  if (opts.url) return openPostgres(opts.url);
  const fresh = !opts.loadDataDir && opts.dataDir && opts.template && !existsSync(`${opts.dataDir}/pglite/PG_VERSION`) && existsSync(opts.template);
  return openPGlite(opts.dataDir, fresh ? new Blob([readFileSync(opts.template as string)]) : opts.loadDataDir);
}

/**
 * PGlite's start arguments with a 32 MB buffer pool instead of PostgreSQL's 128 MB (ADR 0241): PGlite's
 * WebAssembly build makes its shared memory zeroed page by page at every open, and the 128 MB pool was a
 * third of a restart's CPU. The data files are read through the operating system's cache past the pool.
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

async function openPGlite(dataDir?: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // DATA_DIR/server.pid tells npm run backup / restore that a process has the embedded database open.
  const pidFile = dataDir ? `${dataDir}/server.pid` : null;
  if (pidFile) writeFileSync(pidFile, `${process.pid}\n`);
  const lite = await PGlite.create(dataDir ? `${dataDir}/pglite` : undefined, {
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v), [DATE]: (v: string) => v },
    startParams: PGLITE_START,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(lite) as never }) });
  const notifier: Notifier = {
    async listen(channel, onMessage) {
      await lite.listen(channel, onMessage);
    },
    async notify(channel, payload) {
      await lite.query('select pg_notify($1, $2)', [channel, payload]);
    },
  };
  return {
    db,
    kind: 'pglite',
    notifier,
    dumpDataDir: () => lite.dumpDataDir('none'),
    async close() {
      await db.destroy();
      await lite.close();
      if (pidFile && existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(process.pid)) rmSync(pidFile, { force: true });
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_MAX ?? 20), Client: PreparingClient });
  // An idle connection that the server ends (restart, administrator, a dropped test database) is dropped
  // by the pool, which opens a new one on demand; without this listener its error would crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // as Kysely's driver runs a statement (pool.query would end the connection on a statement's error), by callbacks:
  // one promise a read, where connect's and query's own promises and an async function's were three more promises
  // and two turns of the microtask queue on every list read
  registerDirectReads(db, (text, values) => new Promise((resolve, reject) => {
    pool.connect((err, client, release) => {
      if (err || !client) return reject(err ?? new Error('no connection'));
      const done = (failed: Error | null, result?: pg.QueryResult) => {
        release();
        if (failed || !result) reject(failed ?? new Error('no result'));
        else resolve(result);
      };
      try {
        (client as unknown as PreparingClient).read(text, values, done);
      } catch (thrown) {
        done(thrown instanceof Error ? thrown : new Error(String(thrown)));
      }
    });
  }));
  let listener: pg.Client | null = null;
  const handlers = new Map<string, ((payload: string) => void)[]>();
  let closed = false;

  async function connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => {
      for (const fn of handlers.get(msg.channel) ?? []) fn(msg.payload ?? '');
    });
    client.on('error', () => {
      listener = null;
      if (!closed) setTimeout(() => void connectListener().catch(() => undefined), 1000);
    });
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`listen "${channel}"`);
    listener = client;
  }

  const notifier: Notifier = {
    async listen(channel, onMessage) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel ${channel}`);
      const list = handlers.get(channel) ?? [];
      list.push(onMessage);
      handlers.set(channel, list);
      if (!listener) await connectListener();
      else if (list.length === 1) await listener.query(`listen "${channel}"`);
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
  };
  return {
    db,
    kind: 'postgres',
    notifier,
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await db.destroy();
    },
  };
}
