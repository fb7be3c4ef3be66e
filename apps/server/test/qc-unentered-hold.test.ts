import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QC_MESSAGES, carbohydrateReportEndpoints as report, carbohydratesEndpoints, qcEndpoints as qc } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, seedCarbohydrateReference, seedLabJob, seedReportBase } from '../../../tests/support/carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { type MfwStandIn, startMfwStandIn } from '../../../tools/stand-ins/mfw-server';

/**
 * ADR 0253: with controls required (the QC setting), a job's client results are held until it has a control and every
 * control row of the job is entered (what it needs to complete), by the same rule as the rejected-control hold (ADR 0145): the report and the MFW upload
 * refuse them (409 naming the jobs and saying why), the results list marks them; with controls optional nothing
 * changes.
 */
let mfw: MfwStandIn;
let server: TestServer;
let admin: ApiClient;
let lab: ApiClient;
let ref: CarbohydrateReference;
let base: { langId: number; addressId: number; distributor: number };
let sugarLot: number;
let counter = 0;

/** A job with two measured samples and one control row of the sugar lot, its result not entered. */
async function jobWithControl() {
  counter += 1;
  const job = await seedLabJob(server.built.deps.db, ref, { samples: [
    { sampleNumber: `U${counter}-1`, sugar: 5, starch: 10, farm: 'Farm' },
    { sampleNumber: `U${counter}-2`, sugar: 6, starch: 11, farm: 'Farm' },
  ] });
  const set = await lab.call(qc.setJobControls, { jobId: job.jobId, rows: [{ id: 0, controlLotId: sugarLot }] });
  expect(set.status).toBe(200);
  return { jobId: job.jobId, entryIds: job.entries.map((e) => e.id), search: `U${counter}-`, control: set.body.rows[0] as { id: number; rowVersion: number } };
}

const enter = (j: { jobId: number; control: { id: number; rowVersion: number } }, value: number) =>
  lab.call(qc.saveControlResults, { jobId: j.jobId, rows: [{ id: j.control.id, value, rowVersion: j.control.rowVersion }] });
const marks = async (search: string) => (await lab.call(carbohydratesEndpoints.paged, { search })).body.rows.map((r: { qcHold: string | null }) => r.qcHold);
const request = (entryIds: number[]) => ({
  result: entryIds.map((id) => `Farm,${id}`).join(';'), langId: base.langId, client: 'Green Valley Farms', farm: 'Farm', agriculturist: 'Dr Nel',
  agent: 'Agent Smith', distributor: base.distributor, addressId: base.addressId, lowImageQuality: false, includeSummary: false,
});

async function setOptional(controlsOptional: boolean) {
  const { rowVersion } = (await admin.call(qc.settings, {})).body;
  expect((await admin.call(qc.updateSettings, { controlsOptional, rowVersion })).status).toBe(200);
}

beforeAll(async () => {
  mfw = await startMfwStandIn({ apiKey: 'k-qcu' });
  server = await startTestServer({ MFW_URL: mfw.url, MFW_API_KEY: 'k-qcu' });
  const db = server.built.deps.db;
  ref = await seedCarbohydrateReference(db);
  admin = await signedIn(server.url, ADMIN);
  lab = await signedIn(server.url, await createUser(db, ['LabJobs', 'CarbohydrateEntries']));
  base = await seedReportBase(db);
  const lot = await admin.call(qc.upsertLot, { id: 0, name: 'Sugar control', lot: 'SUG-U1', analyte: 'sugar', mean: 5.2, sd: 0.2, validFrom: '2026-01-01', validTo: null, active: true });
  sugarLot = lot.body.id;
});
afterAll(async () => {
  await server?.close();
  await mfw?.close();
});

