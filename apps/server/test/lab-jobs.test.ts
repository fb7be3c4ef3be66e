import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labEndpoints } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, controlsOptional, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { listAudit } from '../src/platform/audit/audit.repository';
import { seedLabDemo } from '../src/features/lab/lab.demo';
import { seedQcDemo } from '../src/features/qc/qc.demo';

let server: TestServer;
let lab: ApiClient;
let plain: ApiClient;
let ref: CarbohydrateReference;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  ref = await seedCarbohydrateReference(db);
  // these tests are about results and job states, not QC: a job completes without a control (qc.test.ts covers the requirement)
  await controlsOptional(db);
  lab = await signedIn(server.url, await createUser(db, ['LabJobs'], { name: 'Lab Tech' }));
  plain = await signedIn(server.url, await createUser(db, []));
});
afterAll(() => server.close());

function entry(sampleNumber: string, patch: Record<string, unknown> = {}) {
  return {
    sampleNumber, entity: 'Acme', agent: 'Agent A', agronomist: 'Dr B', farmName: 'Farm 1', fieldBlockNumber: 'B7',
    sampleDate: '2026-10-01T08:00:00.000Z', tissueId: ref.tissues.roots.id, cropId: ref.crop.id, cultivarId: ref.cultivars[0].id,
    regionId: ref.region.id, testCarboCropGrowthId: ref.stages[0].id, ...patch,
  };
}

