import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';

let template: Promise<Blob> | undefined;

/**
 * An embedded database with every migration applied and nothing else, as a data-directory tarball, made once
 * per test process: a test server's database starts from it. Starting PGlite from a data directory skips its
 * initdb, most of a test server's start (about 3 s of 4 on the CI machine), across the ~200 servers a run makes.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const handle = await openDatabase({});
    try {
      await migrateToLatest(handle.db);
      return await handle.dumpDataDir!();
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
  const { url, drop } = await createServerDatabase(server);
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

/** Creates an empty database on the server for a test; drop() removes it. */
export async function createServerDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sapwood_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
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
