import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARBOHYDRATE_REPORT_MESSAGES as M, carbohydrateReportEndpoints as ep } from '@sapwood/contracts';
import { createStorage } from '../src/platform/storage/storage';
import { type MfwStandIn, startMfwStandIn } from '../../../tools/stand-ins/mfw-server';
import type { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, controlsOptional, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { pdfPages } from '../../../tests/support/pdf';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

let server: TestServer;
let mfw: MfwStandIn;
let admin: ApiClient;
let ref: CarbohydrateReference;
let selection: string;
let ids: { g1: number[]; g2: number[] };
let base: { langId: number; afrikaansId: number; addressId: number; distributor: number };

async function waitDone(client: ApiClient, id: number) {
  for (let i = 0; i < 200; i += 1) {
    const s = await client.call(ep.reportStatus, { id });
    expect(s.status).toBe(200);
    if (s.body.status === 'done') return s.body;
    if (s.body.status === 'failed') throw new Error(`report failed: ${s.body.error}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('report did not finish');
}

async function download(client: ApiClient, id: number): Promise<Buffer> {
  const res = await fetch(`${server.url}${ep.reportFile.path}?id=${id}`, { headers: { cookie: client.cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

function request(extra: Record<string, unknown> = {}) {
  return { result: selection, langId: base.langId, client: 'Green Valley Farms', farm: 'Riverside', agriculturist: 'Dr Nel', agent: 'Agent Smith', distributor: base.distributor, addressId: base.addressId, lowImageQuality: false, includeSummary: true, ...extra };
}

beforeAll(async () => {
  mfw = await startMfwStandIn({ apiKey: 'k-123' });
  server = await startTestServer({ MFW_URL: mfw.url, MFW_API_KEY: 'k-123' });
  const db = server.built.deps.db;
  admin = await signedIn(server.url, ADMIN);
  ref = await seedCarbohydrateReference(db);
  await controlsOptional(db);
  const a = await seedLabJob(db, ref, { samples: [
    { sampleNumber: 'C-101', sugar: 5.123, starch: 20.5, farm: 'Riverside' },
    { sampleNumber: 'C-102', sugar: 3.25, starch: 12.75, farm: 'Riverside' },
  ] });
  const b = await seedLabJob(db, ref, { samples: [
    { sampleNumber: 'C-201', sugar: 6.5, starch: 9.1, farm: 'Hilltop', stage: 2 },
    { sampleNumber: 'C-202', na: true, farm: 'Hilltop', stage: 2 },
  ] });
  ids = { g1: a.entries.map((e) => e.id), g2: b.entries.map((e) => e.id) };
  selection = [...ids.g2.map((id) => `Hilltop,${id}`), ...ids.g1.map((id) => `Riverside,${id}`)].join(';');
  const langs = await db.selectFrom('languages').select(['id', 'name']).execute();
  const address = await db.insertInto('addresses').values({ name: 'Sapwood Labs', address_line: '1 Lab Road', area: 'Stellenbosch', code: '7600', number: '021 555 0101', email: 'lab@sapwood.test', website: 'sapwood.test', file_prefix: 'SWL', logo_word: 'SAPWOOD', is_default: true }).returning('id').executeTakeFirstOrThrow();
  const noise = Buffer.alloc(600 * 300 * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
  await createStorage(server.built.deps.config).put('distributors/agri-h1.png', await sharp(noise, { raw: { width: 600, height: 300, channels: 3 } }).png().toBuffer());
  const distributor = await db.insertInto('distributors').values({ name: 'AgriCo', image_path: 'agri', image_hash: 'h1' }).returning('id').executeTakeFirstOrThrow();
  base = { langId: langs.find((l) => l.name === 'English')!.id, afrikaansId: langs.find((l) => l.name === 'Afrikaans')!.id, addressId: address.id, distributor: distributor.id };
});
afterAll(async () => {
  await server?.close();
  await mfw?.close();
});

describe('carbohydrate report', () => {
  it('prefills from the lab result of an entry', async () => {
    const r = await admin.call(ep.getLabResult, { id: ids.g1[0] });
    expect(r.body).toEqual({ agronomist: 'Dr Nel', entity: 'Green Valley Farms', farmName: 'Riverside', agent: 'Agent Smith' });
  });

  it('refuses a request with missing fields, naming them', async () => {
    const r = await admin.call(ep.startReport, { result: '', client: '', farm: ' ', langId: 0 });
    expect(r.status).toBe(400);
    const fields = r.body.fields.map((f: { field: string }) => f.field);
    for (const f of ['result', 'client', 'farm', 'langId', 'agriculturist', 'agent', 'distributor', 'addressId']) expect(fields).toContain(f);
  });

  it('generates one page per group in selection order plus the summary, with every sample and value', async () => {
    const start = await admin.call(ep.startReport, request());
    expect(start.status).toBe(200);
    const status = await waitDone(admin, start.body.id);
    expect(status.fileName).toMatch(/^SWL-carbohydrates-Green_Valley_Farms-\d{4}-\d{2}-\d{2}-\d+\.pdf$/);
    const pages = pdfPages(await download(admin, start.body.id));
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Hilltop');
    expect(pages[0]).toContain('C-201');
    expect(pages[0]).toContain('6.50');
    expect(pages[0]).toContain('9.10');
    expect(pages[0]).toContain('C-202');
    expect(pages[0]).toContain('N/A');
    expect(pages[1]).toContain('Riverside');
    expect(pages[1]).toMatch(/C-101[\s\S]*5\.12[\s\S]*20\.50 H/);
    expect(pages[1]).toContain('3.25 L');
    expect(pages[1]).not.toContain('C-201');
    expect(pages[2]).toContain('Summary');
    expect(pages[0]).toContain('Carbohydrate Report');
    expect(pages[0]).toContain('SAPWOOD');
    expect(pages[0]).toContain('Page 1 of 3');
  });

  it('leaves out the summary when asked and writes Afrikaans texts for Afrikaans', async () => {
    const start = await admin.call(ep.startReport, request({ langId: base.afrikaansId, includeSummary: false }));
    await waitDone(admin, start.body.id);
    const pages = pdfPages(await download(admin, start.body.id));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Koolhidraatverslag');
    expect(pages[0]).toContain('Monsternommer');
    expect(pages[0]).toContain('Suiker');
    expect(pages[0]).toContain('Bladsy 1 van 2');
  });

  it('makes a measurably smaller file with Low Image Quality', async () => {
    const hi = await admin.call(ep.startReport, request());
    const lo = await admin.call(ep.startReport, request({ lowImageQuality: true }));
    await waitDone(admin, hi.body.id);
    await waitDone(admin, lo.body.id);
    const [a, b] = [await download(admin, hi.body.id), await download(admin, lo.body.id)];
    expect(b.length).toBeLessThan(a.length * 0.8);
  });

  it('keeps the report as a record: the same file after the ranges are edited, with the ranges it used', async () => {
    const start = await admin.call(ep.startReport, request());
    await waitDone(admin, start.body.id);
    const first = await download(admin, start.body.id);
    await server.built.deps.db.updateTable('growth_stages').set({ sugar_max: 99 }).where('crop_id', '=', ref.crop.id).execute();
    const again = await download(admin, start.body.id);
    expect(again.equals(first)).toBe(true);
    const row = await server.built.deps.db.selectFrom('carbohydrate_reports').selectAll().where('id', '=', start.body.id).executeTakeFirstOrThrow();
    const frozen = row.frozen as { groups: { samples: { sugarRange: { max: number } }[] }[] };
    expect(frozen.groups[1].samples[0].sugarRange.max).not.toBe(99);
    expect(row.created_by).toBeTruthy();
    await server.built.deps.db.updateTable('growth_stages').set({ sugar_max: 8 }).where('id', '=', ref.stages[0].id).execute();
  });

  it('the dialog form post opens the progress page of the new report', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(request())) form.set(k, String(v));
    const res = await fetch(`${server.url}${ep.blockReport.path}`, { method: 'POST', body: form, headers: { cookie: admin.cookie, origin: server.url }, redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/reports\/carbohydrate\/\d+$/);
  });

  it('a user without CarbohydrateEntries can neither start nor download a report', async () => {
    const other = await signedIn(server.url, await createUser(server.built.deps.db, ['Users']));
    expect((await other.call(ep.startReport, request())).status).toBe(403);
    expect((await other.call(ep.reportFile, { id: 1 })).status).toBe(403);
  });
});

describe('upload to MFW', () => {
  it('posts each group, remembers the farm id and does not duplicate on retry', async () => {
    const before = mfw.received.length;
    const r = await admin.call(ep.postToMfw, request());
    expect(r.status).toBe(200);
    expect(r.body.map((x: { status: string }) => x.status)).toEqual(['Success', 'Success']);
    expect(mfw.received.length).toBe(before + 2);
    const again = await admin.call(ep.postToMfw, request());
    expect(again.body.map((x: { status: string }) => x.status)).toEqual(['Success', 'Success']);
    expect(mfw.received.length).toBe(before + 2);
    const farms = await server.built.deps.db.selectFrom('farms').selectAll().execute();
    expect(farms.find((f) => f.farm === 'Hilltop')?.mfw_id).toMatch(/^MFW-/);
  });

  it('says why when MFW fails, logs every attempt, and a later retry posts once', async () => {
    const sel = ids.g1.map((id) => `Riverside,${id}`).join(';');
    await server.built.deps.db.updateTable('lab_job_entries').set({ sugar: 5.5 }).where('id', '=', ids.g1[0]).execute();
    mfw.failNext(3, 500, 'database down');
    const r = await admin.call(ep.postToMfw, request({ result: sel }));
    expect(r.body).toHaveLength(1);
    expect(r.body[0].status).toBe('Failed');
    expect(r.body[0].message).toContain('MFW answered 500: database down');
    const attempts = await server.built.deps.db.selectFrom('mfw_postings').selectAll().where('status', '=', 'failed').execute();
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    const before = mfw.received.length;
    const retry = await admin.call(ep.postToMfw, request({ result: sel }));
    expect(retry.body[0].status).toBe('Success');
    await admin.call(ep.postToMfw, request({ result: sel }));
    expect(mfw.received.length).toBe(before + 1);
  });
});

describe('a selection naming an id past what is stored', () => {
  it('is refused at result (400), not a 500, by every call that takes a selection', async () => {
    const result = 'Riverside,2147483648';
    for (const [def, body] of [[ep.selectionClients, { result }], [ep.startReport, request({ result })], [ep.postToMfw, request({ result })]] as const) {
      const r = await admin.call(def, body);
      expect(r.status, `${def.path}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.fields).toEqual([{ field: 'result', message: 'Select at least one result' }]);
    }
  });
});

