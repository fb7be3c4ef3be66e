import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmersSampleEndpoints as farmersEp } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../../../tools/stand-ins/capture-server';

/**
 * Scheduled jobs (JobQueue.every): the capture syncs run on their own every CAPTURE_SYNC_INTERVAL_MINUTES, and
 * a schedule never queues its job while one with its key is queued or running, nor right after one finished.
 */
let app: CaptureStandIn;
let server: TestServer;
let staff: ApiClient;

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 10, soil: 10 });
  // 0.005 minutes: every 300 ms
  server = await startTestServer({ CAPTURE_URL: app.url, CAPTURE_API_KEY: 'cap-key', CAPTURE_SYNC_INTERVAL_MINUTES: '0.005' });
  staff = await signedIn(server.url, await createUser(server.built.deps.db, ['FarmersSampleEntries']));
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jobsOf = (key: string) =>
  server.built.deps.db.selectFrom('background_jobs').select(['id', 'status', 'created_at', 'finished_at']).where('dedupe_key', '=', key).orderBy('id').execute();

describe('scheduled jobs', () => {
  it('syncs the captures on the schedule, as nobody’s job, with no user asking', async () => {
    // the answer that says done is the one checked: every 300 ms the schedule may queue the next run behind it
    let job: Awaited<ReturnType<typeof staff.call<typeof farmersEp.syncStatus>>>['body'] | undefined;
    await expect
      .poll(async () => (job = (await staff.call(farmersEp.syncStatus, {})).body)?.status, { timeout: 15_000, interval: 50 })
      .toBe('done');
    expect(job).toMatchObject({ status: 'done', progress: 100, requestedBy: null, result: { kind: 'soil', ok: true } });
    const stored = await server.built.deps.db.selectFrom('captures').select('id').where('kind', '=', 'soil').execute();
    expect(stored).toHaveLength(10);
  });

  it('queues a scheduled job once per interval, never while one with its key is queued or running', async () => {
    const jobs = server.built.services.jobs;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    jobs.register('test-gate', () => gate);
    jobs.register('test-waiting', async () => 'ran');
    const stopGate = jobs.every('test-gate', {}, 'test:gate', 100);
    // the first turn comes one interval after: then the job runs (held by the gate)
    await expect.poll(async () => (await jobsOf('test:gate')).map((j) => j.status), { timeout: 10_000, interval: 20 }).toEqual(['running']);
    // this server runs one job at a time: a second schedule's job stays queued behind the gate
    const stopWaiting = jobs.every('test-waiting', {}, 'test:waiting', 100);
    await expect.poll(async () => (await jobsOf('test:waiting')).map((j) => j.status), { timeout: 10_000, interval: 20 }).toEqual(['queued']);
    await sleep(600);
    expect((await jobsOf('test:gate')).map((j) => j.status)).toEqual(['running']);
    expect((await jobsOf('test:waiting')).map((j) => j.status)).toEqual(['queued']);

    open();
    await expect.poll(async () => (await jobsOf('test:gate')).length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    await stopGate();
    await stopWaiting();
    const [first, second] = await jobsOf('test:gate');
    expect(first.status).toBe('done');
    // not queued again within half an interval of the last one finishing
    expect(second.created_at.getTime() - first.finished_at!.getTime()).toBeGreaterThanOrEqual(45);
    await expect.poll(async () => (await jobsOf('test:waiting'))[0]?.status, { timeout: 10_000, interval: 20 }).toBe('done');
    // (the schedule may have queued a second one before it was removed: the first is the one that waited)
    expect((await jobs.job((await jobsOf('test:waiting'))[0].id))?.result).toBe('ran');
    // removed schedules queue nothing more
    await expect.poll(async () => (await jobsOf('test:gate')).every((j) => j.status === 'done'), { timeout: 10_000, interval: 20 }).toBe(true);
    const counts = [(await jobsOf('test:gate')).length, (await jobsOf('test:waiting')).length];
    await sleep(400);
    expect([(await jobsOf('test:gate')).length, (await jobsOf('test:waiting')).length]).toEqual(counts);
  });

  it('queues one job for several asking at once, and a new one once it has ended', async () => {
    const jobs = server.built.services.jobs;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    jobs.register('test-once', () => gate.then(() => ({ n: 1 })));
    const ids = await Promise.all([1, 2, 3].map(() => jobs.enqueueOnce('test-once', {}, null, 'test:once')));
    expect(new Set(ids).size).toBe(1);
    open();
    await expect.poll(async () => (await jobs.latest('test:once'))?.status, { timeout: 10_000, interval: 20 }).toBe('done');
    expect(await jobs.latest('test:once')).toMatchObject({ id: ids[0], progress: 100, result: { n: 1 }, requestedBy: null, error: null });
    expect(await jobs.enqueueOnce('test-once', {}, null, 'test:once')).toBeGreaterThan(ids[0]);
  });
});
