import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QC_MESSAGES, carbohydrateReportEndpoints as report, carbohydratesEndpoints, labEndpoints, qcEndpoints as qc } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, seedCarbohydrateReference, seedLabJob, seedReportBase } from '../../../tests/support/carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { type MfwStandIn, startMfwStandIn } from '../../../tools/stand-ins/mfw-server';
import { listAudit } from '../src/platform/audit/audit.repository';
import { pdfPages } from '../../../tests/support/pdf';
import { LJ } from '../src/features/qc/qc-chart';

let mfw: MfwStandIn;
let server: TestServer;
let admin: ApiClient;
let lab: ApiClient;
let releaser: ApiClient;
let manager: ApiClient;
let ref: CarbohydrateReference;
let base: { langId: number; addressId: number; distributor: number };
let sugarLot: number;
let counter = 0;

const MEAN = 5.2;
const SD = 0.2;

/** A job with two measured samples and one control row of the sugar lot; answers the job and its entry ids. */
async function jobWithControl(lotId = sugarLot) {
  counter += 1;
  const job = await seedLabJob(server.built.deps.db, ref, { samples: [
    { sampleNumber: `Q${counter}-1`, sugar: 5, starch: 10, farm: `Farm ${counter}` },
    { sampleNumber: `Q${counter}-2`, sugar: 6, starch: 11, farm: `Farm ${counter}` },
  ] });
  const set = await lab.call(qc.setJobControls, { jobId: job.jobId, rows: [{ id: 0, controlLotId: lotId }] });
  expect(set.status).toBe(200);
  return { jobId: job.jobId, entryIds: job.entries.map((e) => e.id), control: set.body.rows[0] as { id: number; rowVersion: number } };
}

const enter = (jobId: number, control: { id: number; rowVersion: number }, value: number) =>
  lab.call(qc.saveControlResults, { jobId, rows: [{ id: control.id, value, rowVersion: control.rowVersion }] });

function reportRequest(entryIds: number[], extra: Record<string, unknown> = {}) {
  return {
    result: entryIds.map((id) => `Farm,${id}`).join(';'), langId: base.langId, client: 'Green Valley Farms', farm: 'Riverside', agriculturist: 'Dr Nel',
    agent: 'Agent Smith', distributor: base.distributor, addressId: base.addressId, lowImageQuality: false, includeSummary: false, ...extra,
  };
}

beforeAll(async () => {
  mfw = await startMfwStandIn({ apiKey: 'k-qc' });
  server = await startTestServer({ MFW_URL: mfw.url, MFW_API_KEY: 'k-qc' });
  const db = server.built.deps.db;
  ref = await seedCarbohydrateReference(db);
  admin = await signedIn(server.url, ADMIN);
  lab = await signedIn(server.url, await createUser(db, ['LabJobs', 'CarbohydrateEntries']));
  releaser = await signedIn(server.url, await createUser(db, ['LabJobs', 'CarbohydrateEntries', 'QcRelease']));
  manager = await signedIn(server.url, await createUser(db, ['ControlMaterials']));
  base = await seedReportBase(db);
  const lot = await manager.call(qc.upsertLot, { id: 0, name: 'Sugar control', lot: 'SUG-T1', analyte: 'sugar', mean: MEAN, sd: SD, validFrom: '2026-01-01', validTo: null, active: true });
  expect(lot.status).toBe(200);
  sugarLot = lot.body.id;
});
afterAll(async () => {
  await server?.close();
  await mfw?.close();
});

describe('control materials', () => {
  it('are kept by a user with ControlMaterials only, with unique lots and a valid period', async () => {
    expect((await lab.call(qc.upsertLot, { id: 0, name: 'X', lot: 'X1', analyte: 'sugar', mean: 1, sd: 0.1, validFrom: '2026-01-01' })).status).toBe(403);
    const dup = await manager.call(qc.upsertLot, { id: 0, name: 'Again', lot: 'sug-t1', analyte: 'sugar', mean: 1, sd: 0.1, validFrom: '2026-01-01' });
    expect(dup.status).toBe(400);
    expect(dup.body.fields).toEqual([{ field: 'lot', message: QC_MESSAGES.lotTaken }]);
    const period = await manager.call(qc.upsertLot, { id: 0, name: 'P', lot: 'P1', analyte: 'starch', mean: 1, sd: 0.1, validFrom: '2026-05-01', validTo: '2026-04-01' });
    expect(period.status).toBe(400);
    expect(period.body.fields).toContainEqual({ field: 'validTo', message: QC_MESSAGES.validTo });
    const page = await manager.call(qc.lots, { search: 'SUG-T1' });
    expect(page.body.rows).toMatchObject([{ lot: 'SUG-T1', analyte: 'sugar', mean: MEAN, sd: SD, active: true }]);
    expect((await lab.call(qc.activeLots, {})).body.map((l: { id: number }) => l.id)).toContain(sugarLot);
  });
});

