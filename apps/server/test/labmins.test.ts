import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LabCropRow, type LabCropSyncJob, labSyncMessage, labminEndpoints as ep } from '@sapwood/contracts';
import { listAudit } from '../../../apps/server/src/platform/audit/audit.repository';
import type { ApiClient } from '../../../tests/support/api-client';
import { labStandIns } from '../../../tests/support/lab-stand-ins';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { NVIROTEK_CROPS, WYNLAND_CROPS } from '../../../tools/stand-ins/lab-crops.data';
import type { NvirotekStandIn } from '../../../tools/stand-ins/nvirotek-server';
import type { WynlandStandIn } from '../../../tools/stand-ins/wynland-server';

/** Lab crops (/labmins) against the two labs' stand-ins over real HTTP: first sync, re-sync, failures, time-outs. */
const stands = labStandIns({ wl: 'wy-key' });
let server: TestServer;
let nvirotek: NvirotekStandIn;
let wynland: WynlandStandIn;
let admin: ApiClient;
let labmin: ApiClient;

beforeAll(async () => {
  ({ nv: nvirotek, wl: wynland } = stands);
  server = await startTestServer(stands.env());
  admin = await signedIn(server.url, ADMIN);
  labmin = await signedIn(server.url, await createUser(server.built.deps.db, ['Labmin']));
});
afterAll(async () => {
  await server?.close();
});

const count = async () => (await labmin.call(ep.paged, { rowsPerPage: 5 })).body.total as number;