describe('job card save (upsertjob, getdata)', () => {
  it('creates a job with its entries and reads it back', async () => {
    const r = await lab.call(labEndpoints.upsertJob, { id: 0, receivedOn: '2026-11-02', entries: [entry('A009'), entry('A010')] });
    expect(r.status).toBe(200);
    const card = await lab.call(labEndpoints.getData, { id: r.body.id });
    expect(card.body.receivedOn).toBe('2026-11-02');
    expect(card.body.status).toBe('current');
    expect(card.body.entries.map((e: { sampleNumber: string }) => e.sampleNumber)).toEqual(['A009', 'A010']);
    expect(card.body.entries[0]).toMatchObject({ resolved: false, testCarbohydrateId: null, entity: 'Acme', regionId: ref.region.id });
    const audit = await listAudit(server.built.deps.db, 'lab_job', r.body.id);
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it.each([
    ['entity', { entity: ' ' }, 'Row 1: Entity required'],
    ['farmName', { farmName: '' }, 'Row 1: Farm name required'],
    ['fieldBlockNumber', { fieldBlockNumber: '' }, 'Row 1: Field block number required'],
    ['agent', { agent: '' }, 'Row 1: Agent required'],
    ['agronomist', { agronomist: '' }, 'Row 1: Agronomist required'],
    ['testCarboCropGrowthId', { testCarboCropGrowthId: 0 }, 'Row 1: Growth required'],
    ['tissueId', { tissueId: 0 }, 'Row 1: Tissue required'],
    ['cropId', { cropId: 0 }, 'Row 1: Crop required'],
    ['cultivarId', { cultivarId: null }, 'Row 1: Cultivar required'],
  ])('refuses a blank %s with 400 naming row and field', async (field, patch, message) => {
    const r = await lab.call(labEndpoints.upsertJob, { id: 0, receivedOn: '2026-11-02', entries: [entry('V1', patch)] });
    expect(r.status).toBe(400);
    expect(r.body.fields).toContainEqual({ field: `entries.0.${field}`, message });
  });

  it('refuses a blank sample number with 400 naming the row and field', async () => {
    const r = await lab.call(labEndpoints.upsertJob, { id: 0, receivedOn: '2026-11-02', entries: [entry('S1'), entry('S2'), entry('S3'), entry('  ')] });
    expect(r.status).toBe(400);
    expect(r.body.fields).toContainEqual({ field: 'entries.3.sampleNumber', message: 'Sample number required' });
  });

  it('refuses the same sample number twice in a job (spaces and case do not count), on every row concerned, and saves nothing', async () => {
    const before = await lab.call(labEndpoints.all, { rowsPerPage: 1000 });
    const r = await lab.call(labEndpoints.upsertJob, {
      id: 0, receivedOn: '2026-11-02', entries: [entry('D-1'), entry('D-2'), entry(' d-1'), entry('D-3'), entry('D-1')],
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([
      { field: 'entries.0.sampleNumber', message: 'Row 1: Same sample number as rows 3, 5' },
      { field: 'entries.2.sampleNumber', message: 'Row 3: Same sample number as rows 1, 5' },
      { field: 'entries.4.sampleNumber', message: 'Row 5: Same sample number as rows 1, 3' },
    ]);
    expect((await lab.call(labEndpoints.all, { rowsPerPage: 1000 })).body.total).toBe(before.body.total);

    // on an edit too; the same sample number in another job stays allowed
    const created = await lab.call(labEndpoints.upsertJob, { id: 0, receivedOn: '2026-11-02', entries: [entry('D-1'), entry('D-2')] });
    expect(created.status).toBe(200);
    const card = (await lab.call(labEndpoints.getData, { id: created.body.id })).body;
    const [a, b] = card.entries.map((e: { id: number; rowVersion: number }) => ({ id: e.id, rowVersion: e.rowVersion }));
    const edit = await lab.call(labEndpoints.upsertJob, {
      id: card.id, rowVersion: card.rowVersion, receivedOn: card.receivedOn, entries: [{ ...entry('D-1'), ...a }, { ...entry('D-1'), ...b }],
    });
    expect(edit.status).toBe(400);
    expect(edit.body.fields).toEqual([
      { field: 'entries.0.sampleNumber', message: 'Row 1: Same sample number as row 2' },
      { field: 'entries.1.sampleNumber', message: 'Row 2: Same sample number as row 1' },
    ]);
  });

  it('refuses a job without entries', async () => {
    const r = await lab.call(labEndpoints.upsertJob, { id: 0, receivedOn: '2026-11-02', entries: [] });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'entries', message: 'At least one entry is required.' }]);
  });

  it('saves nothing when one row is bad (one transaction), including references of another crop', async () => {
    const other = await seedCarbohydrateReference(server.built.deps.db, '-other');
    const before = await lab.call(labEndpoints.all, { rowsPerPage: 1000 });
    const r = await lab.call(labEndpoints.upsertJob, {
      id: 0, receivedOn: '2026-11-02', entries: [entry('T1'), entry('T2', { cultivarId: other.cultivars[0].id })],
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'entries.1.cultivarId', message: 'Row 2: Cultivar does not belong to the crop' }]);
    const after = await lab.call(labEndpoints.all, { rowsPerPage: 1000 });
    expect(after.body.total).toBe(before.body.total);
  });

  it('updates, inserts and deletes entries; a stale job version gets 409 and changes nothing', async () => {
    const created = await lab.call(labEndpoints.upsertJob, { id: 0, receivedOn: '2026-11-02', entries: [entry('U1'), entry('U2')] });
    const card = (await lab.call(labEndpoints.getData, { id: created.body.id })).body;
    const first = { ...entry('U1', { entity: 'Changed' }), id: card.entries[0].id, rowVersion: card.entries[0].rowVersion };
    const saved = await lab.call(labEndpoints.upsertJob, { id: card.id, rowVersion: card.rowVersion, receivedOn: '2026-11-03', entries: [first, entry('U3')] });
    expect(saved.status).toBe(200);
    expect(saved.body.rowVersion).toBe(card.rowVersion + 1);
    // a second person saves with the version they loaded before the first save
    const stale = await lab.call(labEndpoints.upsertJob, { id: card.id, rowVersion: card.rowVersion, receivedOn: '2026-12-01', entries: [entry('X1')] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    const now = (await lab.call(labEndpoints.getData, { id: card.id })).body;
    expect(now.receivedOn).toBe('2026-11-03');
    expect(now.entries.map((e: { sampleNumber: string; entity: string }) => `${e.sampleNumber}:${e.entity}`)).toEqual(['U1:Changed', 'U3:Acme']);
    const audit = await listAudit(server.built.deps.db, 'lab_job_entry', card.entries[1].id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('answers 404 for a job that does not exist', async () => {
    expect((await lab.call(labEndpoints.getData, { id: 999999 })).status).toBe(404);
  });
});

describe('deleting a job (deletejob)', () => {
  it('deletes a job without results with its entries, and keeps both in the audit trail', async () => {
    const created = await lab.call(labEndpoints.upsertJob, { id: 0, receivedOn: '2026-11-02', entries: [entry('DEL-1'), entry('DEL-2')] });
    const card = (await lab.call(labEndpoints.getData, { id: created.body.id })).body;
    const r = await lab.call(labEndpoints.deleteJob, { id: card.id, rowVersion: card.rowVersion });
    expect(r.status).toBe(200);
    expect((await lab.call(labEndpoints.getData, { id: card.id })).status).toBe(404);
    expect((await lab.call(labEndpoints.all, { search: 'DEL-1' })).body.total).toBe(0);
    const db = server.built.deps.db;
    const jobAudit = await listAudit(db, 'lab_job', card.id);
    expect(jobAudit.map((a) => a.action)).toEqual(['create', 'delete']);
    expect(jobAudit[1].old_values).toMatchObject({ receivedOn: '2026-11-02', entries: ['DEL-1', 'DEL-2'] });
    const entryAudit = await listAudit(db, 'lab_job_entry', card.entries[1].id);
    expect(entryAudit.map((a) => a.action)).toEqual(['create', 'delete']);
    expect(entryAudit[1].old_values).toMatchObject({ sampleNumber: 'DEL-2', entity: 'Acme' });
  });

  it.each([
    ['sugar and starch', { sugar: 1, starch: 2 }],
    ['sugar only', { sugar: 1 }],
    ['N/A', { na: true }],
  ])('refuses with 409 while an entry has a result (%s), and keeps the job', async (_label, result) => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'R1' }, { sampleNumber: 'R2', ...result }] });
    const card = (await lab.call(labEndpoints.getData, { id: jobId })).body;
    const r = await lab.call(labEndpoints.deleteJob, { id: jobId, rowVersion: card.rowVersion });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('This job cannot be deleted: an entry already has a result (sugar and starch, or N/A).');
    expect((await lab.call(labEndpoints.getData, { id: jobId })).body.entries).toHaveLength(2);
    expect(await listAudit(server.built.deps.db, 'lab_job', jobId)).toEqual([]);
  });

  it('answers 409 for a stale version, 404 for a job that does not exist, 400 without a version, 403 without LabJobs', async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'S1' }] });
    const card = (await lab.call(labEndpoints.getData, { id: jobId })).body;
    const stale = await lab.call(labEndpoints.deleteJob, { id: jobId, rowVersion: card.rowVersion + 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    expect((await lab.call(labEndpoints.deleteJob, { id: 999999, rowVersion: 1 })).status).toBe(404);
    const missing = await lab.call(labEndpoints.deleteJob, { id: jobId });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.map((f: { field: string }) => f.field)).toContain('rowVersion');
    expect((await plain.call(labEndpoints.deleteJob, { id: jobId, rowVersion: card.rowVersion })).status).toBe(403);
    expect((await lab.call(labEndpoints.getData, { id: jobId })).status).toBe(200);
  });
});

