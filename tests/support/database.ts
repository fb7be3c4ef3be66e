import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { allMigrations } from '../../apps/server/src/features';

let template: Promise<Blob> | undefined;

/**
 * The template's bytes as a Blob that hands them over in one copy: PGlite reads `loadDataDir` through
 * `arrayBuffer()`, which for Node's own Blob of the 44 MB tarball streams it in small chunks and joins them, about a
 * quarter of the CPU of opening a test database (ADR 0185).
 */
class BytesBlob extends Blob {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    super();
    this.#bytes = bytes;
  }

  override get size(): number {
    return this.#bytes.byteLength;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

/**
 * An embedded database with every migration applied and nothing else, as a data-directory tarball, made once
 * per test process: a test server's database starts from it. Starting PGlite from a data directory skips its
 * initdb, most of a test server's start (about 3 s of 4 on the CI machine), across the ~200 servers a run makes.
 * A checkpoint before the dump leaves no migration WAL for each start to replay (ADR 0185).
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const handle = await openDatabase({});
    try {
      await migrateToLatest(handle.db);
      await sql`checkpoint`.execute(handle.db);
      const tar: Blob = await handle.dumpDataDir!();
      return new BytesBlob(new Uint8Array(await tar.arrayBuffer()));
    } finally {
      await handle.close();
    }
  })();
  return template;
}

/**
 * A fresh, empty database for one test file: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by the returned drop()). `migrated`: an embedded
 * one starts with the migrations applied (from a template made once), as a test server would make it.
 */
export async function freshDatabase(opts: { migrated?: boolean } = {}): Promise<{ handle: DatabaseHandle; url?: string; drop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const handle = await openDatabase(opts.migrated ? { loadDataDir: await migratedTemplate() } : {});
    return { handle, drop: () => handle.close() };
  }
  const { url, drop } = await createServerDatabase(server, opts.migrated ? await serverTemplate(server) : undefined).catch(async (e: unknown) => {
    // another run of other migrations (another checkout on the same server) may have dropped this run's template:
    // it is made again, once
    if (!opts.migrated || !/template database .* does not exist/.test(String(e))) throw e;
    serverTemplateName = undefined;
    return createServerDatabase(server, await serverTemplate(server));
  });
  const handle = await openDatabase({ url });
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      await drop();
    },
  };
}

let serverTemplateName: Promise<string> | undefined;
/** templates of other migration sets kept on the server (other checkouts' runs at the same time), the newest */
const KEPT_TEMPLATES = 3;

/**
 * A database on the server with every migration applied and nothing else, named by a hash of the migrations
 * (their names and code), made once and kept between runs: a test server's database is copied from it (CREATE
 * DATABASE … TEMPLATE, a fraction of a second) instead of running every migration (over 2 s a server). Made
 * under a temporary name and renamed when complete, under an advisory lock, so parallel test processes never
 * copy a half-made one; templates of older migration sets are dropped but the newest few (KEPT_TEMPLATES), which
 * runs of other checkouts on the same server may be copying from (and one that was dropped anyway is made again).
 */
function serverTemplate(serverUrl: string): Promise<string> {
  serverTemplateName ??= (async () => {
    const hash = createHash('sha256');
    for (const [name, m] of Object.entries(allMigrations())) hash.update(`${name}\n${m.up.toString()}\n${m.down?.toString() ?? ''}\n`);
    const name = `sapwood_tpl_${hash.digest('hex').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(7341001)');
      // newest first (a database's oid grows as databases are made)
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'sapwood_tpl_%' order by oid desc`);
      if (!rows.some((r) => r.datname === name)) {
        const building = await createServerDatabase(serverUrl);
        const handle = await openDatabase({ url: building.url });
        try {
          await migrateToLatest(handle.db);
        } catch (e) {
          await handle.close();
          await building.drop();
          throw e;
        }
        await handle.close();
        await admin.query(`alter database ${new URL(building.url).pathname.slice(1)} rename to ${name}`);
      }
      // the newest templates of other migration sets are kept: a run of another checkout may be copying from one now
      for (const old of rows.filter((r) => r.datname !== name).slice(KEPT_TEMPLATES)) {
        await admin.query(`drop database if exists ${old.datname}`).catch(() => undefined); // in use by another run: kept
      }
    } finally {
      await admin.query('select pg_advisory_unlock(7341001)').catch(() => undefined);
      await admin.end();
    }
    return name;
  })();
  return serverTemplateName;
}

/**
 * Creates a database on the server for a test, empty or a copy of `template`; drop() removes it. Copies from one
 * template made at the same moment by two processes may meet ("source database is being accessed"): tried again.
 */
export async function createServerDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sapwood_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
        break;
      } catch (e) {
        if (!template || attempt >= 20 || !/being accessed by other users/.test(String(e))) throw e;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
