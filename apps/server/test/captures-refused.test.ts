import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/support/database';
import { migrateToLatest } from '../src/db/migrate';
import { allMigrations } from '../src/features';
import { farmersSampleEndpoints as farmersEp, leafsEndpoints as ep } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { seedCarbohydrateReference } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../../../tools/stand-ins/capture-server';

/**
 * Issue 31, finding 7: a sync's summary said "6 captures could not be imported and are kept with their
 * reason:" and listed none (the captures refused by an earlier sync and still refused), and nothing showed
 * which were refused or why. Each refused capture is now listed with its reason in the sync summary and on
 * the kind's Refused list (paged, searched, sorted like the other tabs), with its original payload, until a
 * later sync accepts it.
 */
let app: CaptureStandIn;
let server: TestServer;
let staff: ApiClient;

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 300, soil: 100 });
  server = await startTestServer({ CAPTURE_URL: app.url, CAPTURE_API_KEY: 'cap-key', CAPTURE_TIMEOUT_MS: '5000' });
  const db = server.built.deps.db;
  // the stand-in's crops but Dragonfruit: leaf 89, 178 and 267 name it; 97, 194 and 291 have no sample number; soil 97 neither
  await seedCarbohydrateReference(db);
  await db.insertInto('crops').values([{ name: 'Macadamia', factor: 1 }, { name: 'Apple', factor: 1 }, { name: 'Table grape', factor: 1 }]).execute();
  staff = await signedIn(server.url, await createUser(db, ['Leafs', 'FarmersSampleEntries']));
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

