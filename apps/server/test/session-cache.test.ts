import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, userEndpoints as api } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { createServerDatabase } from '../../../tests/support/database';
import { POSTGRES_SERVER_URL, type ServerProcess, startServerProcess } from '../../../tests/support/process';
import { ADMIN } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { type DatabaseHandle, openDatabase } from '../src/db/database';

/**
 * Each process keeps resolved sessions for a while (ADR 0009; a minute here, so that only the
 * database's notice can explain an answer that changes sooner). A change made through one process
 * reaches a session kept by the other at once.
 */
describe('sessions kept by two server processes on one PostgreSQL database', () => {
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  let filesDir: string;

  beforeAll(async () => {
    const db = await createServerDatabase(POSTGRES_SERVER_URL);
    drop = db.drop;
    database = await openDatabase({ url: db.url });
    // the servers of a database share one file store (ADR 0108)
    filesDir = await mkdtemp(join(tmpdir(), 'sapwood-sessions-files-'));
    a = await startServerProcess({ DATABASE_URL: db.url, FILES_DIR: filesDir, SESSION_CACHE_SECONDS: '60' });
    b = await startServerProcess({ DATABASE_URL: db.url, FILES_DIR: filesDir, SESSION_CACHE_SECONDS: '60' });
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.close();
    await drop?.();
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  /** the same session (cookie) on the other process */
  const onB = (client: ApiClient) => Object.assign(new ApiClient(b.url), { cookie: client.cookie });

  it('signing out through A ends the session on B', async () => {
    const admin = await signedIn(a.url, ADMIN);
    const second = await signedIn(a.url, ADMIN);
    const viaB = onB(second);
    expect((await viaB.call(api.index)).status).toBe(200);
    expect((await viaB.call(api.index)).status).toBe(200);
    expect((await second.call(authEndpoints.logout)).status).toBe(200);
    await expect.poll(async () => (await viaB.call(api.index)).status, { timeout: 5_000, interval: 50 }).toBe(401);
    expect((await admin.call(api.index)).status).toBe(200);
  });

  it("deactivating a user through A ends that user's session on B", async () => {
    const admin = await signedIn(a.url, ADMIN);
    const creds = await createUser(database.db, ['Users']);
    const them = await signedIn(b.url, creds);
    expect((await them.call(api.index)).status).toBe(200);
    expect((await them.call(api.index)).status).toBe(200);
    expect((await admin.call(api.quickUpdate, { id: creds.id, active: false })).status).toBe(200);
    await expect.poll(async () => (await them.call(api.index)).status, { timeout: 5_000, interval: 50 }).toBe(401);
  });
});
