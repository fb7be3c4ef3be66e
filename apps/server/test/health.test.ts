import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { isReady, registerHealth } from '../src/platform/health/health.routes';
import { freshDatabase } from '../../../tests/support/database';
import { type TestServer, startTestServer } from '../../../tests/support/server';

/** GET /healthz and GET /readyz for a load balancer: plain answers, 503 as soon as a dependency fails. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ APP_VERSION: '9.8.7-secret' });
});
afterAll(() => server.close());

async function probe(path: string) {
  const res = await fetch(server.url + path);
  return { status: res.status, text: await res.text(), headers: res.headers };
}

describe('health probes', () => {
  it('answers /healthz and /readyz to anonymous callers, revealing nothing but the file store\'s kind and id', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const r = await probe(path);
      expect(r.status, path).toBe(200);
      // /readyz says which file store is in use (ADR 0108): its kind and random id, not its folder or bucket
      expect(JSON.parse(r.text)).toEqual(path === '/readyz' ? { status: 'ok', fileStore: { kind: 'folder', id: expect.stringMatching(/^[0-9a-f]{32}$/) } } : { status: 'ok' });
      expect(r.text).not.toContain(server.built.deps.config.DATA_DIR);
      expect(r.text).not.toContain('9.8.7');
      expect(r.headers.get('x-powered-by')).toBeNull();
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('is not ready while a migration is pending', async () => {
    const db = server.built.deps.db;
    const last = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const row = last.rows[0];
    await sql`delete from kysely_migration where name = ${row.name}`.execute(db);
    try {
      const r = await probe('/readyz');
      expect(r.status).toBe(503);
      expect(JSON.parse(r.text)).toEqual({ status: 'unavailable' });
      expect((await probe('/healthz')).status).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(db);
    }
    expect((await probe('/readyz')).status).toBe(200);
  });

  it('is not ready once the job queue stopped; the process still answers /healthz', async () => {
    await server.built.services.jobs.stop();
    const r = await probe('/readyz');
    expect(r.status).toBe(503);
    expect(JSON.parse(r.text)).toEqual({ status: 'unavailable' });
    expect((await probe('/healthz')).status).toBe(200);
  });

  it('is not ready when the database is closed', async () => {
    const fresh = await freshDatabase();
    await migrateToLatest(fresh.handle.db);
    const app = Fastify({ logger: false });
    registerHealth(app, { db: fresh.handle.db, jobsRunning: () => true });
    try {
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      await fresh.drop();
      const r = await app.inject({ url: '/readyz' });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ status: 'unavailable' });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is not ready when the database hangs', async () => {
    let asked = 0;
    const executor = {
      transformQuery: (node: unknown) => node,
      compileQuery: (node: unknown) => ({ sql: 'select 1', parameters: [], query: node }),
      executeQuery: () => {
        asked += 1;
        return new Promise(() => undefined);
      },
    };
    const started = Date.now();
    expect(await isReady({ db: { getExecutor: () => executor } as never, jobsRunning: () => true, timeoutMs: 100 })).toBe(false);
    expect(asked).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });
});