type Endpoints = typeof ep | typeof farmersEp;
async function sync(e: Endpoints = ep) {
  const start = await staff.call(e.sync, {});
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const s = (await staff.call(e.syncStatus, {})).body;
    if (s?.jobId === start.body.jobId && (s.status === 'done' || s.status === 'failed')) return s.result;
    if (Date.now() > deadline) throw new Error(`sync did not end: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const SIX = [
  { key: 'LF-000089', reason: "unknown crop 'Dragonfruit'" },
  { key: 'LF-000097', reason: 'missing sample number' },
  { key: 'LF-000178', reason: "unknown crop 'Dragonfruit'" },
  { key: 'LF-000194', reason: 'missing sample number' },
  { key: 'LF-000267', reason: "unknown crop 'Dragonfruit'" },
  { key: 'LF-000291', reason: 'missing sample number' },
];
const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);

describe('refused captures', () => {
  it('the first sync and every later one list each refused capture with its reason', async () => {
    const first = await sync();
    expect(first).toMatchObject({ ok: true, added: 300, refused: 6 });
    expect([...first.refusedCaptures].sort(byKey)).toEqual(SIX);
    // nothing changed: still 6 refused, and the summary still says which
    const second = await sync();
    expect(second).toMatchObject({ ok: true, added: 0, updated: 0, refused: 6 });
    expect([...second.refusedCaptures].sort(byKey)).toEqual(SIX);
  });

  it('the Refused list pages, searches and sorts them, with the reason and what the capture said', async () => {
    const all = (await staff.call(ep.refused, { sortBy: 'key', ascending: true })).body;
    expect(all.total).toBe(6);
    expect(all.rows.map((r: { key: string; reason: string }) => ({ key: r.key, reason: r.reason }))).toEqual(SIX);
    expect(all.rows[0]).toMatchObject({ key: 'LF-000089', sampleNumber: 'L26089', clientName: expect.any(String), farmName: expect.any(String), blockNumber: expect.any(String), inserted: expect.any(String) });
    expect(all.rows[1]).toMatchObject({ key: 'LF-000097', sampleNumber: '' });
    // paged
    const page2 = (await staff.call(ep.refused, { sortBy: 'key', ascending: true, rowsPerPage: 4, page: 2 })).body;
    expect(page2.rows.map((r: { key: string }) => r.key)).toEqual(['LF-000267', 'LF-000291']);
    // searched by sample number, client, farm or block
    const found = (await staff.call(ep.refused, { search: 'l26178' })).body;
    expect(found.rows.map((r: { key: string }) => r.key)).toEqual(['LF-000178']);
    // sorted by sample number (a capture without one first when ascending), by date captured
    const bySample = (await staff.call(ep.refused, { sortBy: 'sampleNumber', ascending: false })).body;
    expect(bySample.rows.map((r: { sampleNumber: string }) => r.sampleNumber).slice(0, 3)).toEqual(['L26267', 'L26178', 'L26089']);
    expect((await staff.call(ep.refused, { sortBy: 'appAdded', ascending: true })).body.rows[0].key).toBe('LF-000089');
    // the original payload, through the json dialog's call
    const json = (await staff.call(ep.getApiData, { id: all.rows[0].id })).body;
    expect(json).toMatchObject({ original: { id: 'LF-000089', crop: 'Dragonfruit', sampleNumber: 'L26089' }, mapped: null });
    // the lists of the lab's work never show them
    expect((await staff.call(ep.notCompleted, { search: 'L26089' })).body.total).toBe(0);
  });

  it('a later sync that accepts a capture takes it off the Refused list and onto Not Completed', async () => {
    Object.assign(app.captures.find((c) => c.id === 'LF-000089')!, { crop: 'Apple', updatedAt: '2026-11-20T10:00:00.000Z' });
    Object.assign(app.captures.find((c) => c.id === 'LF-000097')!, { sampleNumber: 'L26097', updatedAt: '2026-11-20T10:00:00.000Z' });
    const r = await sync();
    expect(r).toMatchObject({ updated: 2, refused: 4 });
    expect([...r.refusedCaptures].sort(byKey)).toEqual(SIX.slice(2));
    const left = (await staff.call(ep.refused, { sortBy: 'key', ascending: true })).body;
    expect(left.rows.map((x: { key: string }) => x.key)).toEqual(SIX.slice(2).map((x) => x.key));
    expect((await staff.call(ep.notCompleted, { search: 'L26089' })).body.total).toBe(1);
    expect((await staff.call(ep.notCompleted, { search: 'L26097' })).body.total).toBe(1);
  });

  it('the farmers’ screen has its own Refused list; each needs its screen’s permission', async () => {
    expect(await sync(farmersEp)).toMatchObject({ refused: 1, refusedCaptures: [{ key: 'SL-000097', reason: 'missing sample number' }] });
    const soil = (await staff.call(farmersEp.refused, {})).body;
    expect(soil.rows.map((x: { key: string; reason: string }) => [x.key, x.reason])).toEqual([['SL-000097', 'missing sample number']]);
    expect((await staff.call(farmersEp.getApiData, { id: soil.rows[0].id })).body.original).toMatchObject({ id: 'SL-000097', kind: 'soil' });
    const leafOnly = await signedIn(server.url, await createUser(server.built.deps.db, ['Leafs']));
    expect((await leafOnly.call(ep.refused, {})).status).toBe(200);
    expect((await leafOnly.call(farmersEp.refused, {})).status).toBe(403);
    const farmersOnly = await signedIn(server.url, await createUser(server.built.deps.db, ['FarmersSampleEntries']));
    expect((await farmersOnly.call(ep.refused, {})).status).toBe(403);
    expect((await farmersOnly.call(farmersEp.refused, {})).status).toBe(200);
  });
});

describe('migration 0210', () => {
  it('gives the captures refused before it what they say, from their original payload', async () => {
    const { handle, drop } = await freshDatabase();
    try {
      const before = Object.fromEntries(Object.entries(allMigrations()).filter(([name]) => name < '0210'));
      const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => before } }).migrateToLatest();
      expect(error).toBeUndefined();
      const original = (o: object) => JSON.stringify({ id: 'LF-1', client: ' Orchard Co ', farm: 'Eastside', block: 'B4', agent: 'Agent Smith', agronomist: 'Dr Nel', lab: 'Wynland', ...o });
      await handle.db.insertInto('captures').values([
        { kind: 'leaf', capture_key: 'LF-1', original: original({ sampleNumber: 'L1', crop: 'Dragonfruit', capturedAt: '2026-10-01T08:00:00Z' }), refused_reason: "unknown crop 'Dragonfruit'" },
        { kind: 'leaf', capture_key: 'LF-2', original: original({ id: 'LF-2', sampleNumber: '', capturedAt: 'yesterday-ish' }), refused_reason: 'missing sample number' },
      ]).execute();
      await migrateToLatest(handle.db);
      const rows = await handle.db.selectFrom('captures').select(['capture_key', 'sample_number', 'client_name', 'farm_name', 'block_number', 'agent', 'agronomist', 'lab', 'captured_at', 'crop_id', 'mapped'])
        .orderBy('capture_key').execute();
      expect(rows).toEqual([
        { capture_key: 'LF-1', sample_number: 'L1', client_name: 'Orchard Co', farm_name: 'Eastside', block_number: 'B4', agent: 'Agent Smith', agronomist: 'Dr Nel', lab: 'Wynland', captured_at: new Date('2026-10-01T08:00:00Z'), crop_id: null, mapped: null },
        { capture_key: 'LF-2', sample_number: '', client_name: 'Orchard Co', farm_name: 'Eastside', block_number: 'B4', agent: 'Agent Smith', agronomist: 'Dr Nel', lab: 'Wynland', captured_at: null, crop_id: null, mapped: null },
      ]);
    } finally {
      await drop();
    }
  });
});
