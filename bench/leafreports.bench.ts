/**
 * npm run bench:leafreports — issue 15's targets on a 40-sample leaf report (all 17 values, norms at the crop
 * and a DRIS graph, summary, index, guidelines, DRIS and two typed texts a page, a distributor logo):
 * 1. the preview image (questimage with the typed texts, as the preview asks 400 ms after typing stops): one
 *    user paging through the 40 pages, BENCH_ROUNDS rounds; p50, p95, max (target p95 under 300 ms);
 * 2. the PDF (startreport → done): time from request to finished file and the process's peak memory growth
 *    while it is made, BENCH_PDFS runs, medians and max (targets under 8 s and under 300 MB).
 * BENCH_PDF_OUT=file.pdf keeps the first PDF to look at. The server runs in this process (as the report job does in the app's), over PGlite or TEST_DATABASE_URL.
 */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import {
  LEAF_RESULT_VALUES, type LeafPreReport, type ManualEntrySheet, type PreviewPage, cropsEndpoints as crops, leafPdfEndpoints as pdfEp, leafReportEndpoints as ep,
  submissionEndpoints as subs, submissionResultEndpoints as rep,
} from '@sapwood/contracts';
import { createStorage } from '../apps/server/src/platform/storage/storage';
import { seedCarbohydrateReference } from '../tests/support/carbohydrate-fixtures';
import { ADMIN, startTestServer } from '../tests/support/server';
import { signedIn } from '../tests/support/users';
import { median, pct } from './load-round';
import { withPeakMemory } from './peak-memory';

const SAMPLES = 40;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PDFS = Number(process.env.BENCH_PDFS ?? 3);

