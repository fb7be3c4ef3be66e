import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmersSampleEndpoints as farmersEp, leafsEndpoints as ep } from '@sapwood/contracts';
import { CapturesService } from '../src/features/leafs/captures.service';
import { listAudit } from '../src/platform/audit/audit.repository';
import { createCaptureClient } from '../src/platform/integrations/capture.client';
import type { ApiClient } from '../../../tests/support/api-client';
import { seedCarbohydrateReference } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../../../tools/stand-ins/capture-server';

/**
 * Intake from the field capture app against its stand-in (real HTTP): import, re-sync, updates, refusals, failures,
 * concurrency; each sync a job on the queue, started by GET …/sync and followed by GET …/syncstatus.
 */
let app: CaptureStandIn;
let server: TestServer;
let staff: ApiClient;
let staffName: string;

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 120, soil: 60 });
  // a time-out far above a page's answer on a busy machine, still short enough to test
  server = await startTestServer({ CAPTURE_URL: app.url, CAPTURE_API_KEY: 'cap-key', CAPTURE_TIMEOUT_MS: '3000' });
  const db = server.built.deps.db;
  // the lab's crops: Pecan (also known as 'Macadamia' here, an alternative name) and Apple; Table grape is unknown
  const ref = await seedCarbohydrateReference(db);
  await db.updateTable('crops').set({ linked_names: ['Macadamia'] }).where('id', '=', ref.crop.id).execute();
  await db.insertInto('crops').values({ name: 'Apple', factor: 1 }).execute();
  staff = await signedIn(server.url, await createUser(db, ['Leafs', 'FarmersSampleEntries'], { name: 'Sync Staff' }));
  staffName = 'Sync Staff';
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

const rows = (kind: 'leaf' | 'soil') => server.built.deps.db.selectFrom('captures').selectAll().where('kind', '=', kind).orderBy('capture_key').execute();

