import { afterAll, beforeAll, expect } from 'vitest';
import {
  type ManualEntrySheet, farmersSubmissionEndpoints as farmersEp, farmersSubmissionResultEndpoints as farmersResults, submissionEndpoints as ep, submissionResultEndpoints as leafResults, outsideLabOf,
} from '@sapwood/contracts';
import { CapturesService } from '../src/features/leafs/captures.service';
import { createCaptureClient } from '../src/platform/integrations/capture.client';
import type { ApiClient } from '../../../tests/support/api-client';
import { seedCarbohydrateReference } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../../../tools/stand-ins/capture-server';
import { type NvirotekStandIn, startNvirotekStandIn } from '../../../tools/stand-ins/nvirotek-server';

/**
 * The world of the submission result tests (issue 14): a server on a real database with the capture app's and
 * Nvirotek's stand-ins, captures synced, the references a draft names, and a user holding every submission
 * permission. `submitted` makes a submission of a kind and lab through the API, optionally with samples typed
 * by hand (no capture).
 */
export interface World {
  server: TestServer;
  capture: CaptureStandIn;
  nv: NvirotekStandIn;
  staff: ApiClient;
  staffId: number;
  close(): Promise<void>;
  submitted(kind: 'leaf' | 'soil', lab: string, o?: { entries?: number; hand?: string | string[]; clientName?: string }): Promise<{ id: number; sheet: ManualEntrySheet }>;
}

export const PERMISSIONS = [
  'Submissions', 'FarmersSampleSubmissions', 'SubmissionsPrepare', 'SubmissionsWaitingForLab', 'SubmissionsResults', 'SubmissionsCompleted', 'SubmissionsDelete', 'Leafs',
];

/** `env`: more of the server's settings (e.g. MFW_URL of an MFW stand-in); `captures`: how many the capture app has of each kind. */
export async function startWorld(env: Record<string, string> = {}, captures = { leaf: 60, soil: 30 }): Promise<World> {
  const capture = await startCaptureStandIn({ apiKey: 'cap-key', ...captures });
  const nv = await startNvirotekStandIn({ apiKey: 'nv-key' });
  const server = await startTestServer({ NVIROTEK_URL: nv.url, NVIROTEK_API_KEY: 'nv-key', LABS_TIMEOUT_MS: '3000', LAB_POLL_INTERVAL_MINUTES: '0.01', ...env });
  const db = server.built.deps.db;
  const carb = await seedCarbohydrateReference(db);
  // the crop's codes at both labs (an order to a lab needs its crop code there: issue 31)
  const [nvPec, wlPec] = await db.insertInto('lab_crops').values([
    { provider: 'Nvirotek', external_id: '115', name: 'Pecan', short_code: 'PEC', lab: 'Nvirotek Tzaneen' },
    { provider: 'Wynland', external_id: 'W-014', name: 'PECAN NUT', short_code: 'PN', lab: 'Wynland Stellenbosch' },
  ]).returning('id').execute();
  await db.updateTable('crops').set({ labmin_crop_id: nvPec.id, wynland_crop_id: wlPec.id }).where('id', '=', carb.crop.id).execute();
  const agent = await db.insertInto('agents').values({ name: 'Agent Smith' }).returning('id').executeTakeFirstOrThrow();
  const depot = await db.insertInto('depots').values({ name: 'Tzaneen depot' }).returning('id').executeTakeFirstOrThrow();
  const agronomist = await db.insertInto('agronomists').values({ name: 'Dr Nel' }).returning('id').executeTakeFirstOrThrow();
  const sync = new CapturesService(db, createCaptureClient({ url: capture.url, apiKey: 'cap-key', timeoutMs: 5_000 }));
  expect(await sync.sync('leaf', null)).toMatchObject({ ok: true });
  expect(await sync.sync('soil', null)).toMatchObject({ ok: true });
  const creds = await createUser(db, PERMISSIONS, { name: 'Result Staff' });
  const staff = await signedIn(server.url, creds);
  const staffId = creds.id;

  /** the first n Not Completed captures of the kind a submission of the lab takes (an outside lab only its own, ADR 0251) */
  const fresh = (kind: 'leaf' | 'soil', n: number, lab: string) => db.selectFrom('captures').select(['id', 'sample_number as sampleNumber'])
    .where('kind', '=', kind).where('status', '=', 'NotCompleted').where('refused_reason', 'is', null).where('sample_number', '!=', '')
    .$if(kind === 'leaf', (q) => q.where('crop_id', '=', carb.crop.id)).$if(outsideLabOf(lab) !== null, (q) => q.where('lab', 'in', ['', outsideLabOf(lab)!]))
    .orderBy('id').limit(n).execute();

  async function submitted(kind: 'leaf' | 'soil', lab: string, o: { entries?: number; hand?: string | string[]; clientName?: string } = {}) {
    const rows: Record<string, unknown>[] = (await fresh(kind, o.entries ?? 2, lab)).map((e) => ({ testDataId: e.id, sampleNumber: e.sampleNumber }));
    for (const hand of [o.hand ?? []].flat()) rows.push({ testDataId: 0, sampleNumber: hand });
    const samples = [rows.map((r) => (kind === 'leaf'
      ? { ...r, blockNumber: 'B1', cropId: carb.crop.id, cultivars: [carb.cultivars[0].id], growthStage: 'Flowering', organTypeEnum: 'Normal', test: 'StandardItestLeaf' }
      : { ...r, blockNumber: 'B1', test: 'PBrayIWater' }))];
    const draft = {
      clientName: o.clientName ?? 'Orchard Co', farmName: 'Eastside', agentId: agent.id, depotId: depot.id, agronomistId: agronomist.id,
      dateSent: '2026-11-20', dateSampled: '2026-11-18', lab, samples,
    };
    const r = await staff.call(kind === 'leaf' ? ep.submit : farmersEp.submit, draft);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = (r.body as { id: number }).id;
    return { id, sheet: await sheetOf(staff, kind, id) };
  }

  return {
    server, capture, nv, staff, staffId, submitted,
    async close() {
      await server.close();
      await Promise.all([capture.close(), nv.close()]);
    },
  };
}

