import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LabResultView, type LabSubmissionRow, type SampleRowInput, submissionEndpoints as ep, submissionResultEndpoints as results } from '@sapwood/contracts';
import { CapturesService } from '../src/features/leafs/captures.service';
import { createCaptureClient } from '../src/platform/integrations/capture.client';
import type { ApiClient } from '../../../tests/support/api-client';
import { type LabReference, seedLabReference } from '../../../tests/support/lab-fixtures';
import { type LabStandIns, labStandIns } from '../../../tests/support/lab-stand-ins';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../../../tools/stand-ins/capture-server';
import type { HostileMode } from '../../../tools/stand-ins/hostile-modes';

/**
 * Issue 33: a lab's answer to the results poll with one bad sample (a NUL, a lone surrogate, 100,000-deep
 * nesting, a wrong type) was refused whole, and no sample of the order got its results, poll after poll. Now the
 * bad sample is refused on its own, told in the submission's history by its sample number and what is wrong
 * (never a database's words), and the others are imported in the same poll.
 */
const stands = labStandIns();
let app: CaptureStandIn;
let server: TestServer;
let staff: ApiClient;
let ref: LabReference;
const db = () => server.built.deps.db;

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 4, soil: 0 });
  server = await startTestServer({
    ...stands.env(), LAB_POLL_INTERVAL_MINUTES: '0.01',
  });
  ref = await seedLabReference(db());
  expect(await new CapturesService(db(), createCaptureClient({ url: app.url, apiKey: 'cap-key', timeoutMs: 5_000 })).sync('leaf', null)).toMatchObject({ ok: true });
  staff = await signedIn(server.url, await createUser(db(), ['Submissions', 'SubmissionsPrepare', 'SubmissionsWaitingForLab', 'SubmissionsResults'], { name: 'Lab Staff' }));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await app?.close();
});

const row = (sampleNumber: string): SampleRowInput => ({
  testDataId: 0, sampleNumber, blockNumber: 'B1', cropId: ref.pecan, cultivars: [ref.pecanCultivar], growthStage: 'Flowering', organTypeEnum: 'Normal', test: 'StandardItestLeaf',
});
const page = { page: 1, rowsPerPage: 100, search: '', sortBy: '', ascending: false, all: false };
const listed = async (id: number) => ((await staff.call(ep.results, page)).body.rows as LabSubmissionRow[]).find((x) => x.id === id);

type Lab = { name: 'Nvirotek' | 'Wynland'; stand: () => LabStandIns['nv'] | LabStandIns['wl']; field: string; orderPath: string };
const LABS: Lab[] = [
  { name: 'Nvirotek', stand: () => stands.nv, field: 'labNumber', orderPath: '/api/v1/orders/' },
  { name: 'Wynland', stand: () => stands.wl, field: 'LabNo', orderPath: '/submissions/' },
];
const MODES: { mode: HostileMode; reason: (field: string) => RegExp; field?: (lab: Lab) => string }[] = [
  { mode: 'record-nul', reason: (f) => new RegExp(`^field '${f}' contains a NUL character$`) },
  { mode: 'record-surrogate', reason: (f) => new RegExp(`^field '${f}' contains a broken Unicode character`) },
  { mode: 'record-deep', reason: (f) => new RegExp(`^field '${f}(\\[0\\])+…?' is nested deeper than 12 levels$`) },
  { mode: 'record-wrong-type', reason: (f) => new RegExp(`^field '${f}' is not text$`) },
  { mode: 'record-wrong-type', field: (lab) => (lab.name === 'Nvirotek' ? 'status' : 'Ready'), reason: (f) => new RegExp(`^field '${f}' is not (valid|true or false)`) },
];
let submissions = 0;
const rows = LABS.flatMap((lab) => MODES.map((m) => ({ lab, ...m, label: `${lab.name} ${m.mode} in ${m.field?.(lab) ?? lab.field}` })));

describe('a lab that sends one bad sample among good ones', () => {
  it.each(rows)('$label: that sample is refused and named in the history, the others imported in the same poll', async ({ lab, mode, reason, field }) => {
    const spoilt = field?.(lab) ?? lab.field;
    const client = `Hostile ${lab.name} ${mode} ${spoilt}`;
    lab.stand().answer({ mode: 'ready' }, { client });
    lab.stand().turnHostile({ mode, field: spoilt, paths: [lab.orderPath] });
    try {
      const numbers = ['BAD', 'GOOD-1', 'GOOD-2'].map((n) => `${n}-${++submissions}`);
      const submitted = await staff.call(ep.submit, {
        clientName: client, farmName: 'Eastside', agentId: ref.agentId, depotId: ref.depotId, agronomistId: ref.agronomistId,
        dateSent: '2026-11-20', dateSampled: '2026-11-18', lab: lab.name, samples: [numbers.map(row)],
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      const id = (submitted.body as { id: number }).id;
      // the good samples' results arrive in a poll, though the first sample of the answer is bad
      await expect.poll(async () => (await db().selectFrom('submissions').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state, { timeout: 20_000, interval: 200 }).toBe('Results');
      const v = (await staff.call(results.getResults, { id })).body as LabResultView;
      const withResults = v.sampleData.filter((x) => x.lab_number !== '').map((x) => x.sample_reference);
      expect(withResults.sort()).toEqual(numbers.slice(1));
      // the bad one is named, with what is wrong, once in the history however many polls read it
      await new Promise((r) => setTimeout(r, 1500));
      const history = (await listed(id))!.history.map((h) => h.reason).filter((r) => r.includes('cannot be read'));
      expect(history).toHaveLength(1);
      const said = new RegExp(`^${lab.name} sent sample ${numbers[0]}, which cannot be read: (.+)\\. It was not imported; the other samples were$`).exec(history[0]);
      expect(said?.[1]).toMatch(reason(spoilt));
      expect(history[0]).not.toMatch(/invalid input syntax|unsupported Unicode|call stack|Invalid input/i);
    } finally {
      lab.stand().turnHostile(null);
    }
  });
});