type Endpoints = typeof ep | typeof farmersEp;
/** Polls the kind's sync status until the job has ended; answers it (every status seen on the way in `seen`). */
async function waitForSync(e: Endpoints, jobId: number, seen: { status: string; progress: number }[] = []) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const s = await staff.call(e.syncStatus, {});
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    if (s.body) seen.push({ status: s.body.status, progress: s.body.progress });
    if (s.body?.jobId === jobId && (s.body.status === 'done' || s.body.status === 'failed')) return s.body;
    if (Date.now() > deadline) throw new Error(`sync job ${jobId} did not end: ${JSON.stringify(s.body)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
/** Starts a sync of the kind (GET …/sync answers the job) and waits for it; answers the job's result. */
async function sync(e: Endpoints = ep, seen?: { status: string; progress: number }[]) {
  const start = await staff.call(e.sync, {});
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect(start.body).toMatchObject({ jobId: expect.any(Number), status: expect.stringMatching(/^(queued|running|done)$/) });
  const job = await waitForSync(e, start.body.jobId, seen);
  expect(job).toMatchObject({ status: 'done', progress: 100, error: null, requestedBy: staffName });
  return job.result;
}

describe('capture intake', () => {
  it('imports every capture once, keeping the original and the mapped record, and an unmappable one with its reason', async () => {
    expect((await staff.call(ep.syncStatus, {})).body).toBeNull();
    const r = { body: await sync(ep) };
    const leaf = app.captures.filter((c) => c.kind === 'leaf');
    const known = (c: (typeof leaf)[number]) => c.sampleNumber !== '' && ['Pecan', 'Macadamia', 'Apple'].includes(c.crop ?? '');
    expect(r.body).toMatchObject({ kind: 'leaf', ok: true, added: leaf.length, updated: 0, unchanged: 0, refused: leaf.filter((c) => !known(c)).length });
    expect(r.body.refusedCaptures).toContainEqual({ key: 'LF-000089', reason: "unknown crop 'Dragonfruit'" });
    expect(r.body.refusedCaptures).toContainEqual({ key: 'LF-000097', reason: 'missing sample number' });
    const status = (await staff.call(ep.syncStatus, {})).body;
    expect(status).toMatchObject({ status: 'done', progress: 100, result: r.body, requestedBy: staffName });
    expect(new Date(status.finishedAt).getTime()).toBeGreaterThanOrEqual(new Date(status.startedAt).getTime());
    // the soil kind has its own sync: none yet
    expect((await staff.call(farmersEp.syncStatus, {})).body).toBeNull();
    const stored = await rows('leaf');
    expect(stored).toHaveLength(leaf.length);
    const first = stored.find((s) => s.capture_key === 'LF-000001');
    expect(first).toMatchObject({ sample_number: 'L26001', refused_reason: null, status: 'NotCompleted', original: expect.objectContaining({ id: 'LF-000001' }), mapped: expect.objectContaining({ sampleNumber: 'L26001' }) });
    const list = await staff.call(ep.notCompleted, { rowsPerPage: 500 });
    expect(list.body.total).toBe(leaf.filter(known).length);
    const data = await staff.call(ep.getApiData, { id: first!.id });
    expect(data.body).toMatchObject({ original: { id: 'LF-000001' }, mapped: { sampleNumber: 'L26001' } });
  });

  it('a second sync imports nothing; a changed capture updates its record; a capture made mappable is imported', async () => {
    // pages answered slowly: the job is seen running with its progress between 0 and 100
    const seen: { status: string; progress: number }[] = [];
    app.delayNext(3, 150);
    expect(await sync(ep, seen)).toMatchObject({ added: 0, updated: 0, refused: expect.any(Number) });
    expect(seen.some((s) => s.status === 'running' && s.progress > 0 && s.progress < 100), JSON.stringify(seen)).toBe(true);
    expect(seen.map((s) => s.progress)).toEqual([...seen.map((s) => s.progress)].sort((a, b) => a - b));
    const c = app.captures.find((x) => x.id === 'LF-000002')!;
    Object.assign(c, { block: 'B99', updatedAt: '2026-11-20T10:00:00.000Z' });
    const d = app.captures.find((x) => x.id === 'LF-000089')!;
    Object.assign(d, { crop: 'Apple', updatedAt: '2026-11-20T10:00:00.000Z' });
    expect(await sync(ep)).toMatchObject({ added: 0, updated: 2 });
    const stored = await rows('leaf');
    expect(stored.find((s) => s.capture_key === 'LF-000002')).toMatchObject({ block_number: 'B99', row_version: 2 });
    expect(stored.find((s) => s.capture_key === 'LF-000089')).toMatchObject({ refused_reason: null, sample_number: 'L26089' });
  });

  it('a capture app failing part way or timing out imports nothing and says so', async () => {
    app.captures.push({ ...app.captures[0], id: 'LF-900001', sampleNumber: 'L900001' });
    app.failNext(1, 503, 'maintenance', 1);
    expect(await sync(ep)).toMatchObject({ ok: false, added: 0, error: 'The capture app answered 503: maintenance. Nothing was imported.' });
    app.delayNext(1, 5_000);
    const slow = await sync(ep);
    expect(slow.ok).toBe(false);
    expect(slow.error).toMatch(/^The capture app timed out after 3 s/);
    expect((await rows('leaf')).some((s) => s.capture_key === 'LF-900001')).toBe(false);
  });

  it('two syncs asked for at once are one job, which imports each capture once', async () => {
    app.delayNext(1, 200);
    const [a, b] = await Promise.all([staff.call(ep.sync, {}), staff.call(ep.sync, {})]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.jobId).toBe(b.body.jobId);
    // asked again while it runs: still the same job
    expect((await staff.call(ep.sync, {})).body.jobId).toBe(a.body.jobId);
    const job = await waitForSync(ep, a.body.jobId);
    expect(job.result).toMatchObject({ ok: true, added: 1 });
    expect((await rows('leaf')).filter((s) => s.capture_key === 'LF-900001')).toHaveLength(1);
    // the next sync is a new job
    const next = await staff.call(ep.sync, {});
    expect(next.body.jobId).toBeGreaterThan(a.body.jobId);
    expect((await waitForSync(ep, next.body.jobId)).result).toMatchObject({ added: 0, updated: 0 });
  });

  it('two syncs forced at once at the service level (the job queue aside) import each capture once', async () => {
    app.captures.push({ ...app.captures[0], id: 'LF-900002', sampleNumber: 'L900002' });
    const service = new CapturesService(server.built.deps.db, createCaptureClient({ url: app.url, apiKey: 'cap-key', timeoutMs: 5_000 }));
    const [a, b] = await Promise.all([service.sync('leaf', null), service.sync('leaf', null)]);
    expect(a.added + b.added).toBe(1);
    expect((await rows('leaf')).filter((s) => s.capture_key === 'LF-900002')).toHaveLength(1);
  });

  it('imports soil captures for the farmers’ screen; each sync needs its permission', async () => {
    expect(await sync(farmersEp)).toMatchObject({ kind: 'soil', added: app.captures.filter((c) => c.kind === 'soil').length });
    expect((await staff.call(farmersEp.syncStatus, {})).body).toMatchObject({ status: 'done', result: { kind: 'soil' } });
    expect((await staff.call(ep.syncStatus, {})).body.result.kind).toBe('leaf');
    const other = await signedIn(server.url, await createUser(server.built.deps.db, ['Crop']));
    for (const e of [ep.sync, ep.syncStatus, farmersEp.sync, farmersEp.syncStatus]) expect((await other.call(e, {})).status).toBe(403);
  });

  it("archives a Not Completed row and restores it, changes a row's lab, each with an audit record", async () => {
    const [row] = (await staff.call(ep.notCompleted, { sortBy: 'sampleNumber', rowsPerPage: 1 })).body.rows;
    expect((await staff.call(ep.archive, { id: row.id, archive: true })).status).toBe(200);
    expect((await staff.call(ep.archived, {})).body.rows.map((r: { id: number }) => r.id)).toEqual([row.id]);
    expect((await staff.call(ep.notCompleted, { search: row.sampleNumber })).body.total).toBe(0);
    const twice = await staff.call(ep.archive, { id: row.id, archive: true });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Only a row that is not completed can be archived.');
    expect((await staff.call(ep.archive, { id: row.id, archive: false })).status).toBe(200);
    expect((await staff.call(ep.notCompleted, { search: row.sampleNumber })).body.total).toBe(1);
    expect((await staff.call(ep.archive, { id: 999_999, archive: true })).status).toBe(404);

    expect((await staff.call(ep.updateLab, { testLeafDataId: row.id, lab: 'Manual' })).status).toBe(200);
    expect((await staff.call(ep.notCompleted, { search: row.sampleNumber })).body.rows[0].lab).toBe('Manual');
    const bad = await staff.call(ep.updateLab, { testLeafDataId: row.id, lab: 'Elsewhere' });
    expect(bad.body.fields).toEqual([{ field: 'lab', message: 'Choose a lab' }]);
    const audit = await listAudit(server.built.deps.db, 'capture', row.id);
    expect(audit.map((a) => a.new_values)).toEqual([{ status: 'Archived' }, { status: 'NotCompleted' }, { lab: 'Manual' }]);
    expect((await staff.call(ep.completed, {})).body).toMatchObject({ rows: [], total: 0, estimated: false });
  });

  it("lists the farmers' entries by state, archives several at once (all or none) and restores one", async () => {
    const list = (await staff.call(farmersEp.notCompleted, { sortBy: 'sampleNumber', rowsPerPage: 3 })).body;
    expect(list.rows[0]).toMatchObject({ sampleNumber: 'S26001', clientName: expect.any(String), submissionJobId: null, submittedOn: null });
    const ids = list.rows.map((r: { id: number }) => r.id);
    const leafId = (await staff.call(ep.notCompleted, { rowsPerPage: 1 })).body.rows[0].id;
    // a leaf record is not a farmers' entry: nothing is archived
    expect((await staff.call(farmersEp.archiveFarmersSample, { ids: [...ids, leafId] })).status).toBe(404);
    expect((await staff.call(farmersEp.archived, {})).body.total).toBe(0);
    expect((await staff.call(farmersEp.archiveFarmersSample, { ids })).status).toBe(200);
    expect((await staff.call(farmersEp.archived, {})).body.total).toBe(3);
    expect((await staff.call(farmersEp.archive, { id: ids[0], archive: false })).status).toBe(200);
    expect((await staff.call(farmersEp.archived, {})).body.total).toBe(2);
    const data = await staff.call(farmersEp.getApiData, { id: ids[0] });
    expect(data.body.original).toMatchObject({ kind: 'soil', sampleNumber: 'S26001' });
    expect((await staff.call(farmersEp.archiveFarmersSample, { ids: [] })).body.fields).toEqual([{ field: 'ids', message: 'Choose entries to archive' }]);
  });
});

describe('photo and location', () => {
  it('reads a record’s photo and location again from the capture app, keeps the photo in the file store and serves it', async () => {
    const row = (await staff.call(ep.notCompleted, { search: 'L26004' })).body.rows[0];
    expect(row.photoPath).toBeNull();
    const r = await staff.call(ep.syncPhotoAndLocation, { id: row.id });
    expect(r.body).toMatchObject({ ok: true, error: null, photoPath: expect.stringMatching(/^[a-f0-9]{16}-[a-f0-9]{16}$/), latitude: expect.any(Number), longitude: expect.any(Number) });
    const photo = await fetch(`${server.url}/upload/captures/${r.body.photoPath}-low.png`, { headers: { cookie: staff.cookie } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${server.url}/upload/captures/${r.body.photoPath}-low.png`)).status).toBe(401);
    // only to those who see captures: the farmers' screen's users too, nobody else
    const photoAs = async (permissions: Parameters<typeof createUser>[1]) =>
      (await fetch(`${server.url}/upload/captures/${r.body.photoPath}-low.png`, { headers: { cookie: (await signedIn(server.url, await createUser(server.built.deps.db, permissions))).cookie } })).status;
    expect(await photoAs(['Crop', 'Agents'])).toBe(403);
    expect(await photoAs(['FarmersSampleEntries'])).toBe(200);
    expect((await staff.call(ep.getApiData, { id: row.id })).body.mapped.photoUrl).toBe(`/upload/captures/${r.body.photoPath}-low.png`);
    // the capture app down: the record keeps its photo and the answer says why (the failure on this record's read
    // only: another request to the capture app meanwhile, a sync job's, took it once in a fresh clone's run)
    const c = app.captures.find((x) => x.sampleNumber === 'L26004')!;
    app.failNext(1, 503, 'maintenance', 0, `GET /api/captures/${c.id}`);
    const failed = await staff.call(ep.syncPhotoAndLocation, { id: row.id });
    expect(failed.body).toMatchObject({ ok: false, error: 'The capture app answered 503: maintenance', photoPath: r.body.photoPath });
    // a photo that is not an image is refused, not stored
    c.photo = '/api/captures/LF-000001';
    const notImage = await staff.call(ep.syncPhotoAndLocation, { id: row.id });
    // (a JSON answer: refused by its content type before its bytes are looked at; issue 33)
    expect(notImage.body).toMatchObject({ ok: false, error: "The capture app answered 'application/json' where a file was expected" });
    // a photo somewhere else than the capture app is never fetched
    c.photo = 'http://169.254.169.254/latest/meta-data';
    expect((await staff.call(ep.syncPhotoAndLocation, { id: row.id })).body).toMatchObject({ ok: false, error: 'The capture names a photo outside the capture app' });
  });
});

