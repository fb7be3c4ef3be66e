import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leafsEndpoints as ep } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { seedCarbohydrateReference } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../../../tools/stand-ins/capture-server';

/**
 * Issue 33, finding 4: a server killed during a sync left its job `running`, and GET /api/leaf/sync handed back
 * that dead job until a 120 s stale time-out. A running job now holds a 15 s lease its worker renews (ADR
 * 0119): one whose lease lapsed is ended and the next request starts a new sync at once; one whose lease is
 * fresh (a live server's) is left alone and handed back.
 */
let app: CaptureStandIn;
let server: TestServer;
let staff: ApiClient;

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 120, soil: 0 });
  server = await startTestServer({ CAPTURE_URL: app.url, CAPTURE_API_KEY: 'cap-key', CAPTURE_TIMEOUT_MS: '5000' });
  await seedCarbohydrateReference(server.built.deps.db);
  staff = await signedIn(server.url, await createUser(server.built.deps.db, ['Leafs']));
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

/** a leaf sync marked running by a server, its lease last renewed `secondsAgo` */
async function runningJob(secondsAgo: number): Promise<number> {
  const row = await server.built.deps.db
    .insertInto('background_jobs')
    .values({ kind: 'capture-sync', payload: JSON.stringify({ kind: 'leaf' }), created_by: null, dedupe_key: 'capture-sync:leaf', status: 'running', attempts: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`update background_jobs set started_at = now() - make_interval(secs => ${secondsAgo}), heartbeat_at = now() - make_interval(secs => ${secondsAgo}) where id = ${row.id}`.execute(server.built.deps.db);
  return row.id;
}

const jobStatus = async (id: number) => (await server.built.deps.db.selectFrom('background_jobs').select(['status', 'error']).where('id', '=', id).executeTakeFirstOrThrow());

describe('job leases', () => {
  it('a sync whose server died (its lease lapsed 30 s ago) is taken over: the next request starts one that finishes', async () => {
    const dead = await runningJob(30);
    const start = await staff.call(ep.sync, {});
    expect(start.status).toBe(200);
    // a new job; or, had a poll of this server taken the lapsed one over first, that one running again here
    if (start.body.jobId !== dead) expect(await jobStatus(dead)).toEqual({ status: 'failed', error: 'The server running it stopped; it was started again.' });
    for (const deadline = Date.now() + 20_000; ;) {
      const s = (await staff.call(ep.syncStatus, {})).body;
      if (s?.jobId === start.body.jobId && s.status === 'done') {
        expect(s.result).toMatchObject({ ok: true, added: 120 });
        break;
      }
      if (Date.now() > deadline) throw new Error(`the sync was not taken over: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await jobStatus(dead)).status).not.toBe('running');
  });

  it('a running sync says what it is doing: which pages of the capture app it has read (issue 33, finding 5)', async () => {
    // pages 1 and 2 of 3 answer late: the sync is seen between them
    app.delayNext(2, 1000);
    const messages = new Set<string>();
    const start = await staff.call(ep.sync, {});
    for (const deadline = Date.now() + 20_000; ;) {
      const s = (await staff.call(ep.syncStatus, {})).body;
      if (s?.message) messages.add(s.message);
      if (s?.jobId === start.body.jobId && s.status === 'done') {
        expect(s.message).toBeNull();
        break;
      }
      if (Date.now() > deadline) throw new Error(`the sync did not end: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(messages).toContain('Reading the capture app’s leaf captures… 1 of 3 pages read');
  });

  it('a sync whose lease is fresh (a live server is running it) is handed back, not started twice', async () => {
    const live = await runningJob(1);
    try {
      expect((await staff.call(ep.sync, {})).body).toMatchObject({ jobId: live, status: 'running' });
    } finally {
      await server.built.deps.db.updateTable('background_jobs').set({ status: 'failed', finished_at: new Date() }).where('id', '=', live).execute();
    }
  });
});
