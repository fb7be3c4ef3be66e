import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  FARMERS_REPORT_MESSAGES as FM, LEAF_REPORT_MESSAGES as M, type LeafPreReport, type LeafReportRequest, type PreviewPage, cropsEndpoints as crops, dris,
  farmersReportEndpoints as farmersEp, farmersSubmissionResultEndpoints as farmersResults, leafReportEndpoints as ep, submissionResultEndpoints as results,
} from '@sapwood/contracts';
import { pageChartInput, pageSvg } from '../src/features/leaf-report/leaf-page';
import { LeafReportService } from '../src/features/leaf-report/leaf-report.service';
import { leafReportTexts } from '../src/features/leaf-report/leaf-report.texts';
import { layoutLeafChart } from '../src/features/leaf-report/chart/leaf-chart';
import type { ApiClient } from '../../../tests/support/api-client';
import { createUser, signedIn } from '../../../tests/support/users';
import { fieldsOf, withWorld } from './submission-results.fixtures';

/** Issue 15, server side: the Report Settings data, the report checks, settings and page texts saved, the preview image. */
const world = withWorld();
const db = () => world.w.server.built.deps.db;
const staff = () => world.w.staff;

const DRIS_ROWS = [{ expression: 'N/P', mean: 16.7, cv: 12 }, { expression: 'K/P', mean: 6.7, cv: 20 }, { expression: 'N/K', mean: 2.5, cv: 15 }];
let leaf: { id: number; pre: LeafPreReport };
let cropId = 0;
let afrikaansId = 0;

/** The request updatereportdata takes for a prereport: its header, the version read and the samples given. */
const request = (pre: LeafPreReport, samples: LeafReportRequest['samples'], header: Partial<LeafReportRequest> = {}): LeafReportRequest[] => [{ ...pre.header, rowVersion: pre.rowVersion, ...header, samples }];