describe('Excel downloads', () => {
  it("streams a list's state with its search as .xlsx, read back by exceljs", async () => {
    const res = await fetch(`${server.url}${ep.pagedExcel.path}?status=NotCompleted&search=L2601`, { headers: { cookie: staff.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Lab', 'Sample Number', 'Crop', 'Client', 'Farm', 'Block', 'Agent', 'Agronomist', 'Date Synced', 'Date Captured']);
    const expected = (await staff.call(ep.notCompleted, { search: 'L2601', rowsPerPage: 100 })).body.rows.map((r: { sampleNumber: string }) => r.sampleNumber).sort();
    expect(rows.slice(1).map((r) => r[1]).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(5);
    const soil = await fetch(`${server.url}${farmersEp.pagedExcel.path}?status=Archived`, { headers: { cookie: staff.cookie } });
    const soilBook = new ExcelJS.Workbook();
    await soilBook.xlsx.load(await soil.arrayBuffer());
    expect(soilBook.worksheets[0].getRow(1).values).not.toContain('Crop');
    expect(soilBook.worksheets[0].rowCount).toBe(1 + 2);
    expect((await fetch(`${server.url}${ep.pagedExcel.path}?status=Elsewhere`, { headers: { cookie: staff.cookie } })).status).toBe(400);
  });
});
