import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QC_MESSAGES, labEndpoints, qcEndpoints as qc } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/**
 * "A job's controls are missing" is one rule (the qc feature's controlsMissingOfJob): the lab's job state (it cannot
 * complete) and the qc hold (its results held as 'unentered', ADR 0253) are built from it, so for every case of a job
 * whose samples are all measured they agree: the job is current exactly while its results are held as unentered.
 */
let server: TestServer;
let lab: ApiClient;
let ref: CarbohydrateReference;
let lotId: number;
let counter = 0;

type Controls = 'none' | 'unentered' | 'entered';
type Setting = 'required' | 'older job' | 'optional';

/** A job whose samples all have their results, with the controls asked for; answers its state and its hold. */
async function stateAndHold(controls: Controls, setting: Setting) {
  const db = server.built.deps.db;
  counter += 1;
  const { jobId } = await seedLabJob(db, ref, { samples: [{ sampleNumber: `CM${counter}`, sugar: 5, starch: 10 }] });
  if (controls !== 'none') {
    const set = await lab.call(qc.setJobControls, { jobId, rows: [{ id: 0, controlLotId: lotId }] });
    expect(set.status).toBe(200);
    if (controls === 'entered') {
      const row = set.body.rows[0] as { id: number; rowVersion: number };
      expect((await lab.call(qc.saveControlResults, { jobId, rows: [{ id: row.id, value: 5.2, rowVersion: row.rowVersion }] })).status).toBe(200);
    }
  }
  await db.updateTable('qc_settings').set({
    controls_optional: setting === 'optional',
    // the lab required controls only from a later job on (an upgraded lab, migration 0300): this job is exempt
    controls_required_from_job: setting === 'older job' ? jobId + 1 : 1,
  }).where('id', '=', 1).execute();
  try {
    const state = (await lab.call(labEndpoints.jobData, { id: jobId })).body.status as string;
    const hold = (await lab.call(qc.jobControls, { jobId })).body.hold as string | null;
    const listed = (await lab.call(labEndpoints.jobsCompleted, { search: `CM${counter}` })).body.rows.length as number;
    return { state, hold, listedCompleted: listed === 1 };
  } finally {
    await db.updateTable('qc_settings').set({ controls_optional: false, controls_required_from_job: 1 }).where('id', '=', 1).execute();
  }
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  ref = await seedCarbohydrateReference(db);
  const admin = await signedIn(server.url, ADMIN);
  lab = await signedIn(server.url, await createUser(db, ['LabJobs', 'CarbohydrateEntries']));
  const lot = await admin.call(qc.upsertLot, { id: 0, name: 'Sugar control', lot: 'SUG-CM', analyte: 'sugar', mean: 5.2, sd: 0.2, validFrom: '2026-01-01', validTo: null, active: true });
  expect(lot.status).toBe(200);
  lotId = lot.body.id;
});
afterAll(async () => {
  await server?.close();
});

describe("a job's missing controls: the lab's job state and the qc hold agree", () => {
  const cases: [Controls, Setting, 'missing' | 'complete'][] = [
    ['none', 'required', 'missing'],
    ['unentered', 'required', 'missing'],
    ['entered', 'required', 'complete'],
    ['none', 'older job', 'complete'],
    ['unentered', 'older job', 'complete'],
    ['entered', 'older job', 'complete'],
    ['none', 'optional', 'complete'],
    ['unentered', 'optional', 'complete'],
    ['entered', 'optional', 'complete'],
  ];
  it.each(cases)('controls: %s; setting: %s; controls %s', async (controls, setting, expected) => {
    const got = await stateAndHold(controls, setting);
    expect(got).toEqual(expected === 'missing'
      ? { state: 'current', hold: 'unentered', listedCompleted: false }
      : { state: 'completed', hold: null, listedCompleted: true });
  });
});

describe('controls optional: a job completes before its control is entered', () => {
  it("takes the control's first result without a reason (no change of a result); changing it then needs one", async () => {
    const db = server.built.deps.db;
    const { jobId } = await seedLabJob(db, ref, { samples: [{ sampleNumber: `CM${(counter += 1)}`, sugar: 5, starch: 10 }] });
    const row = (await lab.call(qc.setJobControls, { jobId, rows: [{ id: 0, controlLotId: lotId }] })).body.rows[0] as { id: number; rowVersion: number };
    await db.updateTable('qc_settings').set({ controls_optional: true }).where('id', '=', 1).execute();
    try {
      expect((await lab.call(labEndpoints.jobData, { id: jobId })).body.status).toBe('completed');
      const first = await lab.call(qc.saveControlResults, { jobId, rows: [{ id: row.id, value: 5.2, rowVersion: row.rowVersion }] });
      expect(first.status).toBe(200);
      const saved = first.body.rows[0] as { id: number; rowVersion: number };
      const change = await lab.call(qc.saveControlResults, { jobId, rows: [{ id: saved.id, value: 5.3, rowVersion: saved.rowVersion }] });
      expect(change.status).toBe(400);
      expect(change.body.fields).toEqual([{ field: 'reason', message: QC_MESSAGES.changeReasonRequired }]);
    } finally {
      await db.updateTable('qc_settings').set({ controls_optional: false }).where('id', '=', 1).execute();
    }
  });
});