const server = await startTestServer({});
const db = server.built.deps.db;
const admin = await signedIn(server.url, ADMIN);
const ok = <T>(r: { status: number; body: T }, what: string): T => {
  if (r.status !== 200) throw new Error(`${what} answered ${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body;
};

// reference data, a logo, an address; norms for every element at the crop, a Selected DRIS graph
const ref = await seedCarbohydrateReference(db);
const agent = await db.insertInto('agents').values({ name: 'Agent Smith' }).returning('id').executeTakeFirstOrThrow();
const depot = await db.insertInto('depots').values({ name: 'Bench depot' }).returning('id').executeTakeFirstOrThrow();
const agronomist = await db.insertInto('agronomists').values({ name: 'Dr Nel' }).returning('id').executeTakeFirstOrThrow();
const noise = Buffer.alloc(800 * 400 * 3);
for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
await createStorage(server.built.deps.config).put('distributors/logo-x.png', await sharp(noise, { raw: { width: 800, height: 400, channels: 3 } }).png().toBuffer());
const address = await db.insertInto('addresses').values({ name: 'Sapwood Labs', address_line: '1 Lab Road', area: 'Stellenbosch', code: '7600', number: '021 555 0101', email: 'lab@sapwood.test', website: 'sapwood.test', file_prefix: 'SWL', logo_word: 'SAPWOOD', is_default: true }).returning('id').executeTakeFirstOrThrow();
const distributor = await db.insertInto('distributors').values({ name: 'AgriCo', image_path: 'logo', image_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
const magnitude = (unit: string) => (unit === '%' ? 1 : 40);
const crop = ok(await admin.call(crops.get, { id: ref.crop.id }), 'crop');
const form = new FormData();
form.append('id', String(ref.crop.id));
form.append('data', JSON.stringify({
  name: crop.name, linkedNames: crop.linkedNames, rowVersion: crop.rowVersion, normsVersion: crop.normsVersion,
  norms: {
    graphs: {
      macroGraph: { selected: true, ...Object.fromEntries(LEAF_RESULT_VALUES.filter((v) => v.unit === '%').map((v) => [v.manualKey, { min: 0.8 * magnitude(v.unit), med: magnitude(v.unit), max: 1.3 * magnitude(v.unit) }])) },
      microGraph: { selected: true, ...Object.fromEntries(LEAF_RESULT_VALUES.filter((v) => v.unit !== '%').map((v) => [v.manualKey, { min: 0.8 * magnitude(v.unit), med: magnitude(v.unit), max: 1.3 * magnitude(v.unit) }])) },
    },
    provenance: { source: 'lab' },
  },
  drisGraphs: [{ graphName: 'Macro DRIS', selected: true, rows: [{ expression: 'N/P', mean: 16.7, cv: 12 }, { expression: 'K/P', mean: 6.7, cv: 20 }, { expression: 'N/K', mean: 2.5, cv: 15 }, { expression: 'Ca/Mg', mean: 4, cv: 25 }] }],
}));
const up = await fetch(server.url + crops.upsert.path, { method: 'POST', body: form, headers: { cookie: admin.cookie } });
if (up.status !== 200) throw new Error(`crop norms: ${up.status} ${await up.text()}`);

// a Manual leaf submission of 40 samples with every value typed in
const { id } = ok(await admin.call(subs.submit, {
  clientName: 'Bench Orchards', farmName: 'Riverside', agentId: agent.id, depotId: depot.id, agronomistId: agronomist.id, dateSent: '2026-11-20', dateSampled: '2026-11-18', lab: 'Manual',
  samples: [Array.from({ length: SAMPLES }, (_, i) => ({
    testDataId: 0, sampleNumber: `L-${String(i + 1).padStart(3, '0')}`, blockNumber: `B${1 + (i % 8)}`, cropId: ref.crop.id, cultivars: [ref.cultivars[0].id],
    growthStage: 'Flowering', organTypeEnum: 'Normal', test: 'StandardItestLeaf',
  }))],
}), 'submit') as { id: number };
const sheet = ok(await admin.call(rep.sampleNumbers, { submissionId: id }), 'sheet') as ManualEntrySheet;
ok(await admin.call(rep.updateManual, {
  submissionId: id, submit: true,
  manualResult: sheet.rows.map((row, i) => ({
    sampleId: row.sampleId, labNumber: `LAB-${i}`, rowVersion: row.rowVersion,
    values: Object.fromEntries(LEAF_RESULT_VALUES.map((v, k) => [v.code, Number((magnitude(v.unit) * (0.6 + ((i * 7 + k) % 10) / 10)).toFixed(3))])),
  })),
}), 'results');
const pre = (ok(await admin.call(ep.preReport, { ids: [id] }), 'prereport') as LeafPreReport[])[0];
const { pages } = ok(await admin.call(ep.updateReportData, [{
  ...pre.header, rowVersion: pre.rowVersion, addressId: address.id, distributorId: distributor.id, includeSummary: true, includeIndex: true, includeGuidelines: true, includeDrisGraphs: true,
  includeCultivarLabels: true, includeSanas: true, samples: pre.samples.map((s) => ({ id: s.id })),
}]), 'updatereportdata') as { pages: PreviewPage[] };
if (pages.length !== SAMPLES) throw new Error(`expected ${SAMPLES} pages, got ${pages.length}`);
const typed = (i: number) => ({
  plantSay: `Sample ${i + 1}: the leaves show a slight nitrogen shortage and good potassium. `.repeat(3),
  recommendation: `Apply 40 kg N/ha in two splits; spray zinc sulphate at 0.5% before flowering. Re-sample block ${1 + (i % 8)} in six weeks. `.repeat(3),
});
for (const [i, p] of pages.entries()) ok(await admin.call(ep.savePage, { submissionId: id, sampleId: p.sampleId, rowVersion: p.rowVersion, ...typed(i) }), 'savepage');

// 1. the preview image, one user paging through the report
const images: number[] = [];
for (let r = 0; r < ROUNDS; r += 1) {
  for (const [i, p] of pages.entries()) {
    const t = typed(i);
    const q = new URLSearchParams({ submissionId: String(id), leafId: String(p.sampleId), recommendation: `${t.recommendation}${r}`, whatDoesPlantSay: t.plantSay });
    const t0 = performance.now();
    const res = await fetch(`${server.url}${ep.questImage.path}?${q}`, { headers: { cookie: admin.cookie } });
    const png = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || png.subarray(1, 4).toString() !== 'PNG') throw new Error(`questimage answered ${res.status}`);
    images.push(performance.now() - t0);
  }
}
const sorted = [...images].sort((a, b) => a - b);

// 2. the PDF of the 40 pages
const runs: { seconds: number; peakMB: number; kb: number; pdfPages: number }[] = [];
for (let r = 0; r < PDFS; r += 1) {
  const made = await withPeakMemory(async () => {
    const start = ok(await admin.call(pdfEp.startReport, { leafIds: pages.map((p) => p.sampleId) }), 'startreport') as { id: number };
    for (;;) {
      const s = ok(await admin.call(pdfEp.reportStatus, { id: start.id }), 'reportstatus') as { status: string; error: string | null };
      if (s.status === 'done') return start.id;
      if (s.status === 'failed') throw new Error(s.error ?? 'failed');
      await new Promise((res) => setTimeout(res, 25));
    }
  });
  const file = Buffer.from(await (await fetch(`${server.url}${pdfEp.reportFile.path}?id=${made.value}`, { headers: { cookie: admin.cookie } })).arrayBuffer());
  if (process.env.BENCH_PDF_OUT && r === 0) writeFileSync(process.env.BENCH_PDF_OUT, file);
  runs.push({ seconds: made.seconds, peakMB: made.peakMB, kb: file.length / 1024, pdfPages: (file.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length });
}

console.log(`\nLeaf report of ${SAMPLES} samples, database: ${server.built.deps.dbKind}`);
console.log(`preview image (questimage), ${images.length} requests in ${ROUNDS} rounds (target p95 under 300 ms):`);
console.log(`  p50 ${pct(sorted, 50).toFixed(0)} ms, p95 ${pct(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`);
console.log(`PDF (startreport to done), ${PDFS} runs (targets under 8 s and under 300 MB):`);
console.log(`  time median ${median(runs.map((x) => x.seconds)).toFixed(2)} s, max ${Math.max(...runs.map((x) => x.seconds)).toFixed(2)} s`);
console.log(`  peak memory growth median ${median(runs.map((x) => x.peakMB)).toFixed(0)} MB, max ${Math.max(...runs.map((x) => x.peakMB)).toFixed(0)} MB`);
console.log(`  file ${runs[0].kb.toFixed(0)} KB, ${runs[0].pdfPages} pages`);
await server.close();
process.exit(0);
