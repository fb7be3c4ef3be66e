import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LabResultView, type LabSubmissionRow, type LeafPreReport, SUBMISSION_MESSAGES as M, type SampleRowInput, farmersSubmissionEndpoints as farmersEp,
  farmersSubmissionResultEndpoints as farmersResults, leafPdfEndpoints as leafPdf, leafReportEndpoints as leafReport, submissionEndpoints as ep, submissionPostingEndpoints as leafPost,
  submissionResultEndpoints as results,
} from '@sapwood/contracts';
import { recordCaptureResults } from '../src/features/leafs';
import { CapturesService } from '../src/features/leafs/captures.service';
import { createCaptureClient } from '../src/platform/integrations/capture.client';
import { createNvirotekClient } from '../src/platform/integrations/nvirotek.client';
import type { ApiClient } from '../../../tests/support/api-client';
import { pdfPages } from '../../../tests/support/pdf';
import { type LabReference, seedLabReference } from '../../../tests/support/lab-fixtures';
import { labStandIns } from '../../../tests/support/lab-stand-ins';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../../../tools/stand-ins/capture-server';
import { type MfwStandIn, startMfwStandIn } from '../../../tools/stand-ins/mfw-server';
import type { NvirotekStandIn } from '../../../tools/stand-ins/nvirotek-server';
import type { WynlandStandIn } from '../../../tools/stand-ins/wynland-server';

/**
 * Issue 31, findings 1–3, over HTTP against a real database and the labs' stand-ins (answering ready, partial,
 * refused and with unknown sample numbers, per client):
 * 1. every result an outside lab returns reaches its sample — rows added by hand too (they get a capture, ADR
 *    0088/0097) — matched by sample number, then by lab number once known; a returned sample that matches no row
 *    is kept and listed (Lab Result, the tab's row, Report Settings' "not in the report");
 * 2. a crop without the chosen lab's code is refused at its row before anything is sent; a refused or failed
 *    order says what to fix in our words and the lab's, and is sent again (Re-send) once fixed, keeping its rows;
 * 3. Lab Result, print, the report and the MFW post show only the results of the submission's own lab order.
 */
const stands = labStandIns();
let app: CaptureStandIn;
let nv: NvirotekStandIn;
let wl: WynlandStandIn;
let mfw: MfwStandIn;
let server: TestServer;
let staff: ApiClient;
let waitingOnly: ApiClient;
let ref: LabReference;

const db = () => server.built.deps.db;
const submission = (id: number) => db().selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** the first n Not Completed captures of the kind that show the lab (an outside lab sends only its own, ADR 0251) */
const fresh = async (kind: 'leaf' | 'soil', n: number, lab: 'Nvirotek' | 'Wynland') => db().selectFrom('captures').select(['id', 'sample_number as sampleNumber'])
  .where('kind', '=', kind).where('status', '=', 'NotCompleted').where('refused_reason', 'is', null).where('sample_number', '!=', '').where('lab', '=', lab)
  .orderBy('id').limit(n).execute();
const page = { page: 1, rowsPerPage: 100, search: '', sortBy: '', ascending: false, all: false };
const fieldsOf = (body: unknown) => Object.fromEntries(((body as { fields?: { field: string; message: string }[] }).fields ?? []).map((f) => [f.field, f.message]));

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 40, soil: 12 });
  ({ nv, wl } = stands);
  mfw = await startMfwStandIn({ apiKey: 'mfw-key' });
  server = await startTestServer({ ...stands.env(), LAB_POLL_INTERVAL_MINUTES: '0.01', MFW_URL: mfw.url, MFW_API_KEY: 'mfw-key' });
  ref = await seedLabReference(db());
  const captures = new CapturesService(db(), createCaptureClient({ url: app.url, apiKey: 'cap-key', timeoutMs: 5_000 }));
  expect(await captures.sync('leaf', null)).toMatchObject({ ok: true });
  expect(await captures.sync('soil', null)).toMatchObject({ ok: true });
  staff = await signedIn(server.url, await createUser(db(), [
    'Submissions', 'FarmersSampleSubmissions', 'SubmissionsPrepare', 'SubmissionsWaitingForLab', 'SubmissionsResults', 'SubmissionsCompleted', 'SubmissionsDelete',
  ], { name: 'Lab Staff' }));
  waitingOnly = await signedIn(server.url, await createUser(db(), ['Submissions', 'SubmissionsPrepare']));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await Promise.all([app?.close(), mfw?.close()]);
});

