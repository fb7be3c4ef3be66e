import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { FARMERS_RESULT_VALUES, LEAF_RESULT_VALUES, farmersSampleEndpoints as farmersEp, leafsEndpoints as ep, resultHeader } from '@sapwood/contracts';
import { type CaptureResultInput, recordCaptureResults } from '../src/features/leafs';
import { seedCaptureResultsDemo } from '../src/features/leafs/capture-results.demo';
import { CapturesService } from '../src/features/leafs/captures.service';
import { listAudit } from '../src/platform/audit/audit.repository';
import { createCaptureClient } from '../src/platform/integrations/capture.client';
import type { ApiClient } from '../../../tests/support/api-client';
import { seedCarbohydrateReference } from '../../../tests/support/carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../../../tools/stand-ins/capture-server';

/**
 * A capture's lab results (issue 12): stored through recordCaptureResults (audited, versioned), listed on the
 * Results tabs of /leafs (LeafResults) and /farmerssampleentries (FarmersSampleEntries).
 */
let app: CaptureStandIn;
let server: TestServer;
let results: ApiClient;
let leafsOnly: ApiClient;
let farmersOnly: ApiClient;
let staffId: number;
let leafIds: Map<string, number>;
let soilIds: Map<string, number>;
let refusedId: number;

const db = () => server.built.deps.db;
const record = (rows: CaptureResultInput[], userId: number | null = staffId, reason?: string) => db().transaction().execute((trx) => recordCaptureResults(trx, rows, userId, reason));
const idsOf = async (kind: 'leaf' | 'soil') => new Map((await db().selectFrom('captures').select(['id', 'sample_number']).where('kind', '=', kind).where('refused_reason', 'is', null).execute()).map((r) => [r.sample_number, r.id]));
/** the result of leaf sample L260nn: N rising with nn, Fe, no Mo */
const leafResult = (n: number): CaptureResultInput => ({
  captureId: leafIds.get(`L${26_000 + n}`)!, labName: 'Nvirotek', labNumber: `NV-${1000 + n}`, source: 'Nvirotek',
  values: { N: 2 + n / 100, P: 0.21, K: 1.35, Ca: 1.8, Mg: 0.42, NaPerc: 0.02, Na: 200, Fe: 120 + n, Mn: 85, Zn: 24.5, Cu: 8.1, B: 41, S: 0.25, Mo: null },
});

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 30, soil: 12 });
  server = await startTestServer();
  const ref = await seedCarbohydrateReference(db());
  // 'Table grape' stays unknown: those captures are refused
  await db().updateTable('crops').set({ linked_names: ['Macadamia'] }).where('id', '=', ref.crop.id).execute();
  await db().insertInto('crops').values({ name: 'Apple', factor: 1 }).execute();
  const captures = new CapturesService(db(), createCaptureClient({ url: app.url, apiKey: 'cap-key', timeoutMs: 5_000 }));
  expect(await captures.sync('leaf', null)).toMatchObject({ ok: true, refused: 5 });
  expect(await captures.sync('soil', null)).toMatchObject({ ok: true, added: 12 });
  [leafIds, soilIds] = [await idsOf('leaf'), await idsOf('soil')];
  refusedId = (await db().selectFrom('captures').select('id').where('refused_reason', 'is not', null).executeTakeFirstOrThrow()).id;
  const staff = await createUser(db(), ['Leafs', 'LeafResults'], { name: 'Results Staff' });
  staffId = staff.id;
  results = await signedIn(server.url, staff);
  leafsOnly = await signedIn(server.url, await createUser(db(), ['Leafs']));
  farmersOnly = await signedIn(server.url, await createUser(db(), ['FarmersSampleEntries']));
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

