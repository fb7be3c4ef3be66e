import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_GROUPS, MAX_MANUAL_ROWS, MAX_SAMPLES_A_GROUP, allEndpoints, labEndpoints, submissionEndpoints as ep, submissionResultEndpoints as results,
} from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, controlsOptional, seedCarbohydrateReference } from '../../../tests/support/carbohydrate-fixtures';
import { declaredRows } from '../../../tests/support/contract-rows';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/**
 * Every limit a contract declares is reachable (issue 36): the multi-row writes run at their contracts' maximums
 * in one request each and answer 200, not 5xx (one bind parameter a value failed above 65,535: ADR 0113). The
 * walk over the registry finds the writes whose requests may hold thousands of rows; each is run here.
 */
const RUN_AT_MAXIMUM = new Set([ep.submit.path, results.updateManual.path, labEndpoints.upsertJob.path, labEndpoints.updateResults.path, labEndpoints.removeResult.path]);

let server: TestServer;
let staff: ApiClient;
let ref: CarbohydrateReference;
let refs: { agentId: number; depotId: number; agronomistId: number };

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  ref = await seedCarbohydrateReference(db);
  // these tests are about results and job states, not QC: a job completes without a control (qc.test.ts covers the requirement)
  await controlsOptional(db);
  const agent = await db.insertInto('agents').values({ name: 'Agent Max' }).returning('id').executeTakeFirstOrThrow();
  const depot = await db.insertInto('depots').values({ name: 'Max depot' }).returning('id').executeTakeFirstOrThrow();
  const agronomist = await db.insertInto('agronomists').values({ name: 'Dr Max' }).returning('id').executeTakeFirstOrThrow();
  refs = { agentId: agent.id, depotId: depot.id, agronomistId: agronomist.id };
  staff = await signedIn(server.url, await createUser(db, ['Submissions', 'SubmissionsPrepare', 'SubmissionsWaitingForLab', 'SubmissionsResults', 'LabJobs'], { name: 'Max Staff' }));
}, 60_000);
afterAll(() => server?.close());

describe('contract limits', () => {
  it('finds the writes whose contracts allow thousands of rows a request', () => {
    const large = allEndpoints.filter((e) => e.writes !== 'nothing' && declaredRows(e.input) >= 2000).map((e) => e.path);
    // a write of many rows is run at its maximum below (farmers' submissions share the leaf code path)
    for (const path of RUN_AT_MAXIMUM) expect(large, path).toContain(path);
    expect(declaredRows(ep.submit.input)).toBe(MAX_GROUPS * MAX_SAMPLES_A_GROUP);
    expect(declaredRows(results.updateManual.input)).toBe(MAX_MANUAL_ROWS);
  });

  it(`a submission of ${MAX_GROUPS} groups of ${MAX_SAMPLES_A_GROUP} samples, then ${MAX_MANUAL_ROWS} manual rows saved at once`, async () => {
    const samples = Array.from({ length: MAX_GROUPS }, (_, g) => Array.from({ length: MAX_SAMPLES_A_GROUP }, (_, i) => ({
      testDataId: 0, sampleNumber: `X${g}-${i}`, blockNumber: `B${i % 12}`, cropId: ref.crop.id, cultivars: [ref.cultivars[0].id],
      growthStage: 'Flowering', organTypeEnum: 'Normal', test: 'StandardItestLeaf', optionalTests: [], notes: i % 2 ? 'with "quotes", {braces}' : '',
    })));
    const r = await staff.call(ep.submit, {
      clientName: 'Max Orchards', farmName: 'Max farm', ...refs, dateSent: '2026-11-20', dateSampled: '2026-11-18', lab: 'Manual', samples,
    });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const id = (r.body as { id: number }).id;
    const stored = await server.built.deps.db.selectFrom('submission_samples').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('submission_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(MAX_GROUPS * MAX_SAMPLES_A_GROUP);
    const odd = await server.built.deps.db.selectFrom('submission_samples').select(['notes', 'cultivar_ids']).where('submission_id', '=', id)
      .where('sample_number', '=', 'X49-499').executeTakeFirstOrThrow();
    expect(odd).toEqual({ notes: 'with "quotes", {braces}', cultivar_ids: [ref.cultivars[0].id] });

    const sheet = await staff.call(results.sampleNumbers, { submissionId: id });
    expect(sheet.status).toBe(200);
    const rows = (sheet.body as { rows: { sampleId: number; rowVersion: number }[] }).rows.slice(0, MAX_MANUAL_ROWS);
    const saved = await staff.call(results.updateManual, {
      submissionId: id, submit: false,
      manualResult: rows.map((x, i) => ({ sampleId: x.sampleId, labNumber: `L${i}`, values: { N: 2.5, P: 0.2, K: 1.1, Fe: 80 }, rowVersion: x.rowVersion })),
    });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
    expect((saved.body as { rows: unknown[] }).rows).toHaveLength(MAX_MANUAL_ROWS);
  }, 180_000);

  it('a full job card: 2000 entries saved, their results set, then removed, one request each', async () => {
    const max = declaredRows(labEndpoints.upsertJob.input);
    const entries = Array.from({ length: max }, (_, i) => ({
      sampleNumber: `J${i}`, entity: 'Acme', agent: 'Agent A', agronomist: 'Dr B', farmName: 'Farm 1', fieldBlockNumber: 'B7',
      sampleDate: '2026-10-01T08:00:00.000Z', tissueId: ref.tissues.roots.id, cropId: ref.crop.id, cultivarId: ref.cultivars[0].id,
      regionId: ref.region.id, testCarboCropGrowthId: ref.stages[0].id,
    }));
    const job = await staff.call(labEndpoints.upsertJob, { id: 0, receivedOn: '2026-11-02', entries });
    expect(job.status, JSON.stringify(job.body).slice(0, 300)).toBe(200);
    const data = await staff.call(labEndpoints.jobData, { id: job.body.id });
    const rows = (data.body as { testCarbohydrateLabResults: { id: number; rowVersion: number }[] }).testCarbohydrateLabResults;
    expect(rows).toHaveLength(max);
    const set = await staff.call(labEndpoints.updateResults, {
      jobId: job.body.id, entries: rows.map((x, i) => ({ id: x.id, sugar: 4 + (i % 5), starch: 9, na: false, rowVersion: x.rowVersion })),
    });
    expect(set.status, JSON.stringify(set.body).slice(0, 300)).toBe(200);
    const removed = await staff.call(labEndpoints.removeResult, rows.map((x) => x.id));
    // results set: removing them asks for the dialog's reason (400), never 5xx
    expect([200, 400]).toContain(removed.status);
  }, 120_000);
});