const leafRow = (o: Partial<SampleRowInput> & { sampleNumber: string }, crop: 'pecan' | 'grape' = 'pecan'): SampleRowInput => ({
  testDataId: 0, blockNumber: 'B1', cropId: crop === 'pecan' ? ref.pecan : ref.grape, cultivars: [crop === 'pecan' ? ref.pecanCultivar : ref.grapeCultivar],
  growthStage: 'Flowering', organTypeEnum: 'Normal', test: 'StandardItestLeaf', ...o,
});
const header = (lab: string, clientName: string) => ({
  clientName, farmName: 'Eastside', agentId: ref.agentId, depotId: ref.depotId, agronomistId: ref.agronomistId, dateSent: '2026-11-20', dateSampled: '2026-11-18', lab,
});
const submitLeaf = async (lab: string, clientName: string, rows: SampleRowInput[]) => {
  const r = await staff.call(ep.submit, { ...header(lab, clientName), samples: [rows] });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as { id: number }).id;
};
const view = async (id: number, kind: 'leaf' | 'soil' = 'leaf') => (await staff.call((kind === 'leaf' ? results : farmersResults).getResults, { id })).body as LabResultView;
const valuesOf = (v: LabResultView, sample: string) => Object.fromEntries(v.sampleData.find((x) => x.sample_reference === sample)!.resultvalue.filter((x) => x.lab_result !== null).map((x) => [x.code, x.lab_result]));
const listed = async (id: number, list: 'waiting' | 'results' = 'results') => ((await staff.call(ep[list], page)).body.rows as LabSubmissionRow[]).find((x) => x.id === id);
const orderOf = (lab: NvirotekStandIn | WynlandStandIn, workOrder: string) => lab.orders.find((o) => o.workOrder === workOrder)!;

