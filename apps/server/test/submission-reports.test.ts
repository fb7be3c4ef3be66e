import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  FARMERS_REPORT_MESSAGES as FM, LEAF_REPORT_MESSAGES as M, SAMPLE_NO_RESULT as NO, SUBMISSION_REPORT_MESSAGES as RM, type LeafPreReport, cropsEndpoints as crops, dris,
  farmersPdfEndpoints as farmersPdf, farmersReportEndpoints as farmersEp, farmersSubmissionResultEndpoints as farmersResults, leafPdfEndpoints as leafPdf,
  leafReportEndpoints as ep, submissionResultEndpoints as results,
} from '@sapwood/contracts';
import { layoutLeafChart } from '../src/features/leaf-report/chart/leaf-chart';
import { reportNumber } from '../src/platform/reports/report-number';
import type { FrozenReport } from '../src/features/leaf-report/submission-report.model';
import { createStorage } from '../src/platform/storage/storage';
import type { ApiClient } from '../../../tests/support/api-client';
import { pdfPages } from '../../../tests/support/pdf';
import { createUser, signedIn } from '../../../tests/support/users';
import { fieldsOf, withWorld } from './submission-results.fixtures';

/** Issue 15: the leaf and farmers' report PDFs as records — made off the request path, read back with pdftotext, kept byte for byte. */
const world = withWorld();
const db = () => world.w.server.built.deps.db;
const staff = () => world.w.staff;
const DRIS_ROWS = [{ expression: 'N/P', mean: 16.7, cv: 12 }, { expression: 'K/P', mean: 6.7, cv: 20 }];

let cropStaff: ApiClient;
let cropId = 0;
let stageId = 0;
let leaf: { id: number; pre: LeafPreReport };
let brand: { afrikaansId: number; addressId: number; distributorId: number };