beforeAll(async () => {
  const w = world.w;
  const cropStaff: ApiClient = await signedIn(w.server.url, await createUser(db(), ['Crop'], { name: 'Crop Staff' }));
  const { id, sheet } = await w.submitted('leaf', 'Manual', { entries: 2 });
  // results for the first sample only: N below, P inside, Zn above the stage's norms; K against the crop's
  const r = await staff().call(results.updateManual, {
    submissionId: id, manualResult: [{ sampleId: sheet.rows[0].sampleId, labNumber: 'LAB-1', values: { N: 2.1, P: 0.14, Zn: 140, K: 1.0 }, rowVersion: 0 }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const first = await staff().call(ep.preReport, { ids: [id] });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  cropId = first.body[0].samples[0].cropId;
  // the sample's growth phase 'Flowering' matches this stage case-insensitively
  const stage = await db().insertInto('growth_stages').values({ crop_id: cropId, sequence_number: 9, name: 'FLOWERING' }).returning('id').executeTakeFirstOrThrow();
  const stages = await cropStaff.call(crops.upsertGrowthStages, {
    cropId, growthStages: [{ id: stage.id, norms: { graphs: { macroGraph: { selected: true, n: { min: 2.4, med: 2.6, max: 2.8 }, p: { min: 0.12, med: 0.14, max: 0.16 } }, microGraph: { selected: true, zn: { min: 25, med: 50, max: 100 } } } } }],
  });
  expect(stages.status, JSON.stringify(stages.body)).toBe(200);
  const crop = (await cropStaff.call(crops.get, { id: cropId })).body;
  const form = new FormData();
  form.append('id', String(cropId));
  form.append('data', JSON.stringify({
    name: crop.name, linkedNames: crop.linkedNames, rowVersion: crop.rowVersion, normsVersion: crop.normsVersion,
    norms: { graphs: { macroGraph: { selected: true, k: { min: 0.7, med: 1.0, max: 1.3 } } }, provenance: { source: 'lab' } },
    drisGraphs: [{ graphName: 'Macro DRIS', selected: true, rows: DRIS_ROWS }],
  }));
  const up = await fetch(w.server.url + crops.upsert.path, { method: 'POST', body: form, headers: { cookie: cropStaff.cookie } });
  expect(up.status, await up.clone().text()).toBe(200);
  const langs = await db().selectFrom('languages').select(['id', 'name']).execute();
  afrikaansId = langs.find((l) => l.name === 'Afrikaans')!.id;
  leaf = { id, pre: (await staff().call(ep.preReport, { ids: [id] })).body[0] };
}, 60_000);

describe('prereport', () => {
  it('answers the header with the submission defaults, the samples with their matched result and stage, and the extra sample numbers', async () => {
    const { header, samples, extraSampleNumbers } = leaf.pre;
    const sub = await db().selectFrom('submissions').selectAll().where('id', '=', leaf.id).executeTakeFirstOrThrow();
    expect(header).toEqual({
      submissionId: leaf.id, languageId: sub.language_id ?? 0, clientName: 'Orchard Co', farmName: 'Eastside', agronomistId: sub.agronomist_id, agentId: sub.agent_id,
      distributorId: 0, addressId: 0, graphType: 'GraphNew', includeSummary: true, includeIndex: false, includeGuidelines: false, includeDrisGraphs: false,
      includeCultivarLabels: false, excludeNa: false, includeSanas: false,
    });
    const stage = await db().selectFrom('growth_stages').select('id').where('crop_id', '=', cropId).where('name', '=', 'FLOWERING').executeTakeFirstOrThrow();
    expect(samples).toHaveLength(2);
    expect(samples.map((s) => [s.matchedResult, s.selected, s.growthStage, s.growthStageId, s.organTypeEnum, s.blockNumber])).toEqual([
      [true, true, 'Flowering', stage.id, 'Normal', 'B1'], [false, false, 'Flowering', stage.id, 'Normal', 'B1'],
    ]);
    expect(samples[0].dataId).toEqual(expect.any(Number));
    expect(extraSampleNumbers).toEqual([]);
  });

  it('refuses a farmers submission on the leaf call and an unknown one', async () => {
    const soil = await world.w.submitted('soil', 'ManualFarmer', { entries: 1 });
    expect(fieldsOf((await staff().call(ep.preReport, { ids: [soil.id] })).body)).toEqual({ ids: M.notLeaf });
    expect((await staff().call(ep.preReport, { ids: [999_999] })).status).toBe(404);
  });
});

describe('updatereportdata', () => {
  it('says the spec messages: none selected, none matched, an organ type of None', async () => {
    const [a, b] = leaf.pre.samples;
    let r = await staff().call(ep.updateReportData, request(leaf.pre, [{ id: a.id, selected: false }, { id: b.id, selected: false }]));
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual({ '0.samples': M.noneSelected });
    expect(M.noneSelected).toBe('Could not generate a report, because no leafs have been selected.');
    r = await staff().call(ep.updateReportData, request(leaf.pre, [{ id: b.id }]));
    expect(fieldsOf(r.body)).toEqual({ '0.samples': M.noneMatched });
    expect(M.noneMatched).toBe('Could not generate a report, because there is no matched report data.');
    r = await staff().call(ep.updateReportData, request(leaf.pre, [{ id: a.id }, { id: b.id, organTypeEnum: 'None' }]));
    expect(fieldsOf(r.body)).toEqual({ '0.samples.1.organTypeEnum': M.organType });
    const other = await world.w.submitted('leaf', 'Manual', { entries: 1 });
    const otherSample = (await staff().call(ep.preReport, { ids: [other.id] })).body[0].samples[0].id;
    r = await staff().call(ep.updateReportData, request(leaf.pre, [{ id: otherSample }]));
    expect(fieldsOf(r.body)).toEqual({ '0.samples.0.id': M.unknownSample });
  });

  it('saves the settings (they come back on prereport) and answers one page per selected matched sample; page texts are saved and come back', async () => {
    const [a, b] = leaf.pre.samples;
    const r = await staff().call(ep.updateReportData, request(leaf.pre, [{ id: a.id }, { id: b.id, excludeImage: true }], { graphType: 'GraphOld', includeDrisGraphs: true, clientName: 'Orchard Holdings', languageId: afrikaansId }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.pages).toEqual([{
      imageUrl: `/api/submission/questimage?submissionId=${leaf.id}&leafId=${a.id}`, sampleId: a.id, submissionId: leaf.id, sample: a.sample, recommendation: '', plantSay: '', rowVersion: 0,
    } satisfies PreviewPage]);
    expect(r.body.versions).toEqual([{ submissionId: leaf.id, rowVersion: leaf.pre.rowVersion + 1 }]);
    const again = (await staff().call(ep.preReport, { ids: [leaf.id] })).body[0] as LeafPreReport;
    expect(again.header).toMatchObject({ graphType: 'GraphOld', includeDrisGraphs: true, clientName: 'Orchard Holdings', languageId: afrikaansId });
    expect(again.samples.map((s) => [s.selected, s.excludeImage])).toEqual([[true, false], [true, true]]);

    const saved = await staff().call(ep.savePage, { submissionId: leaf.id, sampleId: a.id, recommendation: 'Spuit sink <2 kg/ha> & kalk', plantSay: 'Ek is dors', rowVersion: 0 });
    expect(saved.body).toEqual({ rowVersion: 1 });
    expect((await staff().call(ep.savePage, { submissionId: leaf.id, sampleId: a.id, recommendation: 'x', plantSay: 'y', rowVersion: 0 })).status).toBe(409);
    expect((await staff().call(ep.savePage, { submissionId: leaf.id, sampleId: a.id, recommendation: 'x'.repeat(4001), plantSay: '', rowVersion: 1 })).status).toBe(400);
    const pages = await staff().call(ep.updateReportData, request(again, [{ id: a.id }]));
    expect(pages.body.pages[0]).toMatchObject({ recommendation: 'Spuit sink <2 kg/ha> & kalk', plantSay: 'Ek is dors', rowVersion: 1 });
  });
});

describe('the preview page', () => {
  it('places N below, P inside and Zn above the resolved norms (stage over crop), in both graph types', async () => {
    const input = await new LeafReportService(db()).pageInput(leaf.id, leaf.pre.samples[0].id);
    for (const graphType of ['GraphOld', 'GraphNew'] as const) {
      const chart = layoutLeafChart(pageChartInput({ ...input, header: { ...input.header, graphType } }));
      const at = Object.fromEntries(chart.rows.map((r) => [r.element, r.placement]));
      expect(at).toMatchObject({ N: 'below', P: 'inside', Zn: 'above', K: 'inside' });
    }
  });

  it('shows DRIS indices and the NBI equal to the engine on the same values and norms', async () => {
    const input = await new LeafReportService(db()).pageInput(leaf.id, leaf.pre.samples[0].id);
    expect(input.header.includeDrisGraphs).toBe(true);
    const expected = dris({ N: 2.1, P: 0.14, Zn: 140, K: 1.0 }, DRIS_ROWS);
    const chartInput = pageChartInput(input);
    expect(chartInput.dris).toEqual({ indices: expected.indices.map((i) => ({ element: i.element, index: i.index })), nbi: expected.nbi });
    expect(expected.indices.length).toBeGreaterThan(0);
    // and none when the header does not ask for them
    expect(pageChartInput({ ...input, header: { ...input.header, includeDrisGraphs: false } }).dris).toBeNull();
  });

  it('labels the page in the report language (Afrikaans), with the texts escaped', async () => {
    const input = await new LeafReportService(db()).pageInput(leaf.id, leaf.pre.samples[0].id);
    const { svg } = pageSvg(input);
    expect(svg).toContain('Wat sê jou plant?');
    expect(svg).toContain('Aanbeveling');
    expect(svg).toContain('>Laag<');
    expect(svg).toContain('>Hoog<');
    expect(svg).toContain('Spuit sink &lt;2 kg/ha&gt; &amp; kalk');
    // English: the shipped English labels
    const english = pageSvg({ ...input, texts: leafReportTexts({}) }).svg;
    expect(english).toContain('What does your plant say?');
    expect(english).toContain('>Recommendation<');
    expect(english).toContain('>Low<');
  });

  it('answers questimage as a PNG, with the typed texts', async () => {
    const a = leaf.pre.samples[0].id;
    const url = `${world.w.server.url}${ep.questImage.path}?${new URLSearchParams({ submissionId: String(leaf.id), leafId: String(a), recommendation: 'Bemes met N', whatDoesPlantSay: 'Ek kort stikstof' })}`;
    const res = await fetch(url, { headers: { cookie: staff().cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png' });
    expect(meta.width).toBeGreaterThan(500);
    // the longest texts, of letters that take six bytes each in the address, still draw
    const longest = new URLSearchParams({ submissionId: String(leaf.id), leafId: String(a), recommendation: 'ê'.repeat(4000), whatDoesPlantSay: 'sê '.repeat(1333) });
    const long = await fetch(`${world.w.server.url}${ep.questImage.path}?${longest}`, { headers: { cookie: staff().cookie } });
    expect(long.status).toBe(200);
    expect(long.headers.get('content-type')).toBe('image/png');
    // a sample without a result has no page; one of another submission is refused
    expect((await staff().call(ep.questImage, { submissionId: leaf.id, leafId: leaf.pre.samples[1].id })).status).toBe(400);
    expect((await staff().call(ep.questImage, { submissionId: leaf.id, leafId: 999_999 })).status).toBe(400);
  });
});

describe('farmers report', () => {
  it('answers the report data and says the farmers messages', async () => {
    const { id, sheet } = await world.w.submitted('soil', 'ManualFarmer', { entries: 2, clientName: 'Soil Co' });
    const pre = await staff().call(farmersEp.preReport, { ids: [id] });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    const data = pre.body[0];
    expect(data.farmerData).toMatchObject({ id, submissionId: id, clientName: 'Soil Co', farmName: 'Eastside', address: 0, distributor: 0 });
    expect(data.farmerData.samples.map((s: { sampleMatched: boolean }) => s.sampleMatched)).toEqual([false, false]);
    expect(data.extraSampleNumbers).toEqual([]);
    const { samples: rows, ...header } = data.farmerData;
    const { id: _id, ...rest } = header;
    const h = { ...rest, rowVersion: data.rowVersion };
    let r = await staff().call(farmersEp.updateReportData, [{ ...h, samples: rows.map((s: { id: number }) => ({ id: s.id, selected: false })) }]);
    expect(fieldsOf(r.body)).toEqual({ '0.samples': FM.noneSelected });
    r = await staff().call(farmersEp.updateReportData, [{ ...h, samples: rows.map((s: { id: number }) => ({ id: s.id })) }]);
    expect(fieldsOf(r.body)).toEqual({ '0.samples': FM.noneMatched });
    const saved = await staff().call(farmersResults.updateManual, { submissionId: id, manualResult: [{ sampleId: sheet.rows[0].sampleId, labNumber: 'S-1', values: { phKcl: 5.5 }, rowVersion: 0 }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    r = await staff().call(farmersEp.updateReportData, [{ ...h, farmName: 'West', samples: rows.map((s: { id: number }) => ({ id: s.id })) }]);
    expect(r.body).toEqual([{ submissionId: id, samples: 1, rowVersion: 1 }]);
    const again = (await staff().call(farmersEp.preReport, { ids: [id] })).body[0];
    expect(again.farmerData.farmName).toBe('West');
    expect(again.farmerData.samples.map((s: { sampleMatched: boolean; selected: boolean }) => [s.sampleMatched, s.selected])).toEqual([[true, true], [false, true]]);
  });
});
