import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CapturesService } from '../src/features/leafs/captures.service';
import { createCaptureClient } from '../src/platform/integrations/capture.client';
import { seedCarbohydrateReference } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { type CaptureStandIn, startCaptureStandIn } from '../../../tools/stand-ins/capture-server';

/**
 * A sync larger than one statement's chunk (ADR 0084): 1,200 leaf captures are looked up 1,000 keys a
 * statement and written 500 rows a statement; every capture is imported once with its fields, a second
 * sync changes nothing, and changed captures spread over several chunks are updated in place.
 */
let app: CaptureStandIn;
let server: TestServer;
let service: CapturesService;

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 1200, soil: 0 });
  server = await startTestServer({ CAPTURE_URL: app.url, CAPTURE_API_KEY: 'cap-key' });
  const db = server.built.deps.db;
  const ref = await seedCarbohydrateReference(db);
  await db.updateTable('crops').set({ linked_names: ['Macadamia'] }).where('id', '=', ref.crop.id).execute();
  await db.insertInto('crops').values({ name: 'Apple', factor: 1 }).execute();
  service = new CapturesService(db, createCaptureClient({ url: app.url, apiKey: 'cap-key', timeoutMs: 10_000 }));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await app?.close();
});

const stored = () =>
  server.built.deps.db.selectFrom('captures').select(['id', 'capture_key', 'sample_number', 'client_name', 'block_number', 'crop_id', 'captured_at', 'refused_reason', 'row_version', 'original'])
    .where('kind', '=', 'leaf').orderBy('capture_key').execute();

/** mapped by the crops seeded above; the others are refused */
const known = (c: CaptureStandIn['captures'][number]) => c.sampleNumber !== '' && ['Pecan', 'Macadamia', 'Apple'].includes(c.crop ?? '');

describe('a sync of more captures than one chunk', () => {
  it('imports each of 1,200 captures once, with its mapped fields, and keeps the unmappable ones with their reason', async () => {
    const refused = app.captures.filter((c) => !known(c));
    const r = await service.sync('leaf', null);
    expect(r).toMatchObject({ ok: true, added: 1200, updated: 0, unchanged: 0, refused: refused.length });
    const rows = await stored();
    expect(rows).toHaveLength(1200);
    expect(new Set(rows.map((x) => x.capture_key)).size).toBe(1200);
    // the last capture sits in the third write chunk: its fields are its own
    const last = app.captures[1199];
    const row = rows.find((x) => x.capture_key === last.id);
    expect(row).toMatchObject({ sample_number: last.sampleNumber, client_name: last.client, block_number: last.block, row_version: 1, original: expect.objectContaining({ id: last.id }) });
    expect(row?.captured_at?.toISOString()).toBe(last.capturedAt);
    expect(rows.filter((x) => x.refused_reason !== null).map((x) => x.capture_key).sort()).toEqual(refused.map((c) => c.id).sort());
    expect(rows.find((x) => x.capture_key === 'LF-000097')?.refused_reason).toBe('missing sample number');
  });

  it('imports nothing on a second sync, and updates changed captures across chunks in place', async () => {
    expect(await service.sync('leaf', null)).toMatchObject({ ok: true, added: 0, updated: 0, unchanged: app.captures.filter(known).length });
    const before = new Map((await stored()).map((x) => [x.capture_key, x]));
    const changed = [5, 499, 500, 501, 502, 1000, 1198].map((i) => app.captures[i]).filter(known);
    expect(changed.length).toBeGreaterThanOrEqual(5);
    for (const c of changed) {
      c.client = `${c.client} (renamed)`;
      c.updatedAt = new Date(Date.parse(c.updatedAt) + 60_000).toISOString();
    }
    const r = await service.sync('leaf', null);
    expect(r.added).toBe(0);
    expect(r).toMatchObject({ updated: changed.length, unchanged: app.captures.filter(known).length - changed.length });
    const after = await stored();
    expect(after).toHaveLength(1200);
    for (const c of changed) {
      const row = after.find((x) => x.capture_key === c.id);
      const old = before.get(c.id);
      expect(row?.id).toBe(old?.id);
      expect(row?.client_name).toBe(c.client);
      expect(row?.row_version).toBe((old?.row_version ?? 0) + 1);
    }
    // an unchanged capture is untouched
    expect(after.find((x) => x.capture_key === app.captures[10].id)?.row_version).toBe(before.get(app.captures[10].id)?.row_version);
  });
});