/** Starts the world before a test file's tests and closes it after them: its `w` is the world once started. */
export function withWorld(): { w: World } {
  const box = {} as { w: World };
  beforeAll(async () => {
    box.w = await startWorld();
  }, 60_000);
  afterAll(async () => {
    await box.w?.close();
  });
  return box;
}

export async function sheetOf(client: ApiClient, kind: 'leaf' | 'soil', submissionId: number): Promise<ManualEntrySheet> {
  const r = await client.call(kind === 'leaf' ? leafResults.sampleNumbers : farmersResults.sampleNumbers, { submissionId });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as ManualEntrySheet;
}

/** The fields of a 400 answer, field → message. */
export const fieldsOf = (body: unknown) => Object.fromEntries(((body as { fields?: { field: string; message: string }[] }).fields ?? []).map((f) => [f.field, f.message]));

/**
 * A Manual (leaf) or ManualFarmer (soil) submission of two captured samples with results typed in and submitted
 * (the first with a lab number and values, the second N/A): on the Results tab, or Completed with `complete`.
 */
export async function withTypedResults(w: World, kind: 'leaf' | 'soil', clientName: string, o: { complete?: boolean } = {}): Promise<number> {
  const { id, sheet } = await w.submitted(kind, kind === 'leaf' ? 'Manual' : 'ManualFarmer', { entries: 2, clientName });
  const ep = kind === 'leaf' ? leafResults : farmersResults;
  const r = await w.staff.call(ep.updateManual, {
    submissionId: id, submit: true,
    manualResult: [
      { sampleId: sheet.rows[0].sampleId, labNumber: 'LN-7', values: kind === 'leaf' ? { N: 2.75, Fe: 81 } : { k: 123.5 }, rowVersion: 0 },
      { sampleId: sheet.rows[1].sampleId, na: true, rowVersion: 0 },
    ],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  if (o.complete) expect((await w.staff.call(ep.complete, { id })).status).toBe(200);
  return id;
}