type Status = { status: string; error: string | null; fileName: string | null; kind: string; submissionIds: number[] };
async function waitDone(kind: 'leaf' | 'soil', id: number): Promise<Status> {
  const status = kind === 'leaf' ? leafPdf.reportStatus : farmersPdf.reportStatus;
  for (let i = 0; i < 300; i += 1) {
    const s = await staff().call(status, { id });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    if (s.body.status === 'done') return s.body;
    if (s.body.status === 'failed') throw new Error(`report failed: ${s.body.error}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('report did not finish');
}

async function download(kind: 'leaf' | 'soil', id: number): Promise<Buffer> {
  const path = kind === 'leaf' ? leafPdf.reportFile.path : farmersPdf.reportFile.path;
  const res = await fetch(`${world.w.server.url}${path}?id=${id}`, { headers: { cookie: staff().cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

const frozenOf = async (id: number) => (await db().selectFrom('submission_reports').select('frozen').where('id', '=', id).executeTakeFirstOrThrow()).frozen as FrozenReport;
let stageNormsVersion = 0;
const setStageNorms = async (n: { min: number; med: number; max: number }) => {
  const r = await cropStaff.call(crops.upsertGrowthStages, {
    cropId, growthStages: [{ id: stageId, normsVersion: stageNormsVersion, norms: { graphs: { macroGraph: { selected: true, n, p: { min: 0.12, med: 0.14, max: 0.16 } }, microGraph: { selected: true, zn: { min: 25, med: 50, max: 100 } } } } }],
  });
  if (r.status === 200) stageNormsVersion = (r.body as { id: number; normsVersion: number }[]).find((g) => g.id === stageId)!.normsVersion;
  return r;
};

beforeAll(async () => {
  const w = world.w;
  cropStaff = await signedIn(w.server.url, await createUser(db(), ['Crop'], { name: 'Crop Staff' }));
  const { id, sheet } = await w.submitted('leaf', 'Manual', { entries: 3, clientName: 'Orchard Co' });
  const r = await staff().call(results.updateManual, {
    submissionId: id, submit: true, manualResult: [
      { sampleId: sheet.rows[0].sampleId, labNumber: 'LAB-1', values: { N: 2.1, P: 0.14, Zn: 140, K: 1.0 }, rowVersion: 0 },
      { sampleId: sheet.rows[1].sampleId, labNumber: 'LAB-2', values: { N: 2.65, P: 0.131, Zn: 44 }, rowVersion: 0 },
      { sampleId: sheet.rows[2].sampleId, na: true, rowVersion: 0 },
    ],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  leaf = { id, pre: (await staff().call(ep.preReport, { ids: [id] })).body[0] };
  cropId = leaf.pre.samples[0].cropId!;
  stageId = (await db().insertInto('growth_stages').values({ crop_id: cropId, sequence_number: 9, name: 'FLOWERING' }).returning('id').executeTakeFirstOrThrow()).id;
  expect((await setStageNorms({ min: 2.4, med: 2.6, max: 2.8 })).status).toBe(200);
  const crop = (await cropStaff.call(crops.get, { id: cropId })).body;
  const form = new FormData();
  form.append('id', String(cropId));
  form.append('data', JSON.stringify({
    name: crop.name, linkedNames: crop.linkedNames, rowVersion: crop.rowVersion, normsVersion: crop.normsVersion, norms: crop.norms ?? { graphs: {} },
    drisGraphs: [{ graphName: 'Macro DRIS', selected: true, rows: DRIS_ROWS }],
  }));
  const up = await fetch(w.server.url + crops.upsert.path, { method: 'POST', body: form, headers: { cookie: cropStaff.cookie } });
  expect(up.status, await up.clone().text()).toBe(200);
  const langs = await db().selectFrom('languages').select(['id', 'name']).execute();
  const address = await db().insertInto('addresses').values({ name: 'Sapwood Labs', address_line: '1 Lab Road', area: 'Stellenbosch', code: '7600', number: '021 555 0101', email: 'lab@sapwood.test', website: 'sapwood.test', file_prefix: 'SWL', logo_word: 'SAPWOOD', is_default: true }).returning('id').executeTakeFirstOrThrow();
  await createStorage(w.server.built.deps.config).put('distributors/agri-h1.png', await sharp({ create: { width: 120, height: 60, channels: 3, background: '#2f7d57' } }).png().toBuffer());
  const distributor = await db().insertInto('distributors').values({ name: 'AgriCo', image_path: 'agri', image_hash: 'h1' }).returning('id').executeTakeFirstOrThrow();
  brand = { afrikaansId: langs.find((l) => l.name === 'Afrikaans')!.id, addressId: address.id, distributorId: distributor.id };
}, 90_000);

describe('the leaf report PDF', () => {
  let reportId = 0;
  let pdf: Buffer;

  it('is made off the request path from the saved settings and page texts, in Afrikaans, with the brand, and read back page by page', async () => {
    const [a, b, c] = leaf.pre.samples;
    const pages = await staff().call(ep.updateReportData, [{
      ...leaf.pre.header, rowVersion: leaf.pre.rowVersion, languageId: brand.afrikaansId, addressId: brand.addressId, distributorId: brand.distributorId, clientName: 'Orchard Holdings',
      includeSummary: true, includeIndex: true, includeGuidelines: true, includeDrisGraphs: true, includeSanas: true,
      samples: [{ id: a.id }, { id: b.id }, { id: c.id, selected: false }],
    }]);
    expect(pages.status, JSON.stringify(pages.body)).toBe(200);
    expect(pages.body.pages.map((p: { sampleId: number }) => p.sampleId)).toEqual([a.id, b.id]);
    expect((await staff().call(ep.savePage, { submissionId: leaf.id, sampleId: a.id, recommendation: 'Spuit sink teen 2 kg/ha', plantSay: 'Ek kort stikstof', rowVersion: 0 })).status).toBe(200);

    // the preview's Download PDF: a link that answers with the report's progress page
    const res = await fetch(`${world.w.server.url}${leafPdf.questPdf.path}?leafIds=${a.id},${b.id}`, { headers: { cookie: staff().cookie }, redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/reports\/leaf\/\d+$/);
    reportId = Number(location.split('/').pop());
    const done = await waitDone('leaf', reportId);
    expect(done).toMatchObject({ kind: 'leaf', submissionIds: [leaf.id], fileName: expect.stringMatching(/^leaf-report-Orchard_Holdings-\d{4}-\d\d-\d\d-\d+\.pdf$/) });
    pdf = await download('leaf', reportId);
    const text = pdfPages(pdf);
    const all = text.join('\n');
    // the front page: brand, title, names, SANAS, index with page numbers, summary
    expect(text[0]).toContain('Sapwood Labs');
    expect(text[0]).toContain('SAPWOOD');
    expect(text[0]).toContain('Blaarontledingsverslag');
    expect(text[0]).toMatch(/Kliënt:\s+Orchard Holdings/);
    expect(text[0]).toContain('AgriCo');
    expect(text[0]).toContain("Getoets deur 'n SANAS-geakkrediteerde laboratorium");
    expect(text[0]).toMatch(new RegExp(`Monster ${a.sample} · Blok B1.*Bladsy 2`));
    expect(text[0]).toMatch(new RegExp(`Monster ${b.sample} · Blok B1.*Bladsy 3`));
    expect(text[0]).toContain('Opsomming');
    // one page per sample, with its values, placements, the guidelines, DRIS and the typed texts under Afrikaans labels
    expect(text).toHaveLength(3);
    expect(text[1]).toContain(`Monster ${a.sample}`);
    for (const v of [2.1, 0.14, 140]) expect(text[1]).toContain(reportNumber(v));
    expect(text[1]).toContain('Laag');
    expect(text[1]).toContain('Hoog');
    expect(text[1]).toContain('Riglyne');
    expect(text[1]).toContain('NBI');
    expect(text[1]).toContain('Wat sê jou plant?');
    expect(text[1]).toContain('Ek kort stikstof');
    expect(text[1]).toContain('Aanbeveling');
    expect(text[1]).toContain('Spuit sink teen 2 kg/ha');
    expect(text[2]).toContain(`Monster ${b.sample}`);
    // the chart prints each value by the reports' one rule, as the summary does (0.131, not 0.13)
    for (const v of [2.65, 0.131, 44]) expect(text[2]).toContain(reportNumber(v));
    expect(text[2]).toContain('0.131');
    for (const v of ['2.65', '0.131', '140']) expect(text[0]).toContain(v);
    expect(all).not.toContain(c.sample);
    expect(text[2]).toContain('Bladsy 3 van 3');
  });

  it('keeps the norms, values and DRIS it used; its placements are the chart module\'s and its DRIS the engine\'s', async () => {
    const frozen = await frozenOf(reportId);
    expect(frozen.kind).toBe('leaf');
    if (frozen.kind !== 'leaf') return;
    const page = frozen.sections[0].pages[0];
    expect(page.chart.elements.find((e) => e.element === 'N')).toMatchObject({ value: 2.1, min: 2.4, med: 2.6, max: 2.8 });
    const placed = Object.fromEntries(layoutLeafChart(page.chart).rows.map((r) => [r.element, r.placement]));
    expect(placed).toMatchObject({ N: 'below', P: 'inside', Zn: 'above' });
    const engine = dris({ N: 2.1, P: 0.14, Zn: 140, K: 1.0 }, DRIS_ROWS);
    expect(page.chart.dris).toEqual({ indices: engine.indices.map((i) => ({ element: i.element, index: i.index })), nbi: engine.nbi });
    expect(page).toMatchObject({ recommendation: 'Spuit sink teen 2 kg/ha', plantSay: 'Ek kort stikstof' });
    expect(frozen.sections[0]).toMatchObject({ clientName: 'Orchard Holdings', brand: { name: 'Sapwood Labs', distributor: 'AgriCo' }, logo: { distributorId: brand.distributorId } });
  });

  it('is downloaded again byte for byte after the norms and results change, while a new report uses the new ones', async () => {
    expect((await setStageNorms({ min: 1.5, med: 2, max: 2.5 })).status).toBe(200);
    const sheet = (await staff().call(results.sampleNumbers, { submissionId: leaf.id })).body;
    const row = sheet.rows[0];
    const changed = await staff().call(results.updateManual, { submissionId: leaf.id, manualResult: [{ sampleId: row.sampleId, labNumber: 'LAB-1', values: { N: 2.2, P: 0.14, Zn: 140, K: 1.0 }, rowVersion: row.rowVersion }] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await download('leaf', reportId)).equals(pdf)).toBe(true);
    expect((await frozenOf(reportId)).sections[0]).toMatchObject({ pages: [{ chart: { elements: expect.arrayContaining([expect.objectContaining({ element: 'N', value: 2.1, min: 2.4 })]) } }, expect.anything()] });
    const again = await staff().call(leafPdf.startReport, { leafIds: [leaf.pre.samples[0].id] });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await waitDone('leaf', again.body.id);
    const now = await frozenOf(again.body.id);
    if (now.kind !== 'leaf') throw new Error('leaf report expected');
    expect(now.sections[0].pages[0].chart.elements.find((e) => e.element === 'N')).toMatchObject({ value: 2.2, min: 1.5, max: 2.5 });
    expect(pdfPages(await download('leaf', again.body.id)).join('\n')).toContain('2.2');
  });

  it('combines the pages of several submissions in one PDF (Combine Reports)', async () => {
    const other = await world.w.submitted('leaf', 'Manual', { entries: 1, clientName: 'Berry Farms' });
    expect((await staff().call(results.updateManual, { submissionId: other.id, manualResult: [{ sampleId: other.sheet.rows[0].sampleId, values: { N: 3.01 }, rowVersion: 0 }] })).status).toBe(200);
    const r = await staff().call(leafPdf.startReport, { leafIds: [leaf.pre.samples[0].id, other.sheet.rows[0].sampleId] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await waitDone('leaf', r.body.id)).toMatchObject({ submissionIds: [leaf.id, other.id] });
    const text = pdfPages(await download('leaf', r.body.id)).join('\n');
    expect(text).toContain('Orchard Holdings');
    expect(text).toContain('Berry Farms');
    expect(text).toContain('Leaf Analysis Report');
    expect(text).toContain('Blaarontledingsverslag');
    expect(text).toContain('3.01');
  });

  it('refuses pages without a result, of a farmers submission, unknown ones and a malformed list, with the field named', async () => {
    const [, , c] = leaf.pre.samples;
    const na = await staff().call(leafPdf.startReport, { leafIds: [c.id] });
    // the N/A sample has a result (N/A): it is a page, not refused
    expect(na.status).toBe(200);
    const waiting = await world.w.submitted('leaf', 'Manual', { entries: 1 });
    // refused with the sample and why it has no result, by the lab result view's rule (ADR 0252)
    expect(fieldsOf((await staff().call(leafPdf.startReport, { leafIds: [waiting.sheet.rows[0].sampleId] })).body)).toEqual({ leafIds: M.noResult(waiting.sheet.rows[0].sampleNumber, NO.typing) });
    const soil = await world.w.submitted('soil', 'ManualFarmer', { entries: 1 });
    expect(fieldsOf((await staff().call(leafPdf.startReport, { leafIds: [soil.sheet.rows[0].sampleId] })).body)).toEqual({ leafIds: M.notLeaf });
    expect(fieldsOf((await staff().call(leafPdf.startReport, { leafIds: [2_000_000_000] })).body)).toEqual({ leafIds: RM.notFound });
    const bad = await fetch(`${world.w.server.url}${leafPdf.questPdf.path}?leafIds=1,,x`, { headers: { cookie: staff().cookie }, redirect: 'manual' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(await bad.json())).toEqual({ leafIds: RM.leafIds });
    const asked = await db().selectFrom('submission_reports').select('sample_ids').execute();
    expect(asked.filter((r) => r.sample_ids.includes(waiting.sheet.rows[0].sampleId))).toEqual([]);
  });

  it('is for the Submissions permission, and a report is read under its own kind only', async () => {
    const other = await signedIn(world.w.server.url, await createUser(db(), ['FarmersSampleSubmissions'], { name: 'Soil Only' }));
    expect((await other.call(leafPdf.startReport, { leafIds: [leaf.pre.samples[0].id] })).status).toBe(403);
    expect((await other.call(leafPdf.reportStatus, { id: reportId })).status).toBe(403);
    expect((await other.call(farmersPdf.reportStatus, { id: reportId })).status).toBe(404);
  });
});

describe('the farmers report PDF', () => {
  it('is made from the submission-ids link, one or several submissions, with the values and units', async () => {
    const a = await world.w.submitted('soil', 'ManualFarmer', { entries: 2, clientName: 'Soil Co' });
    const b = await world.w.submitted('soil', 'ManualFarmer', { entries: 1, clientName: 'Veld Trust' });
    let r = await staff().call(farmersPdf.startReport, { submissionIds: [a.id] });
    expect(fieldsOf(r.body)).toEqual({ submissionIds: FM.noneMatched });
    expect((await staff().call(farmersResults.updateManual, { submissionId: a.id, manualResult: [{ sampleId: a.sheet.rows[0].sampleId, labNumber: 'S-1', values: { phKcl: 5.55, k: 123.5 }, rowVersion: 0 }] })).status).toBe(200);
    expect((await staff().call(farmersResults.updateManual, { submissionId: b.id, manualResult: [{ sampleId: b.sheet.rows[0].sampleId, labNumber: 'S-9', values: { ca: 987, exchAcidKcl: 1.19 }, rowVersion: 0 }] })).status).toBe(200);
    const pre = (await staff().call(farmersEp.preReport, { ids: [a.id] })).body[0];
    const { samples, id: _id, ...h } = pre.farmerData;
    expect((await staff().call(farmersEp.updateReportData, [{ ...h, rowVersion: pre.rowVersion, languageId: brand.afrikaansId, address: brand.addressId, samples: samples.map((s: { id: number }) => ({ id: s.id })) }])).status).toBe(200);

    const res = await fetch(`${world.w.server.url}${farmersPdf.questPdf.path}?submissionIds=${a.id},${b.id}`, { headers: { cookie: staff().cookie }, redirect: 'manual' });
    expect(res.status).toBe(303);
    const id = Number(res.headers.get('location')!.match(/^\/reports\/farmers\/(\d+)$/)![1]);
    expect(await waitDone('soil', id)).toMatchObject({ kind: 'soil', submissionIds: [a.id, b.id] });
    const text = pdfPages(await download('soil', id)).join('\n');
    expect(text).toContain('Boeremonsterverslag');
    expect(text).toContain('Sapwood Labs');
    // the second submission has no saved settings: its own language (English)
    expect(text).toContain("Farmer's Sample Report");
    expect(text).toContain('Soil Co');
    expect(text).toContain('Veld Trust');
    for (const v of ['S-1', '5.55', '123.5', 'S-9', '987', 'K (mg/kg)']) expect(text).toContain(v);
    // a long label keeps its unit (it was cut to 'Exch. acid (KCl) (cmol(…')
    expect(text).toContain('Exch. acid (KCl) (cmol(+)/kg)');
    r = await staff().call(leafPdf.reportStatus, { id });
    expect(r.status).toBe(404);
    expect(fieldsOf((await staff().call(farmersPdf.startReport, { submissionIds: [leaf.id] })).body)).toEqual({ submissionIds: M.notFarmers });
  });
});
