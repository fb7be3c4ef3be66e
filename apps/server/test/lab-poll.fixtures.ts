import { afterAll, beforeAll, expect } from 'vitest';
import {
  type LabResultView, type LabSubmissionRow, farmersSubmissionEndpoints as farmersEp, farmersSubmissionResultEndpoints as farmersResults,
  submissionEndpoints as ep, submissionResultEndpoints as results,
} from '@sapwood/contracts';
import { SubmissionLabJobs } from '../src/features/submissions/submission-labs.job';
import { createNvirotekClient } from '../src/platform/integrations/nvirotek.client';
import { createWynlandClient } from '../src/platform/integrations/wynland.client';
import { JobQueue } from '../src/platform/jobs/job-queue';
import type { ApiClient } from '../../../tests/support/api-client';
import { type LabReference, seedLabReference } from '../../../tests/support/lab-fixtures';
import { labStandIns } from '../../../tests/support/lab-stand-ins';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import type { NvirotekStandIn } from '../../../tools/stand-ins/nvirotek-server';
import type { WynlandStandIn } from '../../../tools/stand-ins/wynland-server';

/**
 * The world of the outside-lab poll's tests (ADR 0245, 0248, 0254): a server on a real database with the labs' stand-ins
 * and its own poll off, a user holding the submission permissions, and the poll as the server runs it on a queue of
 * its own (never started: a test takes the poll's turns itself, with a chunk of 3). `pollWorld` starts it before a
 * file's tests and closes it after them; its `w` holds the world once started, and its helpers read it.
 */
export interface PollWorld {
  nv: NvirotekStandIn;
  wl: WynlandStandIn;
  server: TestServer;
  staff: ApiClient;
  ref: LabReference;
  poller: SubmissionLabJobs;
  /** the server's log lines (warnings and worse) */
  logged: string[];
}

export type Lab = 'Nvirotek' | 'Wynland' | 'NvirotekFarmer';

export function pollWorld() {
  const stands = labStandIns();
  const box = { logged: [] as string[] } as PollWorld;
  beforeAll(async () => {
    box.nv = stands.nv;
    box.wl = stands.wl;
    box.server = await startTestServer({ ...stands.env(), LAB_POLL_INTERVAL_MINUTES: '0', LOG_LEVEL: 'warn' }, {}, { logStream: { write: (line) => void box.logged.push(line) } });
    box.ref = await seedLabReference(db());
    box.staff = await signedIn(box.server.url, await createUser(db(), [
      'Submissions', 'FarmersSampleSubmissions', 'SubmissionsPrepare', 'SubmissionsWaitingForLab', 'SubmissionsResults',
    ], { name: 'Lab Staff' }));
    const labs = {
      nvirotek: createNvirotekClient({ url: box.nv.url, apiKey: 'nv-key', timeoutMs: 3_000 }),
      wynland: createWynlandClient({ url: box.wl.url, apiKey: 'wl-key', timeoutMs: 3_000 }),
    };
    // the poll as the server runs it, on its database and log, on a queue of its own (never started: the test polls)
    const log = box.server.built.app.log;
    box.poller = new SubmissionLabJobs(db(), new JobQueue(db(), box.server.built.deps.notifier, log), labs, log, { chunk: 3 });
  }, 60_000);
  afterAll(async () => {
    await box.server?.close();
  });

  const db = () => box.server.built.deps.db;
  const submission = (id: number) => db().selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const page = { page: 1, rowsPerPage: 100, search: '', sortBy: '', ascending: false, all: false };
  const leafRow = (sampleNumber: string) => ({
    testDataId: 0, sampleNumber, blockNumber: 'B1', cropId: box.ref.pecan, cultivars: [box.ref.pecanCultivar], growthStage: 'Flowering', organTypeEnum: 'Normal', test: 'StandardItestLeaf',
  });
  const soilRow = (sampleNumber: string) => ({ testDataId: 0, sampleNumber, blockNumber: 'B2', test: 'PBrayIWater' });
  const kindOf = (lab: Lab) => (lab === 'NvirotekFarmer' ? 'soil' : 'leaf');
  const standOf = (lab: Lab) => (lab === 'Wynland' ? box.wl : box.nv);

  async function submit(lab: Lab, clientName: string, sampleNumbers: string[]): Promise<number> {
    const soil = kindOf(lab) === 'soil';
    const r = await box.staff.call(soil ? farmersEp.submit : ep.submit, {
      clientName, farmName: 'Eastside', agentId: box.ref.agentId, depotId: box.ref.depotId, agronomistId: box.ref.agronomistId, dateSent: '2026-11-20', dateSampled: '2026-11-18', lab,
      samples: [sampleNumbers.map(soil ? soilRow : leafRow)],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as { id: number }).id;
  }
  /** Submitted and sent (by the send job the submit queues): its work order and lab job. */
  async function sent(lab: Lab, clientName: string, sampleNumbers: string[]) {
    const id = await submit(lab, clientName, sampleNumbers);
    await expect.poll(async () => (await submission(id)).submission_work_order, { timeout: 15_000, interval: 100 }).not.toBeNull();
    const s = await submission(id);
    return { id, workOrder: s.submission_work_order!, labJobId: s.lab_job_id! };
  }
  const view = async (id: number, lab: Lab) => (await box.staff.call(kindOf(lab) === 'soil' ? farmersResults.getResults : results.getResults, { id })).body as LabResultView;
  /** `n` copies of submission `id` with its samples (rows typed by hand: each copy gets captures of its own), each under its own reference. */
  let copied = 0;
  async function copies(id: number, n: number, patch: (i: number) => { submission_work_order: string | null; lab_job_id: string | null; submitted_at?: Date }): Promise<number[]> {
    const { id: _id, client_key: _c, farm_key: _f, ...s } = await submission(id);
    const rows = Array.from({ length: n }, (_, i) => ({ ...s, reference: `${s.reference}-copy-${++copied}`, lab_work_order: null, error: null, refused: false, ...patch(i) }));
    const ids = (await db().insertInto('submissions').values(rows).returning('id').execute()).map((r) => r.id);
    const samples = await db().selectFrom('submission_samples').selectAll().where('submission_id', '=', id).execute();
    await db().insertInto('submission_samples').values(ids.flatMap((to) => samples.map(({ id: _s, ...x }) => ({ ...x, submission_id: to, capture_id: null })))).execute();
    return ids;
  }

  return {
    w: box, db, submission, kindOf, standOf, submit, sent, view, copies,
    /** Each row's sample number → why it shows no values (SAMPLE_NO_RESULT; absent: it has values). */
    noResults: async (id: number, lab: Lab) => Object.fromEntries((await view(id, lab)).sampleData.map((x) => [x.sample_reference, x.no_result])),
    printed: async (id: number, lab: Lab) => ((await box.staff.call(kindOf(lab) === 'soil' ? farmersResults.print : results.print, { id })).body as { html: string | null }).html ?? '',
    /** Each row's sample number → its lab number ('' until it has results). */
    labNumbers: async (id: number, lab: Lab) => Object.fromEntries((await view(id, lab)).sampleData.map((x) => [x.sample_reference, x.lab_number])),
    historyOf: async (id: number) => (await db().selectFrom('submission_events').select('reason').where('submission_id', '=', id).orderBy('id').execute()).map((e) => e.reason),
    listed: async (id: number, lab: Lab, list: 'waiting' | 'results') => ((await box.staff.call((kindOf(lab) === 'soil' ? farmersEp : ep)[list], page)).body.rows as LabSubmissionRow[]).find((x) => x.id === id),
  };
}