describe('the leaf Results tab', () => {
  it('lists only the captures with a result, any state, with the values measured in the element order', async () => {
    expect((await results.call(ep.getLeafResults, {})).body).toMatchObject({ rows: [], total: 0, estimated: false });
    await record([1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17].map(leafResult));
    // archived, it is still on the Results tab
    expect((await results.call(ep.archive, { id: leafIds.get('L26002')!, archive: true })).status).toBe(200);
    const all = await results.call(ep.getLeafResults, { rowsPerPage: 100, sortBy: 'sampleNumber' });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(12);
    const first = all.body.rows[0];
    expect(first).toMatchObject({ sampleNumber: 'L26001', crop: expect.any(String), labName: 'Nvirotek', labNumber: 'NV-1001', na: false, clientName: expect.any(String), lab: 'Nvirotek' });
    const order = LEAF_RESULT_VALUES.map((v) => v.code as string);
    expect(first.result.map((r: { name: string }) => r.name)).toEqual(order.filter((c) => !['Mo', 'Ni', 'No3', 'Nh4'].includes(c)));
    expect(first.result.slice(0, 2)).toEqual([{ name: 'N', lab_result: 2.01 }, { name: 'P', lab_result: 0.21 }]);
    expect(first.result.find((r: { name: string }) => r.name === 'Zn')).toEqual({ name: 'Zn', lab_result: 24.5 });
  });

  it('pages, searches (start of sample, client, farm or block) and sorts like the other tabs', async () => {
    const page2 = await results.call(ep.getLeafResults, { rowsPerPage: 5, page: 2, sortBy: 'sampleNumber', ascending: true });
    expect(page2.body.total).toBe(12);
    expect(page2.body.rows.map((r: { sampleNumber: string }) => r.sampleNumber)).toEqual(['L26008', 'L26010', 'L26011', 'L26013', 'L26014']);
    const desc = await results.call(ep.getLeafResults, { rowsPerPage: 3, sortBy: 'sampleNumber', ascending: false });
    expect(desc.body.rows.map((r: { labNumber: string }) => r.labNumber)).toEqual(['NV-1017', 'NV-1016', 'NV-1014']);
    // the start of a sample number, in any case; not the middle of one
    expect((await results.call(ep.getLeafResults, { search: 'l2601' })).body.rows.map((r: { sampleNumber: string }) => r.sampleNumber).sort())
      .toEqual(['L26010', 'L26011', 'L26013', 'L26014', 'L26016', 'L26017']);
    expect((await results.call(ep.getLeafResults, { search: 'L26003' })).body.total).toBe(0);
    expect((await results.call(ep.getLeafResults, { search: 'L26007' })).body.total).toBe(1);
    expect((await results.call(ep.getLeafResults, { search: '2600' })).body.total).toBe(0);
    const orchard = await results.call(ep.getLeafResults, { search: 'Orchard Co', rowsPerPage: 100 });
    expect(orchard.body.rows.every((r: { clientName: string }) => r.clientName === 'Orchard Co')).toBe(true);
    expect(orchard.body.total).toBeGreaterThan(0);
    expect((await results.call(ep.getLeafResults, { search: 'B9' })).body.rows.every((r: { blockNumber: string }) => r.blockNumber === 'B9')).toBe(true);
    const synced = await results.call(ep.getLeafResults, { rowsPerPage: 100, sortBy: 'inserted', ascending: false });
    expect(synced.body.rows).toHaveLength(12);
  });

  it('needs LeafResults: a user with Leafs only gets 403; Admin gets the list', async () => {
    expect((await leafsOnly.call(ep.getLeafResults, {})).status).toBe(403);
    expect((await leafsOnly.call(ep.notCompleted, {})).status).toBe(200);
    expect((await farmersOnly.call(ep.getLeafResults, {})).status).toBe(403);
    const admin = await signedIn(server.url, ADMIN);
    expect((await admin.call(ep.getLeafResults, {})).body.total).toBe(12);
    expect((await results.call(ep.getLeafResults, { rowsPerPage: 0 })).status).toBe(400);
  });

  it('downloads the tab as .xlsx with its search, every value a column with its unit, read back by exceljs; LeafResults only', async () => {
    const download = (client: ApiClient, query: string) => fetch(`${server.url}${ep.resultsExcel.path}?${query}`, { headers: { cookie: client.cookie } });
    const res = await download(results, 'search=L2600&sortBy=sampleNumber&ascending=true');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Lab', 'Sample Number', 'Crop', 'Client', 'Farm', 'Block', 'Agent', 'Agronomist', 'Date Synced', 'Date Captured',
      'Lab Name', 'Lab Number', 'N/A', ...LEAF_RESULT_VALUES.map((v) => resultHeader(v)), 'Flags']);
    // L26001, L26002, L26004, L26005, L26007, L26008 have results (L26002 archived); the others of L2600x none
    expect(rows.slice(1).map((r) => r[1])).toEqual(['L26001', 'L26002', 'L26004', 'L26005', 'L26007', 'L26008']);
    const first = rows[1];
    const at = (code: string) => 13 + LEAF_RESULT_VALUES.findIndex((v) => v.code === code);
    expect([first[10], first[11], first[at('N')], first[at('Fe')], first[at('Zn')], first[at('Mo')] ?? null]).toEqual(['Nvirotek', 'NV-1001', 2.01, 121, 24.5, null]);
    const refused = await download(leafsOnly, '');
    expect(refused.status).toBe(403);
    await refused.arrayBuffer();
    const bad = await download(results, `search=${'x'.repeat(300)}`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: [{ field: 'search' }] });
  });
});

