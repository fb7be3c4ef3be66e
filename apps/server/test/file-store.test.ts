import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/support/database';
import { ADMIN } from '../../../tests/support/server';
import { type BuiltApp, buildApp } from '../src/app';
import { loadConfig } from '../src/config';

/**
 * Several app servers keep their files in one store (issue 32, finding 6): each server records its file store in
 * the database at start, and one whose store is not the others' refuses to start, naming FILES_DIR and S3_BUCKET,
 * rather than keep files the others cannot find. /readyz says which store a server uses. Two apps in this process
 * over one database (PGlite, or the PostgreSQL server with TEST_DATABASE_URL), as two servers behind a balancer.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
const temps: string[] = [];
const apps: BuiltApp[] = [];

function temp(): string {
  const d = mkdtempSync(join(tmpdir(), 'sapwood-store-test-'));
  temps.push(d);
  return d;
}

async function start(env: Record<string, string>): Promise<BuiltApp> {
  const config = loadConfig({ DATA_DIR: temp(), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent', ...env });
  const built = await buildApp(config, { database: db.handle });
  apps.push(built);
  return built;
}

async function readiness(built: BuiltApp): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const r = await built.app.inject({ url: '/readyz' });
  return { status: r.statusCode, body: r.json(), text: r.body };
}

beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await db?.drop();
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

describe('one file store for every server of a database', () => {
  let shared: string;
  let first: BuiltApp;

  it('records the first server\'s store, and /readyz says which store is in use (its kind and id, not its path)', async () => {
    shared = temp();
    first = await start({ FILES_DIR: shared });
    const ready = await readiness(first);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', fileStore: { kind: 'folder', id: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect(ready.text).not.toContain(shared);
  });

  it('a second server with the same FILES_DIR starts, and reports the same store', async () => {
    const second = await start({ FILES_DIR: shared });
    expect((await readiness(second)).body).toEqual((await readiness(first)).body);
  });

  it('the same folder reached by another path (a mount elsewhere) is the same store', async () => {
    const elsewhere = join(temp(), 'mounted-here');
    symlinkSync(shared, elsewhere);
    const third = await start({ FILES_DIR: elsewhere });
    expect((await readiness(third)).body).toEqual((await readiness(first)).body);
  });

  it('a server with its own DATA_DIR and no FILES_DIR refuses to start, naming FILES_DIR and S3_BUCKET', async () => {
    const refused = start({});
    await expect(refused).rejects.toThrow(/FILES_DIR/);
    await expect(refused).rejects.toThrow(/S3_BUCKET/);
    await expect(refused).rejects.toThrow(/not the file store the other servers of this database use/);
  });

  it('a server with another FILES_DIR refuses to start too, and the first keeps serving', async () => {
    const other = temp();
    await expect(start({ FILES_DIR: other })).rejects.toThrow(/FILES_DIR.*S3_BUCKET|S3_BUCKET.*FILES_DIR/s);
    expect((await readiness(first)).status).toBe(200);
  });
});