describe('finding 1: every returned result reaches its sample, or is kept and listed', () => {
  it('stores a Wynland order\'s results for rows added by hand, and keeps the sample numbers that match no row', async () => {
    wl.answer({ mode: 'unknown', extra: 1 }, { client: 'Hand Co' });
    const [entry] = await fresh('leaf', 1, 'Wynland');
    const id = await submitLeaf('Wynland', 'Hand Co', [
      leafRow({ testDataId: entry.id, sampleNumber: entry.sampleNumber }), leafRow({ sampleNumber: 'H-1' }), leafRow({ sampleNumber: 'H-2' }), leafRow({ sampleNumber: 'h-3 ' }),
    ]);
    await expect.poll(async () => (await submission(id)).state, { timeout: 20_000, interval: 200 }).toBe('Results');
    const order = orderOf(wl, (await submission(id)).submission_work_order!);
    const extra = order.samples.find((s) => s.extra)!;
    await expect.poll(async () => (await view(id)).sampleData.filter((x) => x.lab_number !== '').length, { timeout: 10_000, interval: 200 }).toBe(4);
    const v = await view(id);
    for (const sample of order.samples.filter((s) => !s.extra)) {
      const number = sample.sampleNumber.trim();
      const row = v.sampleData.find((x) => x.sample_reference.trim().toLowerCase() === number.toLowerCase())!;
      expect(row.lab_number).toBe(sample.labNumber);
      expect(valuesOf(v, row.sample_reference)).toEqual(sample.values);
    }
    // the hand-added rows got captures of their own (ADR 0088), linked to the submission
    const samples = await db().selectFrom('submission_samples').select(['sample_number', 'capture_id']).where('submission_id', '=', id).orderBy('position').execute();
    expect(samples.every((x) => x.capture_id !== null)).toBe(true);
    // the sample the lab returned that the submission does not have: kept, with its lab number and values
    expect(v.unmatched).toEqual([expect.objectContaining({ sample_reference: extra.sampleNumber, lab_number: extra.labNumber })]);
    expect(Object.fromEntries(v.unmatched[0].resultvalue.filter((x) => x.lab_result !== null).map((x) => [x.code, x.lab_result]))).toEqual(extra.values);
    expect((await listed(id))?.unmatched).toEqual([extra.sampleNumber]);
    const pre = (await staff.call(leafReport.preReport, { ids: [id] })).body as LeafPreReport[];
    expect(pre[0].extraSampleNumbers).toEqual([`${extra.sampleNumber} (${extra.labNumber})`]);
    expect(pre[0].samples.every((s) => s.matchedResult)).toBe(true);
    const events = await db().selectFrom('submission_events').select('reason').where('submission_id', '=', id).orderBy('id').execute();
    expect(events.map((e) => e.reason)).toContain(`Wynland returned a sample that matches no row: ${extra.sampleNumber} (${extra.labNumber}), kept on the submission`);
  });

  it("stores a farmers' hand-added row's results from Nvirotek", async () => {
    nv.answer({ mode: 'ready' }, { client: 'Soil Hand Co' });
    const [entry] = await fresh('soil', 1, 'Nvirotek');
    const r = await staff.call(farmersEp.submit, {
      ...header('NvirotekFarmer', 'Soil Hand Co'),
      samples: [[{ testDataId: entry.id, sampleNumber: entry.sampleNumber, blockNumber: 'B2', test: 'PBrayIWater' }, { testDataId: 0, sampleNumber: 'S-HAND-1', blockNumber: 'B2', test: 'PBrayIWater' }]],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = (r.body as { id: number }).id;
    await expect.poll(async () => (await view(id, 'soil')).sampleData.filter((x) => x.lab_number !== '').length, { timeout: 20_000, interval: 200 }).toBe(2);
    const order = orderOf(nv, (await submission(id)).submission_work_order!);
    const v = await view(id, 'soil');
    expect(valuesOf(v, 'S-HAND-1')).toEqual(order.samples[1].values);
    expect(v.unmatched).toEqual([]);
  });

  it('matches a returned sample by its lab number once known, though the lab changed its sample number', async () => {
    nv.answer({ mode: 'ready' }, { client: 'Renumber Co' });
    const id = await submitLeaf('Nvirotek', 'Renumber Co', [leafRow({ sampleNumber: 'R-1' }), leafRow({ sampleNumber: 'R-2' })]);
    await expect.poll(async () => (await view(id)).sampleData.filter((x) => x.lab_number !== '').length, { timeout: 20_000, interval: 200 }).toBe(2);
    // the lab corrects the first sample: a typo in its number and a value re-measured, under the same lab number
    const order = orderOf(nv, (await submission(id)).submission_work_order!);
    order.samples[0].sampleNumber = 'R-1 (corrected)';
    order.samples[0].values = { ...order.samples[0].values, N: 2.91 };
    await expect.poll(async () => valuesOf(await view(id), 'R-1').N, { timeout: 10_000, interval: 200 }).toBe(2.91);
    expect((await view(id)).unmatched).toEqual([]);
  });
});

describe('finding 2: a refused order says what to fix, is checked before it is sent, and is sent again once fixed', () => {
  it('refuses, before anything is sent, a row whose crop has no code at the chosen lab', async () => {
    const orders = nv.orders.length;
    const r = await staff.call(ep.submit, { ...header('Nvirotek', 'Grape Co'), samples: [[leafRow({ sampleNumber: 'G-1' }), leafRow({ sampleNumber: 'G-2' }, 'grape')]] });
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual({ 'samples.0.1.cropId': M.noLabCropCode('Table grape', 'Nvirotek') });
    expect(M.noLabCropCode('Table grape', 'Nvirotek')).toBe('Table grape has no Nvirotek crop code: assign one in Crop');
    // and a sample number twice in the one order the lab gets (two groups)
    const twice = await staff.call(ep.submit, { ...header('Wynland', 'Grape Co'), samples: [[leafRow({ sampleNumber: 'G-1' }, 'grape')], [leafRow({ sampleNumber: 'g-1' }, 'grape')]] });
    expect(fieldsOf(twice.body)).toEqual({ 'samples.0.0.sampleNumber': M.sampleNumberTwiceInOrder('Wynland'), 'samples.1.0.sampleNumber': M.sampleNumberTwiceInOrder('Wynland') });
    expect(await db().selectFrom('submissions').select('id').where('client_name', '=', 'Grape Co').execute()).toEqual([]);
    expect(nv.orders.length).toBe(orders);
    // the dialog checks the same rule with the codes the server gives it
    const codes = (await staff.call(ep.cropCodes, {})).body as { cropId: number; name: string; nvirotekCode: string | null; wynlandCode: string | null }[];
    expect(codes.find((c) => c.cropId === ref.grape)).toEqual({ cropId: ref.grape, name: 'Table grape', nvirotekCode: null, wynlandCode: 'TG' });
    expect(codes.find((c) => c.cropId === ref.pecan)).toMatchObject({ nvirotekCode: 'PEC', wynlandCode: 'PN' });
    expect((await waitingOnly.call(ep.cropCodes, {})).status).toBe(200);
    // Wynland knows Table grape; Manual needs no code
    expect((await staff.call(ep.submit, { ...header('Manual', 'Grape Co'), samples: [[leafRow({ sampleNumber: 'G-3' }, 'grape')]] })).status).toBe(200);
  });

  it('keeps the refusal in our words and the lab\'s, and sends it again once fixed, with every row as typed', async () => {
    nv.answer({ mode: 'refused', message: "sample F-1: unknown crop code 'PEC'" }, { client: 'Refused Co' });
    const id = await submitLeaf('Nvirotek', 'Refused Co', [leafRow({ sampleNumber: 'F-1', growthStage: 'Fruit set', notes: 'north block' }), leafRow({ sampleNumber: 'F-2' })]);
    await expect.poll(async () => (await submission(id)).refused, { timeout: 15_000, interval: 100 }).toBe(true);
    const refused = await listed(id, 'waiting');
    expect(refused).toMatchObject({ refused: true, error: `${M.refusedBy('Nvirotek')}. Nvirotek answered 422: sample F-1: unknown crop code 'PEC'` });

    // the crop's code taken away meanwhile: Re-send says so at the row, and sends nothing
    await db().updateTable('crops').set({ labmin_crop_id: null }).where('id', '=', ref.pecan).execute();
    const notYet = await staff.call(ep.resend, { id, rowVersion: refused!.rowVersion });
    expect(notYet.status).toBe(400);
    expect(fieldsOf(notYet.body)).toEqual({ 'samples.0.0.cropId': M.noLabCropCode('Pecan', 'Nvirotek'), 'samples.0.1.cropId': M.noLabCropCode('Pecan', 'Nvirotek') });
    await db().updateTable('crops').set({ labmin_crop_id: ref.nvPecan }).where('id', '=', ref.pecan).execute();

    // only a user of the Waiting for Lab tab, with the version read
    expect((await waitingOnly.call(ep.resend, { id, rowVersion: refused!.rowVersion })).status).toBe(403);
    expect((await staff.call(ep.resend, { id, rowVersion: refused!.rowVersion - 1 })).status).toBe(409);
    nv.answer({ mode: 'ready' }, { client: 'Refused Co' });
    const again = await staff.call(ep.resend, { id, rowVersion: refused!.rowVersion });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await staff.call(ep.resend, { id, rowVersion: refused!.rowVersion })).status).toBe(409);
    await expect.poll(async () => (await submission(id)).state, { timeout: 20_000, interval: 200 }).toBe('Results');
    const s = await submission(id);
    expect(s).toMatchObject({ error: null, refused: false });
    const order = orderOf(nv, s.submission_work_order!);
    expect(order.samples.map((x) => x.sampleNumber)).toEqual(['F-1', 'F-2']);
    const kept = await db().selectFrom('submission_samples').select(['sample_number', 'growth_stage', 'notes', 'cultivar_ids']).where('submission_id', '=', id).orderBy('position').execute();
    expect(kept).toEqual([
      { sample_number: 'F-1', growth_stage: 'Fruit set', notes: 'north block', cultivar_ids: [ref.pecanCultivar] },
      { sample_number: 'F-2', growth_stage: 'Flowering', notes: '', cultivar_ids: [ref.pecanCultivar] },
    ]);
    const reasons = (await db().selectFrom('submission_events').select('reason').where('submission_id', '=', id).orderBy('id').execute()).map((e) => e.reason);
    expect(reasons).toContain('Sent again by hand');
    // nothing to send again now
    const sent = await listed(id);
    expect(fieldsOf((await staff.call(ep.resend, { id, rowVersion: sent!.rowVersion })).body)).toEqual({ id: M.resendNotNeeded });
  });

  it('sends a failed order again at once, in our words and the lab\'s', async () => {
    nv.failNext(5, 503, 'maintenance', 0, 'POST /api/v1/orders');
    const id = await submitLeaf('Nvirotek', 'Down Co', [leafRow({ sampleNumber: 'D-1' })]);
    await expect.poll(async () => (await submission(id)).error, { timeout: 15_000, interval: 100 }).toBe(`${M.couldNotSend('Nvirotek')}. Nvirotek answered 503: maintenance`);
    // the send job has tried again, and given up until the poll's turn
    await expect.poll(async () => (await db().selectFrom('background_jobs').select('status').where('kind', '=', 'submission-send')
      .where(sql<boolean>`payload->>'id' = ${String(id)}`).executeTakeFirstOrThrow()).status, { timeout: 15_000, interval: 100 }).toBe('failed');
    nv.failNext(0);
    const row = await listed(id, 'waiting');
    expect(row?.refused).toBe(false);
    expect((await staff.call(ep.resend, { id, rowVersion: row!.rowVersion })).status).toBe(200);
    await expect.poll(async () => (await submission(id)).submission_work_order, { timeout: 15_000, interval: 100 }).toMatch(/^NV-WO-/);
  });
});

