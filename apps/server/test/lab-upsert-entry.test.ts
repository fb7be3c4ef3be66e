import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labEndpoints } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { listAudit } from '../src/platform/audit/audit.repository';

/** POST /api/lab/upsertcarbohydrateresult: one entry of a job card saved on its own. */
let server: TestServer;
let lab: ApiClient;
let plain: ApiClient;
let ref: CarbohydrateReference;
let userId: number;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  ref = await seedCarbohydrateReference(db);
  const creds = await createUser(db, ['LabJobs'], { name: 'Lab Tech' });
  userId = creds.id;
  lab = await signedIn(server.url, creds);
  plain = await signedIn(server.url, await createUser(db, ['Settings']));
});
afterAll(() => server.close());

const save = (body: Record<string, unknown>) => lab.call(labEndpoints.upsertCarbohydrateResult, body);

function entry(sampleNumber: string, patch: Record<string, unknown> = {}) {
  return {
    sampleNumber, entity: 'Acme', agent: 'Agent A', agronomist: 'Dr B', farmName: 'Farm 1', fieldBlockNumber: 'B7',
    sampleDate: '2026-10-01T08:00:00.000Z', tissueId: ref.tissues.roots.id, cropId: ref.crop.id, cultivarId: ref.cultivars[0].id,
    regionId: ref.region.id, testCarboCropGrowthId: ref.stages[0].id, ...patch,
  };
}

type CardEntry = { id: number; rowVersion: number; sampleNumber: string; entity: string; farmName: string };
async function card(jobId: number): Promise<{ rowVersion: number; receivedOn: string; entries: CardEntry[] }> {
  const r = await lab.call(labEndpoints.getData, { id: jobId });
  expect(r.status).toBe(200);
  return r.body;
}

/** A job with two entries, A1 and A2, the first with a result; answers the job card as loaded. */
async function jobWithTwoEntries() {
  const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'A1', sugar: 2, starch: 3 }, { sampleNumber: 'A2' }] });
  return { jobId, loaded: await card(jobId) };
}

/** The loaded entry as the form would send it back, with some fields changed. */
function edited(e: CardEntry & Record<string, unknown>, patch: Record<string, unknown> = {}) {
  const { resolved: _r, labResultsId: _l, hasResult: _h, ...fields } = e;
  return { ...fields, ...patch };
}

describe('adding an entry', () => {
  it('adds it after the last entry, audits it and bumps the job version', async () => {
    const { jobId, loaded } = await jobWithTwoEntries();
    const r = await save({ jobId, jobRowVersion: loaded.rowVersion, entry: entry('A3', { entity: '  Added Co ' }) });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: expect.any(Number), rowVersion: 1, jobRowVersion: loaded.rowVersion + 1 });

    const now = await card(jobId);
    expect(now.rowVersion).toBe(loaded.rowVersion + 1);
    expect(now.entries.map((e) => e.sampleNumber)).toEqual(['A1', 'A2', 'A3']);
    expect(now.entries[2]).toMatchObject({ id: r.body.id, rowVersion: 1, entity: 'Added Co', hasResult: false, regionId: ref.region.id });

    const audit = await listAudit(server.built.deps.db, 'lab_job_entry', r.body.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', user_id: userId });
    expect(audit[0].new_values).toMatchObject({ jobId, sampleNumber: 'A3', entity: 'Added Co' });
  });

  it('makes a job card opened before the save get 409 on its next save', async () => {
    const { jobId, loaded } = await jobWithTwoEntries();
    expect((await save({ jobId, entry: entry('A3') })).status).toBe(200);
    const stale = await lab.call(labEndpoints.upsertJob, {
      id: jobId, rowVersion: loaded.rowVersion, receivedOn: loaded.receivedOn, entries: loaded.entries.map((e) => edited(e as CardEntry & Record<string, unknown>)),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    expect((await card(jobId)).entries.map((e) => e.sampleNumber)).toEqual(['A1', 'A2', 'A3']);
  });
});

describe('editing an entry', () => {
  it('updates the entry, keeps its result and place, and audits only what changed', async () => {
    const { jobId, loaded } = await jobWithTwoEntries();
    const first = loaded.entries[0] as CardEntry & Record<string, unknown>;
    const r = await save({ jobId, jobRowVersion: loaded.rowVersion, entry: edited(first, { entity: 'Renamed', farmName: 'Hilltop' }) });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: first.id, rowVersion: first.rowVersion + 1, jobRowVersion: loaded.rowVersion + 1 });

    const now = await card(jobId);
    expect(now.entries.map((e) => `${e.sampleNumber}:${e.entity}:${e.farmName}`)).toEqual(['A1:Renamed:Hilltop', 'A2:Green Valley Farms:Riverside']);
    const results = (await lab.call(labEndpoints.jobData, { id: jobId })).body.testCarbohydrateLabResults;
    expect(results[0]).toMatchObject({ sampleNumber: 'A1', sugar: 2, starch: 3 });

    const audit = await listAudit(server.built.deps.db, 'lab_job_entry', first.id);
    expect(audit.map((a) => a.action)).toEqual(['update']);
    expect(audit[0]).toMatchObject({
      user_id: userId,
      old_values: { entity: 'Green Valley Farms', farmName: 'Riverside' },
      new_values: { entity: 'Renamed', farmName: 'Hilltop' },
    });
  });

  it('writes nothing when nothing changed', async () => {
    const { jobId, loaded } = await jobWithTwoEntries();
    const second = loaded.entries[1] as CardEntry & Record<string, unknown>;
    const r = await save({ jobId, entry: edited(second) });
    expect(r.body).toEqual({ id: second.id, rowVersion: second.rowVersion, jobRowVersion: loaded.rowVersion });
    expect((await card(jobId)).rowVersion).toBe(loaded.rowVersion);
    expect(await listAudit(server.built.deps.db, 'lab_job_entry', second.id)).toEqual([]);
  });
});