describe('matches', () => {
  it('finds captured samples and resolved entries of other jobs by sample number', async () => {
    const db = server.built.deps.db;
    const sample = await db.insertInto('carbohydrate_samples').values({
      sample_number: 'M-100', entity: 'Matched Farms', agent: 'Agent M', agronomist: 'Dr M', farm_name: 'Farm M', field_block_number: 'M1',
      tissue_id: ref.tissues.roots.id, crop_id: ref.crop.id, cultivar_id: ref.cultivars[1].id, region_id: ref.region.id,
      growth_stage_id: ref.stages[1].id, original: JSON.stringify({ a: 1 }), mapped: JSON.stringify({ a: 1 }),
    }).returning('id').executeTakeFirstOrThrow();
    const r = await lab.call(labEndpoints.matches, { value: 'm-100', jobId: null });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(1);
    expect(r.body[0]).toMatchObject({ sampleNumber: 'M-100', testCarbohydrateId: sample.id, entity: 'Matched Farms', cultivarId: ref.cultivars[1].id, source: 'sample' });

    const job = await lab.call(labEndpoints.upsertJob, { id: 0, receivedOn: '2026-11-02', entries: [entry('M-100', { testCarbohydrateId: sample.id })] });
    const card = (await lab.call(labEndpoints.getData, { id: job.body.id })).body;
    expect(card.entries[0]).toMatchObject({ resolved: true, testCarbohydrateId: sample.id });
    expect((await lab.call(labEndpoints.matches, { value: 'M-100', jobId: null })).body).toHaveLength(2);
    expect((await lab.call(labEndpoints.matches, { value: 'M-100', jobId: job.body.id })).body).toHaveLength(1);
    expect((await lab.call(labEndpoints.matches, { value: 'nothing', jobId: null })).body).toEqual([]);
  });
});