describe("finding 3: only the submission's own lab order's results are shown", () => {
  /** captures given an old Wynland result (as the demo data does), not of any submission */
  const withWynlandResults = async (n: number) => {
    const entries = await fresh('leaf', n, 'Nvirotek');
    await db().transaction().execute((trx) => recordCaptureResults(trx, entries.map((e, i) => ({
      captureId: e.id, labName: 'Wynland', labNumber: `WL-OLD-${i + 1}`, values: { N: 9.99, K: 8.88 }, source: 'Wynland' as const,
    })), null, 'demo data'));
    return entries;
  };

  it('prints the refusal of a refused Nvirotek submission, not another lab\'s values', async () => {
    const [a] = await withWynlandResults(1);
    nv.answer({ mode: 'refused', message: 'account on hold' }, { client: 'Old Results Co' });
    const id = await submitLeaf('Nvirotek', 'Old Results Co', [leafRow({ testDataId: a.id, sampleNumber: a.sampleNumber })]);
    await expect.poll(async () => (await submission(id)).refused, { timeout: 15_000, interval: 100 }).toBe(true);
    const html = ((await staff.call(results.print, { id })).body as { html: string | null }).html!;
    expect(html).not.toContain('WL-OLD-1');
    expect(html).not.toContain('9.99');
    expect(html).toContain('Nvirotek');
    expect(html).toContain(`${M.refusedBy('Nvirotek')}. Nvirotek answered 422: account on hold`);
    const v = await view(id);
    expect(v).toMatchObject({ lab_name: 'Nvirotek', error: `${M.refusedBy('Nvirotek')}. Nvirotek answered 422: account on hold` });
    expect(v.sampleData).toEqual([expect.objectContaining({ lab_number: '', sample_reference: a.sampleNumber })]);
    expect(valuesOf(v, a.sampleNumber)).toEqual({});
    const pre = (await staff.call(leafReport.preReport, { ids: [id] })).body as LeafPreReport[];
    expect(pre[0].samples[0].matchedResult).toBe(false);
  });

  it('reports and posts only the samples the own lab returned', async () => {
    const [a, b] = await withWynlandResults(2);
    nv.answer({ mode: 'partial', count: 1 }, { client: 'Partial Co' });
    const id = await submitLeaf('Nvirotek', 'Partial Co', [leafRow({ testDataId: a.id, sampleNumber: a.sampleNumber }), leafRow({ testDataId: b.id, sampleNumber: b.sampleNumber })]);
    await expect.poll(async () => (await submission(id)).state, { timeout: 20_000, interval: 200 }).toBe('Results');
    const order = orderOf(nv, (await submission(id)).submission_work_order!);
    await expect.poll(async () => (await view(id)).sampleData[0].lab_number, { timeout: 10_000, interval: 200 }).toBe(order.samples[0].labNumber);
    const v = await view(id);
    expect(v.sampleData[1]).toMatchObject({ lab_number: '', sample_reference: b.sampleNumber });
    expect(valuesOf(v, b.sampleNumber)).toEqual({});
    const html = ((await staff.call(results.print, { id })).body as { html: string }).html;
    expect(html).not.toContain('WL-OLD');
    const pre = (await staff.call(leafReport.preReport, { ids: [id] })).body as LeafPreReport[];
    expect(pre[0].samples.map((s) => s.matchedResult)).toEqual([true, false]);
    // the report: no page for the sample its lab did not return; the page of the one it did, under the lab's name
    expect(fieldsOf((await staff.call(leafPdf.startReport, { leafIds: [pre[0].samples[1].id] })).body)).toHaveProperty('leafIds');
    const report = await staff.call(leafPdf.startReport, { leafIds: [pre[0].samples[0].id] });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    await expect.poll(async () => (await staff.call(leafPdf.reportStatus, { id: report.body.id })).body.status, { timeout: 30_000, interval: 200 }).toBe('done');
    const file = await fetch(`${server.url}${leafPdf.reportFile.path}?id=${report.body.id}`, { headers: { cookie: staff.cookie } });
    const pages = pdfPages(Buffer.from(await file.arrayBuffer()));
    expect(pages[0]).toMatch(/Lab:\s+Nvirotek/);
    expect(pages.join('\n')).toContain(`Sample ${a.sampleNumber}`);
    expect(pages.join('\n')).not.toContain(`Sample ${b.sampleNumber}`);
    expect((await staff.call(results.complete, { id })).status).toBe(200);
    const posted = await staff.call(leafPost.postToMfw, { id });
    expect(posted.body, JSON.stringify(posted.body)).toEqual([expect.objectContaining({ status: 'Success' })]);
    const body = mfw.received.filter((r) => r.path === '/api/v1/sample-results' && (r.body as { submissionId: number }).submissionId === id).at(-1)!.body as { lab: string; samples: { sampleNumber: string; labNumber: string }[] };
    expect(body.lab).toBe('Nvirotek');
    expect(body.samples).toEqual([expect.objectContaining({ sampleNumber: a.sampleNumber, labNumber: order.samples[0].labNumber })]);
  });
});