describe('refusals', () => {
  it.each([
    ['entity', { entity: ' ' }, 'Entity required'],
    ['agent', { agent: '' }, 'Agent required'],
    ['agronomist', { agronomist: '' }, 'Agronomist required'],
    ['farmName', { farmName: '' }, 'Farm name required'],
    ['fieldBlockNumber', { fieldBlockNumber: '' }, 'Field block number required'],
    ['testCarboCropGrowthId', { testCarboCropGrowthId: 0 }, 'Growth required'],
    ['tissueId', { tissueId: 0 }, 'Tissue required'],
    ['cropId', { cropId: 0 }, 'Crop required'],
    ['cultivarId', { cultivarId: null }, 'Cultivar required'],
    ['sampleNumber', { sampleNumber: ' ' }, 'Sample number required'],
    ['tissueId', { tissueId: 999999 }, 'Tissue not found'],
    ['testCarbohydrateId', { testCarbohydrateId: 999999 }, 'Matched sample not found'],
  ])('refuses a bad %s with 400 naming the field', async (field, patch, message) => {
    const { jobId, loaded } = await jobWithTwoEntries();
    const r = await save({ jobId, entry: entry('V1', patch) });
    expect(r.status).toBe(400);
    expect(r.body.fields).toContainEqual({ field: `entry.${field}`, message });
    expect((await card(jobId)).entries).toHaveLength(loaded.entries.length);
  });

  it('refuses a sample number another entry of the job already has (spaces and case do not count), adding or editing', async () => {
    const { jobId, loaded } = await jobWithTwoEntries();
    const added = await save({ jobId, entry: entry(' a2 ') });
    expect(added.status).toBe(400);
    expect(added.body.fields).toEqual([{ field: 'entry.sampleNumber', message: 'Sample number is already used by another entry of this job' }]);
    const second = loaded.entries[1];
    const renamed = await save({ jobId, entry: edited(second, { sampleNumber: 'A1' }) });
    expect(renamed.status).toBe(400);
    expect(renamed.body.fields).toEqual([{ field: 'entry.sampleNumber', message: 'Sample number is already used by another entry of this job' }]);
    // an entry keeps its own sample number; another job may have it too
    expect((await save({ jobId, entry: edited(second, { entity: 'Kept' }) })).status).toBe(200);
    const other = await jobWithTwoEntries();
    expect((await save({ jobId: other.jobId, entry: entry('A3') })).status).toBe(200);
    expect((await card(jobId)).entries.map((e) => e.sampleNumber)).toEqual(['A1', 'A2']);
  });

  it('refuses cultivar, region and growth of another crop, on an edit too, and changes nothing', async () => {
    const other = await seedCarbohydrateReference(server.built.deps.db, '-other');
    const { jobId, loaded } = await jobWithTwoEntries();
    const first = loaded.entries[0] as CardEntry & Record<string, unknown>;
    const r = await save({
      jobId,
      entry: edited(first, { entity: 'Not saved', cultivarId: other.cultivars[0].id, regionId: other.region.id, testCarboCropGrowthId: other.stages[0].id }),
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([
      { field: 'entry.cultivarId', message: 'Cultivar does not belong to the crop' },
      { field: 'entry.regionId', message: 'Region does not belong to the crop' },
      { field: 'entry.testCarboCropGrowthId', message: 'Growth does not belong to the crop' },
    ]);
    expect((await card(jobId)).entries[0].entity).toBe('Green Valley Farms');
  });

  it('refuses a malformed body with 400, never 500', async () => {
    const { jobId } = await jobWithTwoEntries();
    const fields = async (body: Record<string, unknown>) => {
      const r = await save(body);
      expect(r.status).toBe(400);
      return r.body.fields.map((f: { field: string }) => f.field);
    };
    expect(await fields({ jobId })).toContain('entry');
    expect(await fields({ entry: entry('V2') })).toContain('jobId');
    expect(await fields({ jobId: 'J1', entry: entry('V2') })).toContain('jobId');
    expect(await fields({ jobId, entry: entry('V2', { sampleDate: 'soon' }) })).toContain('entry.sampleDate');
    expect(await fields({ jobId, entry: entry('V2', { id: 'x' }) })).toContain('entry.id');
    const raw = await lab.raw('POST', labEndpoints.upsertCarbohydrateResult.path, '{"jobId":', { 'content-type': 'application/json' });
    expect(raw.status).toBe(400);
  });

  it('needs the version of an entry it updates', async () => {
    const { jobId, loaded } = await jobWithTwoEntries();
    const r = await save({ jobId, entry: edited(loaded.entries[0] as CardEntry & Record<string, unknown>, { rowVersion: null }) });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'entry.rowVersion', message: 'The version of the entry you loaded is required.' }]);
  });

  it('answers 404 for a job that does not exist, an unknown entry and an entry of another job', async () => {
    const { jobId, loaded } = await jobWithTwoEntries();
    const elsewhere = await jobWithTwoEntries();
    const missingJob = await save({ jobId: 999999, entry: entry('N1') });
    expect(missingJob.status).toBe(404);
    expect(missingJob.body.message).toBe('Job not found.');
    const unknown = await save({ jobId, entry: entry('N1', { id: 999999, rowVersion: 1 }) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Entry not found.');
    const foreign = await save({ jobId, entry: edited(elsewhere.loaded.entries[0] as CardEntry & Record<string, unknown>, { entity: 'Moved' }) });
    expect(foreign.status).toBe(404);
    expect((await card(elsewhere.jobId)).entries[0].entity).toBe('Green Valley Farms');
    expect((await card(jobId)).rowVersion).toBe(loaded.rowVersion);
  });

  it('answers 409 for a stale entry version and a stale job version, and keeps the other save', async () => {
    const { jobId, loaded } = await jobWithTwoEntries();
    const first = loaded.entries[0] as CardEntry & Record<string, unknown>;
    expect((await save({ jobId, entry: edited(first, { entity: 'First Save' }) })).status).toBe(200);

    const staleEntry = await save({ jobId, entry: edited(first, { entity: 'Second Save' }) });
    expect(staleEntry.status).toBe(409);
    expect(staleEntry.body.message).toBe('This entry was changed by someone else since you opened the job. Close it and open it again to see their changes.');

    const staleJob = await save({ jobId, jobRowVersion: loaded.rowVersion, entry: entry('N2') });
    expect(staleJob.status).toBe(409);
    expect(staleJob.body.message).toMatch(/This job was changed by someone else/);

    const now = await card(jobId);
    expect(now.entries.map((e) => `${e.sampleNumber}:${e.entity}`)).toEqual(['A1:First Save', 'A2:Green Valley Farms']);
    expect((await listAudit(server.built.deps.db, 'lab_job_entry', first.id)).map((a) => a.action)).toEqual(['update']);
  });

  it('answers 403 without LabJobs and 401 when not signed in', async () => {
    const { jobId } = await jobWithTwoEntries();
    expect((await plain.call(labEndpoints.upsertCarbohydrateResult, { jobId, entry: entry('X1') })).status).toBe(403);
    expect((await new ApiClient(server.url).call(labEndpoints.upsertCarbohydrateResult, { jobId, entry: entry('X1') })).status).toBe(401);
    expect((await card(jobId)).entries).toHaveLength(2);
  });
});