describe('control results and holds', () => {
  it('a passing control holds nothing; a 1-2s warning never holds', async () => {
    const a = await jobWithControl();
    const ok = await enter(a.jobId, a.control, 5.3);
    expect(ok.body).toMatchObject({ held: false, rows: [{ outcome: 'pass', violations: [] }] });
    const b = await jobWithControl();
    const warned = await enter(b.jobId, b.control, 5.65);
    expect(warned.body).toMatchObject({ held: false, rows: [{ outcome: 'warning', violations: [{ rule: '1-2s', severity: 'warning' }] }] });
    expect((await lab.call(report.startReport, reportRequest(b.entryIds))).status).toBe(200);
  });

  it('a rejected control holds every client result of its job: marked on the list, refused by the report and the MFW upload', async () => {
    const j = await jobWithControl();
    const saved = await enter(j.jobId, j.control, 5.9);
    expect(saved.status).toBe(200);
    expect(saved.body.held).toBe(true);
    expect(saved.body.rows[0]).toMatchObject({ outcome: 'reject', z: expect.closeTo(3.5, 6) });
    expect(saved.body.rows[0].violations.map((v: { rule: string }) => v.rule)).toContain('1-3s');
    const list = await lab.call(carbohydratesEndpoints.paged, { search: `Q${counter}-` });
    expect(list.body.rows.map((r: { qcHold: string | null }) => r.qcHold)).toEqual(['rejected', 'rejected']);
    const refused = await lab.call(report.startReport, reportRequest(j.entryIds));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(QC_MESSAGES.held(`J${j.jobId}`));
    const before = mfw.received.length;
    const upload = await lab.call(report.postToMfw, reportRequest(j.entryIds));
    expect(upload.status).toBe(409);
    expect(upload.body.message).toContain('QC hold');
    expect(mfw.received.length).toBe(before);
  });

  it('a release needs QcRelease and a reason, is audited, and lets the results be reported', async () => {
    const j = await jobWithControl();
    await enter(j.jobId, j.control, 4.3);
    expect((await lab.call(qc.release, { jobId: j.jobId, reason: 'Looked at it' })).status).toBe(403);
    const blank = await releaser.call(qc.release, { jobId: j.jobId, reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual([{ field: 'reason', message: QC_MESSAGES.reasonRequired }]);
    const ok = await releaser.call(qc.release, { jobId: j.jobId, reason: 'Pipette re-calibrated; values confirmed' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ held: false, rows: [{ outcome: 'reject', released: true, releaseReason: 'Pipette re-calibrated; values confirmed' }] });
    const [audit] = await listAudit(server.built.deps.db, 'qc_job_control', j.control.id).then((a) => a.filter((x) => x.action === 'release'));
    expect(audit).toMatchObject({ reason: 'Pipette re-calibrated; values confirmed' });
    expect((await releaser.call(qc.release, { jobId: j.jobId, reason: 'again' })).status).toBe(409);
    const started = await lab.call(report.startReport, reportRequest(j.entryIds, { includeControls: true }));
    expect(started.status).toBe(200);
    // the report states the controls of its runs (the tick box), frozen into its record
    const frozenOf = async () => (await server.built.deps.db.selectFrom('carbohydrate_reports').select('frozen').where('id', '=', started.body.id)
      .executeTakeFirstOrThrow()).frozen as { controls?: unknown[] } | null;
    await expect.poll(frozenOf).not.toBeNull();
    expect((await frozenOf())?.controls).toEqual([expect.objectContaining({ jobId: j.jobId, lot: 'SUG-T1', value: 4.3, outcome: 'reject', rules: ['1-2s', '1-3s'], released: true })]);
  });

  it('a repeat of the run with a passing control releases the job', async () => {
    const j = await jobWithControl();
    expect((await enter(j.jobId, j.control, 6)).body.held).toBe(true);
    const added = await lab.call(qc.setJobControls, { jobId: j.jobId, rows: [{ id: j.control.id, controlLotId: sugarLot }, { id: 0, controlLotId: sugarLot }] });
    const repeat = added.body.rows[1];
    const saved = await enter(j.jobId, repeat, 5.1);
    expect(saved.body.held).toBe(false);
    expect(saved.body.rows).toMatchObject([{ outcome: 'reject', released: true, releaseReason: QC_MESSAGES.repeatReleased }, { outcome: 'pass' }]);
    const audits = await listAudit(server.built.deps.db, 'qc_job_control', j.control.id);
    expect(audits.find((a) => a.action === 'release')).toMatchObject({ reason: QC_MESSAGES.repeatReleased });
    expect((await lab.call(report.postToMfw, reportRequest(j.entryIds))).status).toBe(200);
  });

  it('judges over the lot history: two consecutive runs beyond +2 SD reject by 2-2s', async () => {
    const lot = await manager.call(qc.upsertLot, { id: 0, name: 'Sugar control', lot: 'SUG-T2', analyte: 'sugar', mean: 10, sd: 1, validFrom: '2026-01-01', validTo: null, active: true });
    const first = await jobWithControl(lot.body.id);
    expect((await enter(first.jobId, first.control, 12.5)).body.rows[0].outcome).toBe('warning');
    const second = await jobWithControl(lot.body.id);
    const r = await enter(second.jobId, second.control, 12.4);
    expect(r.body.rows[0].violations.map((v: { rule: string }) => v.rule)).toEqual(['1-2s', '2-2s']);
    expect(r.body.held).toBe(true);
    const chart = await manager.call(qc.chart, { lotId: lot.body.id });
    expect(chart.body.runs.map((x: { outcome: string }) => x.outcome)).toEqual(['warning', 'reject']);
  });
});

describe("the carbohydrate report's controls (the report dialog's tick box)", () => {
  const finished = async (id: number) => {
    await expect.poll(async () => (await lab.call(report.reportStatus, { id })).body.status, { timeout: 30_000, interval: 100 }).toBe('done');
    const res = await fetch(`${server.url}${report.reportFile.path}?id=${id}`, { headers: { cookie: lab.cookie } });
    expect(res.status).toBe(200);
    return pdfPages(Buffer.from(await res.arrayBuffer())).join('\n');
  };

  it('read with pdftotext: states the lot, analyte, value and Westgard outcome of the controls of the runs it reports, and only those', async () => {
    const lot = await manager.call(qc.upsertLot, { id: 0, name: 'Report sugar', lot: 'SUG-RPT', analyte: 'sugar', mean: 10, sd: 1, validFrom: '2026-01-01', validTo: null, active: true });
    const passing = await jobWithControl(lot.body.id);
    expect((await enter(passing.jobId, passing.control, 10.4)).body.rows[0].outcome).toBe('pass');
    const warned = await jobWithControl(lot.body.id);
    expect((await enter(warned.jobId, warned.control, 12.5)).body.rows[0].outcome).toBe('warning');
    const other = await jobWithControl(lot.body.id);
    await enter(other.jobId, other.control, 9.7);
    const entryIds = [...passing.entryIds, ...warned.entryIds];

    const text = await finished((await lab.call(report.startReport, reportRequest(entryIds, { includeControls: true }))).body.id);
    expect(text).toContain('Quality control of the runs');
    const lineOf = (jobId: number) => text.split('\n').filter((l) => new RegExp(`\\bJ${jobId}\\b`).test(l));
    expect(lineOf(passing.jobId)).toHaveLength(1);
    expect(lineOf(passing.jobId)[0]).toMatch(/Report sugar \/ SUG-RPT \(sugar\)\s+10 ± 1\s+10\.4\s+pass/);
    expect(lineOf(warned.jobId)[0]).toMatch(/Report sugar \/ SUG-RPT \(sugar\)\s+10 ± 1\s+12\.5\s+warning \(1-2s\)/);
    // a run not in the report is not stated
    expect(lineOf(other.jobId)).toEqual([]);
    expect(text).not.toContain('9.7');

    // without the tick box the report has no controls section
    const plain = await finished((await lab.call(report.startReport, reportRequest(entryIds))).body.id);
    expect(plain).not.toContain('Quality control of the runs');
    expect(plain).not.toContain('SUG-RPT');
  });
});

describe('across levels (ADR 0161)', () => {
  it('two lots of one analyte run together: 4-1s over their interleaved results, 2-2s within the run', async () => {
    const lotOf = async (lot: string, mean: number, sd: number) => (await manager.call(qc.upsertLot, { id: 0, name: 'Starch level', lot, analyte: 'starch', mean, sd, validFrom: '2026-01-01', validTo: null, active: true })).body.id as number;
    const [l1, l2] = [await lotOf('STA-L1', 10, 1), await lotOf('STA-L2', 20, 2)];
    const run = async (v1: number, v2: number) => {
      const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: `LV${(counter += 1)}`, sugar: 5, starch: 9 }] });
      const rows = (await lab.call(qc.setJobControls, { jobId, rows: [{ id: 0, controlLotId: l1 }, { id: 0, controlLotId: l2 }] })).body.rows as { id: number; rowVersion: number }[];
      const saved = await lab.call(qc.saveControlResults, { jobId, rows: [{ id: rows[0].id, value: v1, rowVersion: rows[0].rowVersion }, { id: rows[1].id, value: v2, rowVersion: rows[1].rowVersion }] });
      return (saved.body.rows as { violations: { rule: string }[] }[]).map((r) => r.violations.map((v) => v.rule));
    };
    expect(await run(11.5, 23)).toEqual([[], []]); // +1.5 SD on both levels
    expect(await run(11.2, 22.6)).toEqual([[], ['4-1s']]); // the fourth result beyond +1 SD across the two lots
    expect(await run(7.5, 15.6)).toEqual([['1-2s', '2-2s'], ['1-2s', '2-2s']]); // −2.5 and −2.2 SD in one run: both levels
  });
});