describe('a work order a lab answers twice', () => {
  it('is not taken by a second submission (results are read by work order): the order is kept refused, saying so, and nothing is read for it', async () => {
    nv.answer({ mode: 'ready' }, { client: 'First Co' });
    const first = await submitLeaf('Nvirotek', 'First Co', [leafRow({ sampleNumber: 'ONE-1' })]);
    await expect.poll(async () => (await submission(first)).submission_work_order, { timeout: 15_000, interval: 100 }).toMatch(/^NV-WO-/);
    const held = (await submission(first)).submission_work_order!;
    // the lab loses its book (a restart of the stand-in, as `npm start` once did) and numbers from 1 again, until it reaches the held number
    nv = await stands.restartNvirotek();
    const heldAt = Number(held.slice('NV-WO-'.length));
    const lab = createNvirotekClient({ url: nv.url, apiKey: 'nv-key', timeoutMs: 5_000 });
    const filler = (i: number) => lab.placeOrder({ reference: `filler-${i}`, kind: 'soil', client: 'Filler Co', farm: 'F', dateSampled: null, samples: [{ sampleNumber: 'X', cropCode: null, test: 'PBrayIWater', optionalTests: [] }] });
    // the first call may meet a kept connection to the lab as it was before: once more (an order is made once per reference)
    for (let i = 1; i < heldAt; i++) await filler(i).catch(() => filler(i));
    nv.answer({ mode: 'manual' }, { client: 'Second Co' });
    const second = await submitLeaf('Nvirotek', 'Second Co', [leafRow({ sampleNumber: 'TWO-1' })]);
    const message = M.workOrderHeld('Nvirotek', held, first);
    await expect.poll(async () => (await submission(second)).error, { timeout: 15_000, interval: 100 }).toBe(message);
    expect(nv.orders.find((o) => o.workOrder === held)?.reference).toBe((await submission(second)).reference);
    expect(await submission(second)).toMatchObject({ refused: true, submission_work_order: null, lab_job_id: null, state: 'Waiting' });
    expect(await listed(second, 'waiting')).toMatchObject({ refused: true, error: message });
    const reasons = (await db().selectFrom('submission_events').select('reason').where('submission_id', '=', second).orderBy('id').execute()).map((e) => e.reason);
    expect(reasons).toContain(message);
    // the first keeps its order and its own results
    expect(await submission(first)).toMatchObject({ submission_work_order: held, refused: false });
  });
});