describe('recordCaptureResults', () => {
  it('replaces a result with a new version, the audit keeping the previous values and the reason', async () => {
    const id = leafIds.get('L26020')!;
    expect(await record([{ ...leafResult(20), expectedVersion: 0 }])).toEqual([{ captureId: id, rowVersion: 1 }]);
    const corrected = { ...leafResult(20), values: { ...leafResult(20).values, N: 2.45, Mo: 0.35 }, expectedVersion: 1 };
    expect(await record([corrected], staffId, 'N re-run: dilution error')).toEqual([{ captureId: id, rowVersion: 2 }]);
    const audit = await listAudit(db(), 'capture_result', id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    const update = audit[1];
    expect(update).toMatchObject({ reason: 'N re-run: dilution error' });
    expect(update.old_values).toEqual({ values: expect.objectContaining({ N: 2.2, Fe: 140 }) });
    expect((update.old_values as { values: Record<string, number> }).values).not.toHaveProperty('Mo');
    expect(update.new_values).toEqual({ values: expect.objectContaining({ N: 2.45, Mo: 0.35 }) });
    expect(audit[0].new_values).toMatchObject({ labName: 'Nvirotek', labNumber: 'NV-1020', na: false, source: 'Nvirotek', submissionId: null });
    const row = await db().selectFrom('capture_results').selectAll().where('capture_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ row_version: 2, updated_by: staffId, demo: false, values: expect.objectContaining({ N: 2.45, Mo: 0.35 }) });
    // the same result again writes nothing
    expect(await record([{ ...corrected, expectedVersion: 2 }])).toEqual([{ captureId: id, rowVersion: 2 }]);
    expect(await listAudit(db(), 'capture_result', id)).toHaveLength(2);
  });

  it('refuses a stale expected version (409) and writes nothing of the batch', async () => {
    const id = leafIds.get('L26020')!;
    const other = leafIds.get('L26022')!;
    const stale = record([leafResult(22), { ...leafResult(20), values: { N: 9 }, expectedVersion: 1 }]);
    await expect(stale).rejects.toMatchObject({ status: 409, message: 'The results of this sample were changed by someone else. Reload them and try again.' });
    // a new result expected where one exists is stale too
    await expect(record([{ ...leafResult(20), expectedVersion: 0 }])).rejects.toMatchObject({ status: 409 });
    expect((await db().selectFrom('capture_results').select('values').where('capture_id', '=', id).executeTakeFirstOrThrow()).values.N).toBe(2.45);
    expect(await db().selectFrom('capture_results').select('capture_id').where('capture_id', '=', other).executeTakeFirst()).toBeUndefined();
  });

  it("refuses a value that is not the kind's, not a number, N/A with values, and unknown or refused captures", async () => {
    const soil = soilIds.get('S26001')!;
    const bad = (rows: CaptureResultInput[]) => record(rows).then(() => null, (e: { status: number; fields?: unknown }) => ({ status: e.status, fields: e.fields }));
    expect(await bad([{ captureId: soil, labName: 'Wynland', labNumber: 'W1', source: 'Wynland', values: { N: 2 } }]))
      .toEqual({ status: 400, fields: [{ field: 'rows.0.values.N', message: "'N' is not a value of this kind of sample" }] });
    expect(await bad([leafResult(24), { ...leafResult(23), values: { Fe: Number.NaN }, na: true }])).toEqual({ status: 400, fields: [{ field: 'rows.1.values.Fe', message: 'Must be a number' }] });
    expect(await bad([{ ...leafResult(23), na: true }])).toEqual({ status: 400, fields: [{ field: 'rows.0.na', message: 'A sample marked N/A has no values' }] });
    expect(await bad([leafResult(23), leafResult(23)])).toEqual({ status: 400, fields: [{ field: 'rows.1.captureId', message: 'This sample is given twice' }] });
    expect(await bad([{ ...leafResult(23), captureId: refusedId }])).toMatchObject({ status: 404 });
    expect(await bad([{ ...leafResult(23), captureId: 999_999 }])).toMatchObject({ status: 404 });
    expect(await db().selectFrom('capture_results').select('capture_id').where('capture_id', 'in', [leafIds.get('L26024')!, leafIds.get('L26023')!]).execute()).toEqual([]);
    // N/A without values is a result: on the tab with no values
    await record([{ ...leafResult(23), values: {}, na: true }]);
    const na = (await results.call(ep.getLeafResults, { search: 'L26023' })).body.rows[0];
    expect(na).toMatchObject({ na: true, result: [] });
  });
});

describe('the farmers Results tab', () => {
  it('lists the entries with a result to a user with FarmersSampleEntries only, in the wide table order', async () => {
    const values = { phKcl: 5.4, phH2O: 6.2, pBrayI: 32.5, k: 180, ca: 900, mg: 210, sAmAC: 7.1, tValueAmAc: 7.4, cWb: 1.2, som: 2.07, s: 12.3, caToMg: 2.6 };
    await record([{ captureId: soilIds.get('S26003')!, labName: 'Wynland', labNumber: 'WL-7', source: 'Wynland', values }]);
    const r = await farmersOnly.call(farmersEp.getFarmerSampleResults, {});
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1);
    expect(r.body.rows[0]).toMatchObject({ sampleNumber: 'S26003', labName: 'Wynland', labNumber: 'WL-7', submissionJobId: null });
    const order = FARMERS_RESULT_VALUES.map((v) => v.code as string).filter((c) => c in values);
    expect(r.body.rows[0].result.map((x: { name: string }) => x.name)).toEqual(order);
    expect(r.body.rows[0].result[0]).toEqual({ name: 'caToMg', lab_result: 2.6 });
    expect((await leafsOnly.call(farmersEp.getFarmerSampleResults, {})).status).toBe(403);
    // a leaf result is not on the farmers' tab, nor a soil one on the leaf tab
    expect((await results.call(ep.getLeafResults, { search: 'S26003' })).body.total).toBe(0);
  });
});

describe('demo results', () => {
  it('gives about a third of the captures a result in plausible ranges, marked demo, and is not repeated', async () => {
    const candidates = await db().selectFrom('captures as c').leftJoin('capture_results as r', 'r.capture_id', 'c.id').select('c.id')
      .where('c.refused_reason', 'is', null).where('r.capture_id', 'is', null).execute();
    const expected = candidates.filter((c) => c.id % 3 === 0).length;
    await seedCaptureResultsDemo(server.built.deps);
    const rows = await db().selectFrom('capture_results as r').innerJoin('captures as c', 'c.id', 'r.capture_id').select(['c.kind', 'r.values', 'r.demo', 'r.na', 'r.source', 'r.lab_number']).where('r.demo', '=', true).execute();
    expect(rows.length).toBe(expected);
    expect(expected).toBeGreaterThan(candidates.length / 5);
    for (const r of rows.filter((x) => !x.na)) {
      if (r.kind === 'leaf') {
        expect(r.values.N).toBeGreaterThanOrEqual(1.8);
        expect(r.values.N).toBeLessThanOrEqual(3);
        expect(r.values.NaPerc).toBeCloseTo(r.values.Na / 10_000, 3);
      } else {
        expect(r.values.phH2O).toBeGreaterThan(r.values.phKcl);
        expect(r.values.tValueAmAc).toBeGreaterThanOrEqual(r.values.sAmAC);
      }
    }
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['leaf', 'soil']));
    const count = rows.length;
    await seedCaptureResultsDemo(server.built.deps);
    expect((await db().selectFrom('capture_results').select('capture_id').where('demo', '=', true).execute()).length).toBe(count);
  });
});