describe('controls required: a job whose controls are not yet entered is held (ADR 0253)', () => {
  it('is marked on the results list, refused by the report and the MFW upload saying why, until its control is entered', async () => {
    const j = await jobWithControl();
    expect(await marks(j.search)).toEqual(['unentered', 'unentered']);
    expect((await lab.call(qc.jobControls, { jobId: j.jobId })).body).toMatchObject({ held: false, hold: 'unentered' });
    const refused = await lab.call(report.startReport, request(j.entryIds));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(QC_MESSAGES.heldUnentered(`J${j.jobId}`));
    const before = mfw.received.length;
    const upload = await lab.call(report.postToMfw, request(j.entryIds));
    expect(upload.status).toBe(409);
    expect(upload.body.message).toBe(QC_MESSAGES.heldUnentered(`J${j.jobId}`));
    expect(mfw.received.length).toBe(before);

    const entered = await enter(j, 5.3);
    expect(entered.body).toMatchObject({ held: false, hold: null, rows: [{ outcome: 'pass' }] });
    expect(await marks(j.search)).toEqual([null, null]);
    expect((await lab.call(report.startReport, request(j.entryIds))).status).toBe(200);
    expect((await lab.call(report.postToMfw, request(j.entryIds))).status).toBe(200);
  });

  it('a job with one of two controls entered is still held; a selection over a rejected and an unentered job names each with its reason', async () => {
    const partly = await jobWithControl();
    const two = await lab.call(qc.setJobControls, { jobId: partly.jobId, rows: [{ id: partly.control.id, controlLotId: sugarLot }, { id: 0, controlLotId: sugarLot }] });
    expect(two.body.rows).toHaveLength(2);
    expect((await enter(partly, 5.2)).body.hold).toBe('unentered');
    expect(await marks(partly.search)).toEqual(['unentered', 'unentered']);

    const rejected = await jobWithControl();
    expect((await enter(rejected, 6)).body).toMatchObject({ held: true, hold: 'rejected' });
    expect(await marks(rejected.search)).toEqual(['rejected', 'rejected']);
    const refused = await lab.call(report.startReport, request([...partly.entryIds, ...rejected.entryIds]));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${QC_MESSAGES.held(`J${rejected.jobId}`)} ${QC_MESSAGES.heldUnentered(`J${partly.jobId}`)}`);
  });
});

describe('controls required: a job with no control at all', () => {
  it('is held as unentered until a control is added and entered; a job made before the requirement is not held (ADR 0160)', async () => {
    counter += 1;
    const bare = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: `U${counter}-1`, sugar: 5, starch: 10, farm: 'Farm' }] });
    const search = `U${counter}-`;
    expect(await marks(search)).toEqual(['unentered']);
    expect((await lab.call(qc.jobControls, { jobId: bare.jobId })).body).toMatchObject({ held: false, hold: 'unentered' });
    const ids = bare.entries.map((e) => e.id);
    const refused = await lab.call(report.startReport, request(ids));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(QC_MESSAGES.heldUnentered(`J${bare.jobId}`));
    expect((await lab.call(report.postToMfw, request(ids))).status).toBe(409);
    // a control added and entered: released from the hold
    const set = await lab.call(qc.setJobControls, { jobId: bare.jobId, rows: [{ id: 0, controlLotId: sugarLot }] });
    expect(await marks(search)).toEqual(['unentered']);
    await enter({ jobId: bare.jobId, control: set.body.rows[0] as { id: number; rowVersion: number } }, 5.2);
    expect(await marks(search)).toEqual([null]);

    // a lab that required controls only from a later job on (an upgraded lab, migration 0300): its older jobs are not held
    counter += 1;
    const older = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: `U${counter}-1`, sugar: 5, starch: 10, farm: 'Farm' }] });
    expect(await marks(`U${counter}-`)).toEqual(['unentered']);
    await server.built.deps.db.updateTable('qc_settings').set({ controls_required_from_job: older.jobId + 1 }).where('id', '=', 1).execute();
    try {
      expect(await marks(`U${counter}-`)).toEqual([null]);
      expect((await lab.call(report.startReport, request(older.entries.map((e) => e.id)))).status).toBe(200);
    } finally {
      await server.built.deps.db.updateTable('qc_settings').set({ controls_required_from_job: 1 }).where('id', '=', 1).execute();
    }
  });
});

describe('controls optional', () => {
  it('a control not yet entered holds nothing (a rejected one still does)', async () => {
    await setOptional(true);
    try {
      const j = await jobWithControl();
      expect(await marks(j.search)).toEqual([null, null]);
      expect((await lab.call(qc.jobControls, { jobId: j.jobId })).body).toMatchObject({ held: false, hold: null, controlsOptional: true });
      expect((await lab.call(report.startReport, request(j.entryIds))).status).toBe(200);
      expect((await lab.call(report.postToMfw, request(j.entryIds))).status).toBe(200);
      const rejected = await jobWithControl();
      await enter(rejected, 6);
      expect(await marks(rejected.search)).toEqual(['rejected', 'rejected']);
      expect((await lab.call(report.startReport, request(rejected.entryIds))).status).toBe(409);
    } finally {
      await setOptional(false);
    }
  });
});
