import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  BOUND_MESSAGES, type LabResultView, type ValueBounds, cropGrowthsEndpoints, cropsEndpoints as crops, resultBoundsOf, resultValuesOf, farmersPdfEndpoints as farmersPdf, farmersSampleEndpoints as farmersSamples, farmersSubmissionResultEndpoints as farmers, labEndpoints,
  submissionResultEndpoints as leaf,
} from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { controlsOptional, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { pdfPages } from '../../../tests/support/pdf';
import { createUser, signedIn } from '../../../tests/support/users';
import { recordCaptureResults } from '../src/features/leafs';
import { fieldsOf, withWorld } from './submission-results.fixtures';

/**
 * Issue 31, findings 4 and 5: impossible values are refused where values enter, unusual ones need a
 * confirmation, an outside lab's out-of-bound value is stored flagged and shown, and a sample is never both
 * N/A and holding values. Over real HTTP on a real database, with the Nvirotek stand-in.
 */
const world = withWorld();
const db = () => world.w.server.built.deps.db;
const stored = (submissionId: number) => db().selectFrom('capture_results').innerJoin('captures', 'captures.id', 'capture_results.capture_id')
  .select(['captures.sample_number as sampleNumber', 'capture_results.values', 'capture_results.na']).where('capture_results.submission_id', '=', submissionId).execute();

/** Posts the Crop Data form as form data (`id` and `data` as JSON), as the dialog does. */
async function upsertCrop(client: ApiClient, id: number, data: Record<string, unknown>) {
  const form = new FormData();
  form.append('id', String(id));
  form.append('data', JSON.stringify(data));
  const res = await fetch(world.w.server.url + crops.upsert.path, { method: 'POST', body: form, headers: { cookie: client.cookie ?? '' } });
  return { status: res.status, body: (await res.json()) as { id: number; fields?: { field: string; message: string }[] } & Record<string, unknown> };
}
const provenance = { source: 'lab', method: '', tissue: '', demo: false };

describe('finding 5: impossible values typed by hand', () => {
  it('refuses P = −1 % and K = 1000 % at their cells, and stores nothing of the save', async () => {
    const { id, sheet } = await world.w.submitted('leaf', 'Manual', { entries: 2 });
    const r = await world.w.staff.call(leaf.updateManual, {
      submissionId: id,
      manualResult: [
        { sampleId: sheet.rows[0].sampleId, labNumber: 'L-1', values: { N: 2.5, P: -1 }, rowVersion: 0 },
        { sampleId: sheet.rows[1].sampleId, labNumber: 'L-2', values: { N: 2.5, K: 1000 }, rowVersion: 0 },
      ],
    });
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual({ 'manualResult.0.values.P': 'Must not be negative', 'manualResult.1.values.K': 'Must be at most 100 %' });
    expect(await stored(id)).toEqual([]);
  });

  it('asks a confirmation of a value outside the usual range (K = 8 %): refused at its cell unconfirmed, saved confirmed', async () => {
    const { id, sheet } = await world.w.submitted('leaf', 'Manual', { entries: 1 });
    const row = { sampleId: sheet.rows[0].sampleId, labNumber: 'L-3', values: { N: 2.5, K: 8 }, rowVersion: 0 };
    const refused = await world.w.staff.call(leaf.updateManual, { submissionId: id, manualResult: [row] });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual({ 'manualResult.0.values.K': 'Outside the usual range 0.3–6 %: confirm to save it' });
    const saved = await world.w.staff.call(leaf.updateManual, { submissionId: id, manualResult: [{ ...row, confirmed: ['K'] }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await stored(id))[0].values).toEqual({ N: 2.5, K: 8 });
  });
});

describe('finding 4: a row is never both N/A and holding values', () => {
  it('refuses N/A with values at the row', async () => {
    const { id, sheet } = await world.w.submitted('soil', 'ManualFarmer', { entries: 1 });
    const r = await world.w.staff.call(farmers.updateManual, { submissionId: id, manualResult: [{ sampleId: sheet.rows[0].sampleId, na: true, values: { k: 120 }, rowVersion: 0 }] });
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual({ 'manualResult.0.na': 'A sample marked N/A has no values' });
    expect(await stored(id)).toEqual([]);
  });
});

describe("finding 5: an outside lab's out-of-bound values", () => {
  it('are stored flagged and shown flagged in the Lab Result and on the Results tab, never silently', async () => {
    const { id } = await world.w.submitted('soil', 'NvirotekFarmer', { entries: 2 });
    await expect.poll(async () => (await db().selectFrom('submissions').select('submission_work_order').where('id', '=', id).executeTakeFirstOrThrow()).submission_work_order, { timeout: 15_000, interval: 100 }).not.toBeNull();
    const wo = (await db().selectFrom('submissions').select('submission_work_order').where('id', '=', id).executeTakeFirstOrThrow()).submission_work_order!;
    const order = world.w.nv.orders.find((o) => o.workOrder === wo)!;
    // the lab reports an impossible K saturation, a negative Na and an unusually high Zn for the first sample
    Object.assign(order.samples[0].values, { kPerc: 150, na: -5, zn: 400 });
    world.w.nv.publish(order.workOrder);
    await expect.poll(async () => (await db().selectFrom('submissions').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state, { timeout: 15_000, interval: 100 }).toBe('Results');
    const view = (await world.w.staff.call(farmers.getResults, { id })).body as LabResultView;
    const first = new Map(view.sampleData[0].resultvalue.map((v) => [v.code, v]));
    expect(first.get('kPerc')).toMatchObject({ lab_result: 150, flag: 'Impossible: must be at most 100 %' });
    expect(first.get('na')).toMatchObject({ lab_result: -5, flag: 'Impossible: must not be negative' });
    expect(first.get('zn')).toMatchObject({ lab_result: 400, flag: 'Outside the usual range 0–100 mg/kg' });
    expect(first.get('ca')).not.toHaveProperty('flag');
    expect(view.sampleData[1].resultvalue.every((v) => !('flag' in v))).toBe(true);
    const tab = await signedIn(world.w.server.url, await createUser(db(), ['FarmersSampleEntries']));
    const listed = (await tab.call(farmersSamples.getFarmerSampleResults, { search: order.samples[0].sampleNumber })).body.rows[0];
    expect(listed.result.find((r: { name: string }) => r.name === 'kPerc')).toEqual({ name: 'kPerc', lab_result: 150, flag: 'Impossible: must be at most 100 %' });

    // the Results tab's Excel says what is wrong in its Flags column
    const xlsx = await fetch(`${world.w.server.url}${farmersSamples.resultsExcel.path}?search=${order.samples[0].sampleNumber}`, { headers: { cookie: tab.cookie ?? '' } });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet: unknown[][] = [];
    book.worksheets[0].eachRow((r) => sheet.push((r.values as unknown[]).slice(1)));
    expect(sheet[0].at(-1)).toBe('Flags');
    expect(String(sheet[1].at(-1)).split('; ').sort()).toEqual(['K: Impossible: must be at most 100 %', 'Na: Impossible: must not be negative', 'Zn: Outside the usual range 0–100 mg/kg']);

    // the farmers' report prints them with their flags: the value marked, what is wrong under the sample
    const started = await world.w.staff.call(farmersPdf.startReport, { submissionIds: [id] });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await expect.poll(async () => (await world.w.staff.call(farmersPdf.reportStatus, { id: started.body.id })).body.status, { timeout: 30_000, interval: 100 }).toBe('done');
    const res = await fetch(`${world.w.server.url}${farmersPdf.reportFile.path}?id=${started.body.id}`, { headers: { cookie: world.w.staff.cookie ?? '' } });
    const text = pdfPages(Buffer.from(await res.arrayBuffer())).join('\n').replace(/[ \t]+/g, ' ');
    expect(text).toContain('150 !');
    expect(text).toContain('! Outside the plausible range, as the lab returned it:');
    expect(text).toMatch(/K saturation \(%\) 150 %: Impossible: must be at most 100 %|K[^\n]* 150 %: Impossible: must be at most 100 %/);
    expect(text).toMatch(/Na[^\n]* -5 [^\n]*: Impossible: must not be negative/);
    expect(text).toMatch(/Zn[^\n]* 400 mg\/kg: Outside the usual range 0–100 mg\/kg/);
  });
});

describe('finding 5: norms', () => {
  it("refuses a CV given as a fraction (0.15) and a % norm over 100, at their fields", async () => {
    const client = await signedIn(world.w.server.url, await createUser(db(), ['Crop']));
    const r = await upsertCrop(client, 0, {
      name: 'Fraction crop',
      norms: { graphs: { macroGraph: { selected: true, n: { min: 2.2, med: 2.5, max: 150 } } }, provenance },
      drisGraphs: [{ graphName: 'Macro DRIS', selected: true, rows: [{ expression: 'N/P', mean: 16.7, cv: 0.15 }] }],
    });
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual({
      'data.norms.graphs.macroGraph.n.max': 'Must be at most 100 %',
      'data.drisGraphs.0.rows.0.cv': 'A CV is a percent: under 1 looks like a fraction (write 15 for 15 %, not 0.15)',
    });
  });

  it('keeps the units a DRIS graph\'s norms were published in', async () => {
    const client = await signedIn(world.w.server.url, await createUser(db(), ['Crop']));
    const r = await upsertCrop(client, 0, {
      name: 'Units crop', norms: { graphs: {}, provenance },
      drisGraphs: [{ graphName: 'Micro DRIS', selected: true, units: { macro: 'g/kg', micro: 'mg/kg' }, rows: [{ expression: 'N/Zn', mean: 1.0, cv: 20 }] }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const got = await client.call(crops.get, { id: r.body.id });
    expect(got.body.drisGraphs[0]).toMatchObject({ units: { macro: 'g/kg', micro: 'mg/kg' }, rows: [{ expression: 'N/Zn', mean: 1.0, cv: 20 }] });
  });
});

describe('finding 5: carbohydrate growth ranges', () => {
  it('refuses a range value over 100 %, and one outside its usual range unless confirmed, at its field', async () => {
    const client = await signedIn(world.w.server.url, await createUser(db(), ['CarbohydrateEntries']));
    const growth = (starchMax: number, confirmed: string[] = []) => ({
      id: 0, name: 'Bounds crop', factor: 1,
      growths: [{ id: 0, name: 'Dormancy', sugar: { min: 4, med: 6, max: 8 }, starch: { min: 10, med: 14, max: starchMax }, confirmed }],
    });
    const over = await client.call(cropGrowthsEndpoints.cropGrowthsUpsert, growth(120));
    expect(fieldsOf(over.body)).toEqual({ 'growths.0.starch.max': 'Must be at most 100 %' });
    const asked = await client.call(cropGrowthsEndpoints.cropGrowthsUpsert, growth(45));
    expect(fieldsOf(asked.body)).toEqual({ 'growths.0.starch.max': 'Outside the usual range 0–40 %: confirm to save it' });
    const saved = await client.call(cropGrowthsEndpoints.cropGrowthsUpsert, growth(45, ['starch.max']));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.growths[0].starch).toEqual({ min: 10, med: 14, max: 45 });
  });
});

describe('finding 5: carbohydrate results', () => {
  it('refuses sugar over 100 %, and asks a confirmation of an unusual starch', async () => {
    const ref = await seedCarbohydrateReference(db(), ' (bounds)');
    await controlsOptional(db()); // the job's only sample completes it: not a test of the QC rule (qc.test.ts)
    const labUser = await signedIn(world.w.server.url, await createUser(db(), ['LabJobs']));
    const job = await seedLabJob(db(), ref, { samples: [{ sampleNumber: 'VB1' }] });
    const [row] = (await labUser.call(labEndpoints.jobData, { id: job.jobId })).body.testCarbohydrateLabResults;
    const over = await labUser.call(labEndpoints.updateResult, { id: row.id, sugar: 150, starch: 10, na: false, rowVersion: row.rowVersion });
    expect(over.status).toBe(400);
    expect(fieldsOf(over.body)).toEqual({ sugar: 'Must be at most 100 %' });
    const unusual = { id: row.id, sugar: 5, starch: 45, na: false, rowVersion: row.rowVersion };
    const asked = await labUser.call(labEndpoints.updateResult, unusual);
    expect(asked.status).toBe(400);
    expect(fieldsOf(asked.body)).toEqual({ starch: 'Outside the usual range 0–40 %: confirm to save it' });
    const saved = await labUser.call(labEndpoints.updateResult, { ...unusual, confirmed: ['starch'] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // a save over a version someone else has moved on is a conflict first (409), whatever its values: it is never
    // asked to confirm a value against the other user's row
    const stale = await labUser.call(labEndpoints.updateResult, { id: row.id, sugar: 5, starch: 46, na: false, rowVersion: row.rowVersion });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
  });
});

describe('every value code of both kinds, where values enter', () => {
  for (const kind of ['leaf', 'soil'] as const) {
    it(`${kind}: typed in, each refused below 0 and beyond its physical range, asked beyond its usual range; from a lab, each kept flagged`, async () => {
      const ep = kind === 'leaf' ? leaf : farmers;
      const { id, sheet } = await world.w.submitted(kind, kind === 'leaf' ? 'Manual' : 'ManualFarmer', { entries: 1 });
      const codes = resultValuesOf(kind).map((v) => v.code);
      const save = (values: Record<string, number>, confirmed: string[] = []) =>
        world.w.staff.call(ep.updateManual, { submissionId: id, manualResult: [{ sampleId: sheet.rows[0].sampleId, values, confirmed, rowVersion: 0 }] });
      const each = (f: (b: ValueBounds) => number) => Object.fromEntries(codes.map((c) => [c, f(resultBoundsOf(kind, c)!)]));
      const negative = await save(each(() => -1));
      expect(negative.status).toBe(400);
      expect(fieldsOf(negative.body)).toEqual(Object.fromEntries(codes.map((c) => [`manualResult.0.values.${c}`, 'Must not be negative'])));
      const over = await save(each((b) => b.max + 1));
      expect(Object.keys(fieldsOf(over.body)).sort()).toEqual(codes.map((c) => `manualResult.0.values.${c}`).sort());
      const unusualCodes = codes.filter((c) => resultBoundsOf(kind, c)!.usualMax < resultBoundsOf(kind, c)!.max);
      const unusual = Object.fromEntries(unusualCodes.map((c) => [c, (resultBoundsOf(kind, c)!.usualMax + resultBoundsOf(kind, c)!.max) / 2]));
      const asked = await save(unusual);
      expect(fieldsOf(asked.body)).toEqual(Object.fromEntries(unusualCodes.map((c) => [`manualResult.0.values.${c}`, BOUND_MESSAGES.confirm(resultBoundsOf(kind, c)!)])));
      expect(await stored(id)).toEqual([]);
      const confirmed = await save(unusual, unusualCodes);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect((await stored(id))[0].values).toEqual(unusual);

      // the same impossible values from an outside lab, through the one results store: kept, each flagged
      const other = await world.w.submitted(kind, kind === 'leaf' ? 'Manual' : 'ManualFarmer', { entries: 1 });
      const capture = (await db().selectFrom('captures').select('id').where('sample_number', '=', other.sheet.rows[0].sampleNumber).where('kind', '=', kind).executeTakeFirstOrThrow()).id;
      const values = each(() => -1);
      await db().transaction().execute((trx) => recordCaptureResults(trx, [{ captureId: capture, labName: 'Wynland', labNumber: 'W-1', source: 'Wynland', values }], null));
      const row = await db().selectFrom('capture_results').select(['values', 'flags']).where('capture_id', '=', capture).executeTakeFirstOrThrow();
      expect(row.values).toEqual(values);
      expect(row.flags).toEqual(Object.fromEntries(codes.map((c) => [c, 'Impossible: must not be negative'])));
    });
  }
});