describe('a selection spanning clients (ADR 0252)', () => {
  let mixed: string;
  let suncrest: number[];
  beforeAll(async () => {
    const job = await seedLabJob(server.built.deps.db, ref, { samples: [
      { sampleNumber: 'S-301', entity: 'Suncrest Estates', farm: 'Hilltop', sugar: 4.5, starch: 10 },
      { sampleNumber: 'S-302', entity: ' suncrest  estates ', farm: 'Hilltop', sugar: 4.75, starch: 11 },
    ] });
    suncrest = job.entries.map((e) => e.id);
    mixed = [...ids.g1.map((id) => `Riverside,${id}`), ...suncrest.map((id) => `Suncrest,${id}`)].join(';');
  });

  it('names its clients with their counts, in selection order (one client however its name is spaced or cased)', async () => {
    const r = await admin.call(ep.selectionClients, { result: mixed });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ client: 'Green Valley Farms', entries: 2 }, { client: 'Suncrest Estates', entries: 2 }]);
    expect((await admin.call(ep.selectionClients, { result: selection })).body).toEqual([{ client: 'Green Valley Farms', entries: 4 }]);
    expect((await admin.call(ep.selectionClients, { result: '' })).status).toBe(400);
  });

  it('refuses Upload to MFW with a 400 at result naming the clients, and posts nothing', async () => {
    const before = mfw.received.length;
    const postings = await server.built.deps.db.selectFrom('mfw_postings').select('id').execute();
    const r = await admin.call(ep.postToMfw, request({ result: mixed }));
    expect(r.status).toBe(400);
    const clients = [{ client: 'Green Valley Farms', entries: 2 }, { client: 'Suncrest Estates', entries: 2 }];
    expect(r.body.fields).toEqual([{ field: 'result', message: M.uploadOneClient(clients) }]);
    expect(r.body.fields[0].message).toContain('Green Valley Farms (2), Suncrest Estates (2)');
    expect(mfw.received.length).toBe(before);
    expect(await server.built.deps.db.selectFrom('mfw_postings').select('id').execute()).toHaveLength(postings.length);
  });

  it('still makes the report (the download) of such a selection, each group under its own client', async () => {
    const start = await admin.call(ep.startReport, request({ result: mixed }));
    expect(start.status).toBe(200);
    await waitDone(admin, start.body.id);
    const all = pdfPages(await download(admin, start.body.id)).join('\n');
    expect(all).toContain('Green Valley Farms / Riverside');
    expect(all).toMatch(/suncrest {2}estates|Suncrest Estates/);
  });

  it('leaves an upload of one client as it was', async () => {
    const before = mfw.received.length;
    const r = await admin.call(ep.postToMfw, request({ result: suncrest.map((id) => `Suncrest,${id}`).join(';'), client: 'Suncrest Estates', farm: 'Hilltop' }));
    expect(r.status).toBe(200);
    expect(r.body.map((x: { status: string }) => x.status)).toEqual(['Success']);
    expect(mfw.received.length).toBe(before + 1);
  });
});