describe('job lists and reference lists', () => {
  it('puts jobs in CURRENT, COMPLETED and DOWNLOADED and pages them', async () => {
    const db = server.built.deps.db;
    const current = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'L10', entity: 'E1' }, { sampleNumber: 'L2', entity: 'E2', sugar: 1, starch: 2 }] });
    const done = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'K1', sugar: 1, starch: 2 }, { sampleNumber: 'K2', na: true }] });
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    const cur = await lab.call(labEndpoints.jobs, { rowsPerPage: 1000 });
    expect(ids(cur.body.rows)).toContain(current.jobId);
    expect(ids(cur.body.rows)).not.toContain(done.jobId);
    const card = cur.body.rows.find((r: { id: number }) => r.id === current.jobId);
    expect(card).toMatchObject({ firstSample: 'L2', lastSample: 'L10', samples: 2, samplesCompleted: 1, entities: ['E1', 'E2'], farms: ['Riverside'], received: '2026-11-01', status: 'current' });
    expect(ids((await lab.call(labEndpoints.jobsCompleted, { rowsPerPage: 1000 })).body.rows)).toContain(done.jobId);

    const page1 = await lab.call(labEndpoints.all, { rowsPerPage: 2, page: 1 });
    const page2 = await lab.call(labEndpoints.all, { rowsPerPage: 2, page: 2 });
    expect(page1.body.rows).toHaveLength(2);
    expect(page1.body.total).toBeGreaterThan(2);
    expect(ids(page2.body.rows)).not.toContain(page1.body.rows[0].id);
    const searched = await lab.call(labEndpoints.all, { search: `J${done.jobId}` });
    expect(ids(searched.body.rows)).toEqual([done.jobId]);
  });

  it('pages like every plain list: newest first, whitelisted sorts, `all`, the true total past the last page', async () => {
    const db = server.built.deps.db;
    for (let i = 0; i < 3; i++) await seedLabJob(db, ref, { samples: [{ sampleNumber: `P${i}` }] });
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    const everything = await lab.call(labEndpoints.all, { all: true });
    const total = everything.body.total;
    expect(everything.body.rows).toHaveLength(total);
    const newestFirst = [...ids(everything.body.rows)].sort((a, b) => b - a);
    expect(ids(everything.body.rows)).toEqual(newestFirst);
    expect(ids((await lab.call(labEndpoints.all, { all: true, sortBy: 'id' })).body.rows)).toEqual([...newestFirst].reverse());
    // a sort off the whitelist is the default one, never an error
    const unknown = await lab.call(labEndpoints.all, { all: true, sortBy: 'j.id; drop table lab_jobs' });
    expect(unknown.status).toBe(200);
    expect(ids(unknown.body.rows)).toEqual(newestFirst);
    const past = await lab.call(labEndpoints.all, { rowsPerPage: 2, page: 1000 });
    expect(past.body).toEqual({ rows: [], total });
  });

  it('serves crops, tissues and suggestions; session-level lists to any signed-in user', async () => {
    const crops = await plain.call(labEndpoints.cropsActive);
    expect(crops.status).toBe(200);
    const pecan = crops.body.find((c: { id: number }) => c.id === ref.crop.id);
    expect(pecan.cultivars).toHaveLength(2);
    expect(pecan.regions).toEqual([{ id: ref.region.id, name: ref.region.name }]);
    expect(pecan.growths.map((g: { name: string }) => g.name)).toEqual(['Dormancy', 'Bud break', 'Harvest']);
    const tissues = await plain.call(labEndpoints.tissueTypesActive);
    const roots = tissues.body.find((t: { id: number }) => t.id === ref.tissues.roots.id);
    expect(roots.organs.map((o: { name: string }) => o.name)).toEqual(['Dormancy', 'Bud break']);
    expect((await plain.call(labEndpoints.tissueTypes)).status).toBe(200);
    expect((await plain.call(labEndpoints.jobs, {})).status).toBe(403);
    const s = await lab.call(labEndpoints.suggestions, {});
    expect(s.body.agents).toContain('Agent A');
    expect(s.body.entities).toContain('Acme');
  });

  it('seeds demo jobs in every state, once, only when crops exist', async () => {
    const db = server.built.deps.db;
    await seedLabDemo(db);
    await seedLabDemo(db);
    await seedQcDemo(db);
    const demo = await db.selectFrom('lab_jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('demo', '=', true).executeTakeFirstOrThrow();
    expect(Number(demo.n)).toBe(30);
    for (const ep of [labEndpoints.jobs, labEndpoints.jobsCompleted, labEndpoints.jobsArchived]) {
      expect((await lab.call(ep, {})).body.total).toBeGreaterThan(0);
    }
    expect((await lab.call(labEndpoints.matches, { value: 'C0001', jobId: null })).body.length).toBeGreaterThan(0);
  });
});