describe('completion and charts', () => {
  it('controls are required by default: the save that would complete a job without a control result is refused, saying why', async () => {
    const settings = (await admin.call(qc.settings, {})).body;
    expect(settings.controlsOptional).toBe(false);
    const resultOf = async (jobId: number) => (await lab.call(labEndpoints.jobData, { id: jobId })).body.testCarbohydrateLabResults as { id: number; rowVersion: number }[];
    const finish = async (jobId: number) => {
      const [last] = (await resultOf(jobId)).slice(-1);
      return lab.call(labEndpoints.updateResult, { id: last.id, sugar: 5, starch: 9, na: false, rowVersion: last.rowVersion });
    };
    // a job without control rows: its last result is refused, and nothing of that save is kept
    const bare = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'N1', sugar: 5, starch: 9 }, { sampleNumber: 'N2' }] });
    const refused = await finish(bare.jobId);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'controls', message: QC_MESSAGES.noControl(`J${bare.jobId}`) }]);
    expect(refused.body.fields[0].message).toContain('has no control result');
    expect((await resultOf(bare.jobId)).map((r) => (r as unknown as { sugar: number | null }).sugar)).toEqual([5, null]);
    // the whole-dialog save (Submit) is refused the same way
    const [, open] = await resultOf(bare.jobId);
    const many = await lab.call(labEndpoints.updateResults, { jobId: bare.jobId, entries: [{ id: open.id, sugar: 5, starch: 9, na: false, rowVersion: open.rowVersion }], removeIds: [] });
    expect(many.status).toBe(400);
    expect(many.body.fields).toEqual([{ field: 'controls', message: QC_MESSAGES.noControl(`J${bare.jobId}`) }]);
    // a control row without its result: refused too, named so
    const j = await jobWithControl();
    const open2 = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'N3' }] });
    await lab.call(qc.setJobControls, { jobId: open2.jobId, rows: [{ id: 0, controlLotId: sugarLot }] });
    const unentered = await finish(open2.jobId);
    expect(unentered.body.fields).toEqual([{ field: 'controls', message: QC_MESSAGES.controlUnentered(`J${open2.jobId}`) }]);
    // with its control result entered the job completes
    expect((await lab.call(labEndpoints.jobData, { id: j.jobId })).body.status).toBe('current');
    await enter(j.jobId, j.control, 5.2);
    expect((await lab.call(labEndpoints.jobData, { id: j.jobId })).body.status).toBe('completed');
    // the lab's setting says controls are optional: the bare job completes
    const optional = await admin.call(qc.updateSettings, { controlsOptional: true, rowVersion: settings.rowVersion });
    expect(optional.status).toBe(200);
    try {
      expect((await finish(bare.jobId)).status).toBe(200);
      expect((await lab.call(labEndpoints.jobData, { id: bare.jobId })).body.status).toBe('completed');
    } finally {
      await admin.call(qc.updateSettings, { controlsOptional: false, rowVersion: optional.body.rowVersion });
    }
  });

  it('a new job card takes its control rows in the same save (one transaction, audited); a lot not active is refused at its field', async () => {
    const entry = {
      id: 0, rowVersion: null, sampleNumber: `NEW${counter}`, entity: 'Green Valley Farms', agent: 'Agent Smith', agronomist: 'Dr Nel', farmName: 'Riverside', fieldBlockNumber: 'B1',
      sampleDate: '2026-10-20', tissueId: ref.tissues.roots.id, cropId: ref.crop.id, cultivarId: ref.cultivars[0].id, regionId: null, testCarboCropGrowthId: ref.stages[0].id, testCarbohydrateId: null,
    };
    const inactive = await manager.call(qc.upsertLot, { id: 0, name: 'Old sugar', lot: 'SUG-OLD', analyte: 'sugar', mean: 5, sd: 0.2, validFrom: '2026-01-01', validTo: null, active: false });
    const before = await server.built.deps.db.selectFrom('lab_jobs').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const bad = await lab.call(labEndpoints.upsertJob, { id: 0, receivedOn: '2026-11-02', entries: [entry], controlLotIds: [sugarLot, inactive.body.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'controlLotIds.1', message: QC_MESSAGES.lotNotActive }]);
    expect(await server.built.deps.db.selectFrom('lab_jobs').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    const created = await lab.call(labEndpoints.upsertJob, { id: 0, receivedOn: '2026-11-02', entries: [{ ...entry, sampleNumber: `NEW${counter}b` }], controlLotIds: [sugarLot] });
    expect(created.status).toBe(200);
    const controls = await lab.call(qc.jobControls, { jobId: created.body.id });
    expect(controls.body.rows).toMatchObject([{ controlLotId: sugarLot, lot: 'SUG-T1', value: null }]);
    expect(await listAudit(server.built.deps.db, 'qc_job_control', controls.body.rows[0].id)).toEqual([expect.objectContaining({ action: 'create' })]);
    const saved = (await lab.call(labEndpoints.getData, { id: created.body.id })).body as { entries: { id: number; rowVersion: number }[] };
    const kept = { ...entry, sampleNumber: `NEW${counter}b`, id: saved.entries[0].id, rowVersion: saved.entries[0].rowVersion };
    const again = await lab.call(labEndpoints.upsertJob, { id: created.body.id, rowVersion: created.body.rowVersion, receivedOn: '2026-11-02', entries: [kept], controlLotIds: [sugarLot] });
    expect(again.status).toBe(400);
    expect(again.body.fields[0].field).toBe('controlLotIds');
  });

  it('changing a control result of a completed job needs a reason, kept in the audit', async () => {
    const j = await jobWithControl();
    const first = await enter(j.jobId, j.control, 5.2);
    expect((await lab.call(labEndpoints.jobData, { id: j.jobId })).body.status).toBe('completed');
    const row = first.body.rows[0] as { id: number; rowVersion: number };
    const bare = await lab.call(qc.saveControlResults, { jobId: j.jobId, rows: [{ id: row.id, value: 5.3, rowVersion: row.rowVersion }] });
    expect(bare.status).toBe(400);
    expect(bare.body.fields).toEqual([{ field: 'reason', message: QC_MESSAGES.changeReasonRequired }]);
    const ok = await lab.call(qc.saveControlResults, { jobId: j.jobId, rows: [{ id: row.id, value: 5.3, rowVersion: row.rowVersion }], reason: 'Transcription error' });
    expect(ok.status).toBe(200);
    expect(ok.body.rows[0]).toMatchObject({ value: 5.3, outcome: 'pass' });
    const amend = (await listAudit(server.built.deps.db, 'qc_job_control', row.id)).find((a) => a.action === 'amend');
    expect(amend).toMatchObject({ reason: 'Transcription error', old_values: { value: 5.2 }, new_values: { value: 5.3 } });
  });

  it('draws the Levey–Jennings chart as PNG and as PDF', async () => {
    for (const [path, type] of [[qc.chartPng.path, 'image/png'], [qc.chartPdf.path, 'application/pdf']]) {
      const res = await fetch(`${server.url}${path}?lotId=${sugarLot}`, { headers: { cookie: manager.cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    // read with pdftotext: the export names the lot and the rule a run violated
    const pdf = await fetch(`${server.url}${qc.chartPdf.path}?lotId=${sugarLot}`, { headers: { cookie: manager.cookie } });
    const text = pdfPages(Buffer.from(await pdf.arrayBuffer())).join('\n');
    expect(text).toContain('SUG-T1');
    expect(text).toContain('1-3s');
    const chart = await manager.call(qc.chart, { lotId: sugarLot });
    expect(chart.body.runs.some((r: { violations: { rule: string }[] }) => r.violations.some((v) => v.rule === '1-3s'))).toBe(true);
  });

  it('the chart PNG read by its pixels: the mean and SD lines are drawn across the plot; the rejected run is marked red at its place, and no other run is', async () => {
    const lot = await manager.call(qc.upsertLot, { id: 0, name: 'Pixel sugar', lot: 'SUG-PIX', analyte: 'sugar', mean: 10, sd: 1, validFrom: '2026-01-01', validTo: null, active: true });
    const values = [10.2, 9.9, 13.5, 10.1, 9.8]; // the third run is beyond +3 SD (1-3s); the others pass
    for (const v of values) {
      const j = await jobWithControl(lot.body.id);
      await enter(j.jobId, j.control, v);
    }
    const res = await fetch(`${server.url}${qc.chartPng.path}?lotId=${lot.body.id}`, { headers: { cookie: manager.cookie } });
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    const scale = info.width / LJ.width; // the PNG is drawn at 2 pixels a point
    expect(scale).toBe(2);
    const near = (x: number, y: number, hex: string, tol = 50) => {
      const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
      return [1, 3, 5].every((k, c) => Math.abs(data[at + c] - parseInt(hex.slice(k, k + 2), 16)) <= tol);
    };
    // the layout (qc-chart.ts): z from −4 to +4 SD over the plot's height, five runs at the middles of five equal steps
    const plotW = LJ.width - LJ.left - LJ.right;
    const plotH = LJ.height - LJ.top - LJ.bottom;
    const rowOf = (z: number) => (LJ.top + plotH / 2 - (z / 4) * (plotH / 2)) * scale;
    const colOf = (i: number) => (LJ.left + (plotW / values.length) * (i + 0.5)) * scale;
    const share = (z: number, hex: string) => Math.max(...[-1, 0, 1].map((d) => {
      let hits = 0;
      for (let x = LJ.left * scale; x < (LJ.left + plotW) * scale; x += 1) if (near(x, rowOf(z) + d, hex)) hits += 1;
      return hits / (plotW * scale);
    }));
    expect(share(0, '#222222')).toBeGreaterThan(0.9); // the mean, solid
    for (const z of [3, -3]) expect(share(z, '#c0392b')).toBeGreaterThan(0.9); // ±3 SD, solid red
    for (const z of [2, -2]) expect(share(z, '#d68910')).toBeGreaterThan(0.3); // ±2 SD, dashed orange
    for (const z of [1, -1]) expect(share(z, '#999999')).toBeGreaterThan(0.3); // ±1 SD, dashed grey
    expect(share(0.5, '#222222') + share(0.5, '#999999')).toBeLessThan(0.1); // and nothing between them

    // the reject colour as a filled block (a marker, not a 1.6-pixel line): only at the third run, at z 3.5
    const block = (cx: number, cy: number) => {
      let hits = 0;
      for (let dx = -4; dx <= 4; dx += 1) for (let dy = -4; dy <= 4; dy += 1) if (near(cx + dx, cy + dy, '#c0392b', 30)) hits += 1;
      return hits;
    };
    expect(block(colOf(2), rowOf(3.5))).toBeGreaterThan(60);
    values.forEach((v, i) => {
      if (i !== 2) expect(block(colOf(i), rowOf(v - 10))).toBe(0);
    });
  });
});