/** Starts a sync (a job, issue 33) and follows it to its end: the ended job, its result as `body` */
async function syncJob(client: ApiClient, seen?: (job: LabCropSyncJob) => void): Promise<LabCropSyncJob> {
  const start = await client.call(ep.sync, {});
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  for (const deadline = Date.now() + 30_000; ;) {
    const job = (await client.call(ep.syncStatus, {})).body as LabCropSyncJob | null;
    if (job && job.jobId === start.body.jobId) {
      seen?.(job);
      if (job.status === 'done' || job.status === 'failed') return job;
    }
    if (Date.now() > deadline) throw new Error(`sync did not end: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const sync = async (client: ApiClient) => ({ body: (await syncJob(client)).result! });
const outcome = (body: { providers: { provider: string }[] }, provider: string) => body.providers.find((p) => p.provider === provider);

describe('lab crops', () => {
  it('first sync adds every crop of both labs, each lab in its own words mapped to one shape', async () => {
    expect(await count()).toBe(0);
    const r = await sync(labmin);
    expect(r.body.providers).toEqual([
      { provider: 'Nvirotek', ok: true, added: NVIROTEK_CROPS.length, updated: 0, unchanged: 0, refused: [], error: null },
      { provider: 'Wynland', ok: true, added: WYNLAND_CROPS.length, updated: 0, unchanged: 0, refused: [], error: null },
    ]);
    expect(await count()).toBe(NVIROTEK_CROPS.length + WYNLAND_CROPS.length);
    // Nvirotek's list came in two pages of 20
    expect(NVIROTEK_CROPS.length).toBeGreaterThan(20);
    const nv: LabCropRow[] = (await admin.call(ep.allcrops, {})).body;
    expect(nv).toHaveLength(NVIROTEK_CROPS.length);
    expect(nv[0]).toMatchObject({ name: 'Apple', labProvider: 'Nvirotek', shortCode: 'APP', lab: 'Nvirotek Hartbeespoort' });
    const wy: LabCropRow[] = (await admin.call(ep.wynlandcrops, {})).body;
    expect(wy.map((c) => c.name)).toContain('Table Grape');
    expect(wy.every((c) => c.labProvider === 'Wynland')).toBe(true);
    const page = (await labmin.call(ep.paged, { search: 'grape', sortBy: 'name', rowsPerPage: 10 })).body;
    expect(page.rows.map((c: LabCropRow) => c.name)).toEqual(['Citrus - Grapefruit', 'Grape (Table)', 'Grape (Wine)', 'Table Grape', 'Wine Grape']);
    const audit = await listAudit(server.built.deps.db, 'lab_crop', nv[0].id);
    expect(audit.map((a) => a.action)).toEqual(['insert']);
  });

  it('re-sync changes nothing that did not change; a renamed crop keeps its id (and every link to it), never twice', async () => {
    const before: LabCropRow[] = (await admin.call(ep.allcrops, {})).body;
    const again = (await sync(labmin)).body;
    expect(outcome(again, 'Nvirotek')).toMatchObject({ ok: true, added: 0, updated: 0, unchanged: NVIROTEK_CROPS.length });
    expect(outcome(again, 'Wynland')).toMatchObject({ ok: true, added: 0, updated: 0, unchanged: WYNLAND_CROPS.length });

    const avocado = nvirotek.crops.find((c) => c.name === 'Avocado')!;
    avocado.name = 'Avocado (Hass)';
    nvirotek.crops.push({ cropId: 999, name: 'Hemp', code: 'HMP', laboratory: 'Nvirotek Tzaneen' });
    const renamed = (await sync(labmin)).body;
    expect(outcome(renamed, 'Nvirotek')).toMatchObject({ ok: true, added: 1, updated: 1, unchanged: NVIROTEK_CROPS.length - 1 });
    const after: LabCropRow[] = (await admin.call(ep.allcrops, {})).body;
    expect(after).toHaveLength(before.length + 1);
    const was = before.find((c) => c.name === 'Avocado')!;
    expect(after.find((c) => c.id === was.id)?.name).toBe('Avocado (Hass)');
    const audit = await listAudit(server.built.deps.db, 'lab_crop', was.id);
    expect(audit.map((a) => a.action)).toEqual(['insert', 'update']);
  });

  it('a failing lab leaves its list as it was and the answer says which lab failed and why; the other lab still syncs', async () => {
    const total = await count();
    wynland.failNext(1, 503);
    wynland.crops[0].Description = 'AVOCADO (FUERTE)';
    const r = (await sync(labmin)).body;
    expect(outcome(r, 'Wynland')).toEqual({ provider: 'Wynland', ok: false, added: 0, updated: 0, unchanged: 0, refused: [], error: 'Wynland answered 503: The lab is temporarily unavailable' });
    expect(outcome(r, 'Nvirotek')).toMatchObject({ ok: true });
    expect((await admin.call(ep.wynlandcrops, {})).body.map((c: LabCropRow) => c.name)).toContain('Avocado');
    expect(await count()).toBe(total);
  });

  it('a failure in the middle of a paged list writes nothing of that lab; a lab that does not answer in time is told as a time-out', async () => {
    const total = await count();
    nvirotek.crops.push({ cropId: 1000, name: 'Quinoa', code: 'QUI', laboratory: 'Nvirotek Tzaneen' });
    nvirotek.failNext(1, 500, 'database is down', 1); // page 1 answers, page 2 fails
    const mid = (await sync(labmin)).body;
    expect(outcome(mid, 'Nvirotek')).toMatchObject({ ok: false, error: 'Nvirotek answered 500: database is down' });
    expect((await admin.call(ep.allcrops, {})).body.map((c: LabCropRow) => c.name)).not.toContain('Quinoa');

    nvirotek.delayNext(1, 5_000);
    const slow = (await sync(labmin)).body;
    expect(outcome(slow, 'Nvirotek')).toMatchObject({ ok: false, error: 'Nvirotek timed out after 3 s' });
    expect(await count()).toBe(total);
  });

  it('a wrong key is refused by the lab and said so', async () => {
    const other = await startTestServer({ NVIROTEK_URL: nvirotek.url, NVIROTEK_API_KEY: 'wrong', WYNLAND_URL: wynland.url, WYNLAND_API_KEY: 'wy-key' });
    try {
      const r = (await sync(await signedIn(other.url, ADMIN))).body;
      expect(outcome(r, 'Nvirotek')).toMatchObject({ ok: false, error: 'Nvirotek answered 401: bad api key' });
      expect(outcome(r, 'Wynland')).toMatchObject({ ok: true });
    } finally {
      await other.close();
    }
  });

  it('a lab without a URL is not called, and the answer says it is not configured', async () => {
    const other = await startTestServer();
    try {
      const r = (await sync(await signedIn(other.url, ADMIN))).body;
      expect(r.providers.map((p) => p.error)).toEqual([
        'Nvirotek is not configured (NVIROTEK_URL is not set)', 'Wynland is not configured (WYNLAND_URL is not set)',
      ]);
    } finally {
      await other.close();
    }
  });

  it('runs as a job that says what it reads, page by page, and ends in a message that matches what happened (issue 33)', async () => {
    // Nvirotek's second page and Wynland's list come late: the job is seen reading each
    nvirotek.delayNext(1, 1500, 1);
    wynland.delayNext(1, 1500);
    wynland.failNext(1, 503);
    const messages = new Set<string>();
    const job = await syncJob(labmin, (j) => j.message && messages.add(j.message));
    expect(messages).toContain('Reading Nvirotek’s crops… 1 of 2 pages');
    expect(messages).toContain('Reading Wynland’s crops…');
    expect(job).toMatchObject({ status: 'done', message: null, error: null });
    expect(labSyncMessage(job)).toEqual({
      ok: false, text: expect.stringMatching(/^Lab crops synced in part\. Nvirotek: \d+ added, 0 updated, \d+ unchanged\. Wynland failed: Wynland answered 503: The lab is temporarily unavailable$/),
    });
    // a second Sync while one runs gets the same job; the status answers the latest
    nvirotek.delayNext(1, 1000);
    const [a, b] = await Promise.all([labmin.call(ep.sync, {}), labmin.call(ep.sync, {})]);
    expect(a.body.jobId).toBe(b.body.jobId);
    await syncJob(labmin);
  });

  it('takes the good crops of a list with a bad one, which is refused on its own with its reason', async () => {
    nvirotek.crops.push({ cropId: 1001, name: 'Teff', code: 'TEF', laboratory: 'Nvirotek Tzaneen' });
    wynland.turnHostile({ mode: 'record-nul', field: 'Description', paths: ['/crops'] });
    nvirotek.turnHostile({ mode: 'record-wrong-type', field: 'name', paths: ['/api/v1/crops'] });
    try {
      const job = await syncJob(labmin);
      expect(outcome(job.result!, 'Wynland')).toMatchObject({ ok: true, refused: [{ crop: 'W-001', reason: "field 'Description' contains a NUL character" }] });
      expect(outcome(job.result!, 'Nvirotek')).toMatchObject({ ok: true, added: 1, refused: [{ crop: '101', reason: "field 'name' is not text" }] });
      expect(labSyncMessage(job).text).toMatch(/^Lab crops synced\. Nvirotek: 1 added, 0 updated, \d+ unchanged, 1 refused \(101: field 'name' is not text\)\. Wynland: /);
      expect((await admin.call(ep.allcrops, {})).body.map((c: LabCropRow) => c.name)).toContain('Teff');
    } finally {
      wynland.turnHostile(null);
      nvirotek.turnHostile(null);
    }
  });

  it('the list and the sync need Labmin; the providers\' lists for the crop master need Crop', async () => {
    const nobody = await signedIn(server.url, await createUser(server.built.deps.db, ['Settings']));
    expect((await nobody.call(ep.paged, {})).status).toBe(403);
    expect((await nobody.call(ep.sync, {})).status).toBe(403);
    expect((await nobody.call(ep.syncStatus, {})).status).toBe(403);
    expect((await labmin.call(ep.allcrops, {})).status).toBe(403);
    const crop = await signedIn(server.url, await createUser(server.built.deps.db, ['Crop']));
    expect((await crop.call(ep.allcrops, {})).status).toBe(200);
    expect((await crop.call(ep.wynlandcrops, {})).status).toBe(200);
    expect((await crop.call(ep.sync, {})).status).toBe(403);
  });
});
