import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { type CropUpsertDataInput, cropImageUrl, cropsEndpoints as ep } from '@sapwood/contracts';
import { listAudit } from '../src/platform/audit/audit.repository';
import type { ApiClient } from '../../../tests/support/api-client';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/** The crop master calls over real HTTP: crops with norms and DRIS norms, lab crops, cultivars, stages, norm resolution. */
let server: TestServer;
let staff: ApiClient;
let other: ApiClient;
let labs: { nvirotek: number; wynland: number };

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  staff = await signedIn(server.url, await createUser(db, ['Crop']));
  other = await signedIn(server.url, await createUser(db, ['Labmin']));
  const [n, w] = await db.insertInto('lab_crops').values([
    { provider: 'Nvirotek', external_id: 'NV-7', name: 'Citrus (Navel)', short_code: 'CIN', lab: 'Nvirotek' },
    { provider: 'Wynland', external_id: 'W-12', name: 'Navel oranges', short_code: 'NAV', lab: 'Wynland' },
  ]).returning('id').execute();
  labs = { nvirotek: n.id, wynland: w.id };
});
afterAll(() => server.close());

/** Posts the Crop Data form as form data (`id` and `data` as JSON), as the dialog does. */
async function upsert(client: ApiClient, id: number, data: CropUpsertDataInput | Record<string, unknown>) {
  const form = new FormData();
  form.append('id', String(id));
  form.append('data', JSON.stringify(data));
  const res = await fetch(server.url + ep.upsert.path, { method: 'POST', body: form, headers: client.cookie ? { cookie: client.cookie } : {} });
  return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const macro = { selected: true, n: { min: 2.2, med: 2.5, max: 2.8 }, p: { min: 0.12, med: 0.15, max: 0.18 }, k: { min: 0.7, med: 1.0, max: 1.3 } };
const provenance = { source: 'Embleton et al. 1973, citrus leaf analysis', method: 'Kjeldahl N; ICP-OES', tissue: '4–7 month spring-flush leaves', demo: false };

describe('crop master API', () => {
  let cropId = 0;

  it('adds a crop with alternative names, graph sets, provenance and DRIS norms, read back by get', async () => {
    const r = await upsert(staff, 0, {
      name: 'Citrus', linkedNames: ['Orange', 'Naartjie'],
      norms: { graphs: { macroGraph: macro }, provenance },
      drisGraphs: [{ graphName: 'Macro DRIS', selected: true, rows: [{ expression: 'N/P', mean: 16.7, cv: 12 }, { expression: 'K/P', mean: 6.7, cv: 20 }] }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    cropId = r.body.id;
    const got = await staff.call(ep.get, { id: cropId });
    expect(got.body).toMatchObject({
      name: 'Citrus', linkedNames: ['Orange', 'Naartjie'], labminCropId: null, wynlandCropId: null, normsVersion: 1, rowVersion: 1,
      norms: { graphs: { macroGraph: { selected: true, n: { min: 2.2, med: 2.5, max: 2.8 } }, microGraph: null }, provenance },
      drisGraphs: [{ id: expect.any(Number), graphName: 'Macro DRIS', selected: true, rows: [{ expression: 'N/P', mean: 16.7, cv: 12 }, { expression: 'K/P', mean: 6.7, cv: 20 }] }],
    });
    // the pick list and the paged list, searched by an alternative name
    expect((await other.call(ep.all, {})).body).toContainEqual({ id: cropId, name: 'Citrus' });
    const found = await staff.call(ep.paged, { search: 'naart' });
    expect(found.body.rows.map((c: { id: number }) => c.id)).toEqual([cropId]);
  });

  it('refuses a range out of order naming the element, a bad DRIS norm, and saves nothing', async () => {
    const r = await upsert(staff, cropId, {
      name: 'Citrus', rowVersion: 1, normsVersion: 1,
      norms: { graphs: { macroGraph: { ...macro, n: { min: 2.5, med: 2.2, max: 2.8 } }, microGraph: { selected: true, zn: { min: 30, med: 50, max: 20 } } }, provenance },
      drisGraphs: [{ graphName: '', rows: [{ expression: 'N+P', mean: 0, cv: 10 }] }],
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual(expect.arrayContaining([
      { field: 'data.norms.graphs.macroGraph.n.med', message: 'N: Med must not be below Min' },
      { field: 'data.norms.graphs.microGraph.zn.max', message: 'Zn: Max must not be below Med' },
      { field: 'data.drisGraphs.0.graphName', message: 'Graph name required' },
      { field: 'data.drisGraphs.0.rows.0.expression', message: 'Use a ratio of two elements, e.g. N/P' },
      { field: 'data.drisGraphs.0.rows.0.mean', message: 'Must be greater than 0' },
    ]));
    expect((await staff.call(ep.get, { id: cropId })).body.norms.graphs.macroGraph.n.med).toBe(2.5);
  });

  it('refuses a stale crop or norms version (409) and an edit without the version read (400)', async () => {
    const ok = await upsert(staff, cropId, { name: 'Citrus', linkedNames: ['Orange'], rowVersion: 1, normsVersion: 1, norms: { graphs: { macroGraph: macro }, provenance } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ linkedNames: ['Orange'], rowVersion: 2, normsVersion: 2, drisGraphs: [] });
    expect((await upsert(staff, cropId, { name: 'Citrus', rowVersion: 1, normsVersion: 2, norms: {} })).status).toBe(409);
    expect((await upsert(staff, cropId, { name: 'Citrus', rowVersion: 2, normsVersion: 1, norms: {} })).status).toBe(409);
    const noVersion = await upsert(staff, cropId, { name: 'Citrus', norms: {} });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.fields[0].field).toBe('data.rowVersion');
    const audit = await listAudit(server.built.deps.db, 'crop_norms', cropId);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('assigns one lab crop of each lab over the version read, refusing a crop of the other lab and a stale version', async () => {
    const version = async () => (await staff.call(ep.get, { id: cropId })).body.rowVersion as number;
    const read = await version();
    expect((await staff.call(ep.assignLab, { cropId, labminCropId: labs.nvirotek, wynlandCropId: null, rowVersion: read })).status).toBe(200);
    // a second user read the crop before: their Wynland choice would send the old Nvirotek link back, so it is refused
    const stale = await staff.call(ep.assignLab, { cropId, labminCropId: null, wynlandCropId: labs.wynland, rowVersion: read });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This crop was changed by someone else. Reload and try again.');
    expect((await staff.call(ep.assignLab, { cropId, labminCropId: labs.nvirotek, wynlandCropId: labs.wynland, rowVersion: await version() })).status).toBe(200);
    expect((await staff.call(ep.get, { id: cropId })).body).toMatchObject({ labminCropId: labs.nvirotek, wynlandCropId: labs.wynland });
    const wrong = await staff.call(ep.assignLab, { cropId, labminCropId: labs.wynland, wynlandCropId: null, rowVersion: await version() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual([{ field: 'labminCropId', message: 'Choose a Nvirotek crop' }]);
    expect((await staff.call(ep.assignLab, { cropId, labminCropId: null, wynlandCropId: null })).status).toBe(400);
    expect((await staff.call(ep.assignLab, { cropId, labminCropId: null, wynlandCropId: null, rowVersion: await version() })).status).toBe(200);
    expect((await staff.call(ep.get, { id: cropId })).body).toMatchObject({ labminCropId: null, wynlandCropId: null });
  });

  it('resolves the norms of a sample: growth stage over cultivar over crop, naming the level and the source', async () => {
    const db = server.built.deps.db;
    const stage = await db.insertInto('growth_stages').values({ crop_id: cropId, sequence_number: 1, name: 'Flush' }).returning('id').executeTakeFirstOrThrow();
    const cultivars = await staff.call(ep.upsertCultivar, {
      cropId, entities: [{ cultivarId: 0, name: 'Navel', norms: { graphs: { macroGraph: { selected: true, n: { min: 2.4, med: 2.6, max: 2.9 } } }, provenance: { source: 'lab' } } }],
    });
    expect(cultivars.status).toBe(200);
    const navel = cultivars.body[0];
    expect(navel).toMatchObject({ name: 'Navel', normsVersion: 1, norms: { provenance: { source: 'lab' } } });
    const stages = await staff.call(ep.upsertGrowthStages, { cropId, growthStages: [{ id: stage.id, norms: { graphs: { macroGraph: { selected: true, k: { min: 0.9, med: 1.1, max: 1.4 } } } } }] });
    expect(stages.body).toEqual([expect.objectContaining({ id: stage.id, name: 'Flush', normsVersion: 1 })]);
    const levelOf = (r: { body: { elements: { element: string; level: string; min: number }[] } }) => Object.fromEntries(r.body.elements.map((e) => [e.element, `${e.level} ${e.min}`]));
    expect(levelOf(await staff.call(ep.resolveNorms, { cropId }))).toEqual({ N: 'crop 2.2', P: 'crop 0.12', K: 'crop 0.7' });
    expect(levelOf(await staff.call(ep.resolveNorms, { cropId, cultivarId: navel.cultivarId }))).toEqual({ N: 'cultivar 2.4', P: 'crop 0.12', K: 'crop 0.7' });
    const all = await staff.call(ep.resolveNorms, { cropId, cultivarId: navel.cultivarId, growthStageId: stage.id });
    expect(levelOf(all)).toEqual({ N: 'cultivar 2.4', P: 'crop 0.12', K: 'stage 0.9' });
    expect(all.body.elements.find((e: { element: string }) => e.element === 'P').provenance).toEqual(provenance);
    // a second save of the cultivar with the version it read; a stale one is refused
    const again = await staff.call(ep.upsertCultivar, { cropId, entities: [{ cultivarId: navel.cultivarId, name: 'Navel', normsVersion: 1, norms: {} }] });
    expect(again.body[0].normsVersion).toBe(2);
    expect((await staff.call(ep.upsertCultivar, { cropId, entities: [{ cultivarId: navel.cultivarId, name: 'Navel', normsVersion: 1, norms: {} }] })).status).toBe(409);
  });

  it('refuses a ratio given twice in a DRIS graph, a DRIS graph given twice, and a cultivar name the crop already has', async () => {
    const r = await upsert(staff, 0, {
      name: 'Lemon', norms: {},
      drisGraphs: [
        { graphName: 'Macro DRIS', rows: [{ expression: 'N/P', mean: 16.7, cv: 12 }, { expression: 'N/P', mean: 15, cv: 10 }, { expression: 'K*Ca', mean: 2, cv: 10 }, { expression: 'Ca*K', mean: 2, cv: 10 }] },
        { graphName: 'macro dris', rows: [] },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual(expect.arrayContaining([
      { field: 'data.drisGraphs.0.rows.1.expression', message: 'This ratio is given twice in the graph' },
      { field: 'data.drisGraphs.0.rows.3.expression', message: 'This ratio is given twice in the graph' },
      { field: 'data.drisGraphs.1.graphName', message: 'This DRIS graph is given twice' },
    ]));
    expect(r.body.fields).toHaveLength(3);
    const twice = await staff.call(ep.upsertCultivar, { cropId, entities: [{ cultivarId: 0, name: 'Valencia', norms: {} }, { cultivarId: 0, name: 'valencia ', norms: {} }] });
    expect(twice.status).toBe(400);
    expect(twice.body.fields).toEqual([{ field: 'entities.1.name', message: 'A cultivar of this crop already has this name' }]);
    const before = (await staff.call(ep.cultivars, { id: cropId })).body as { cultivarId: number; name: string; normsVersion: number }[];
    const navel = before.find((c) => c.name === 'Navel');
    expect(navel).toBeDefined();
    const taken = await staff.call(ep.upsertCultivar, { cropId, entities: [{ cultivarId: 0, name: 'NAVEL', norms: {} }] });
    expect(taken.body.fields).toEqual([{ field: 'entities.0.name', message: 'A cultivar of this crop already has this name' }]);
    // a rename that frees a name lets another cultivar take it in the same save
    const swapped = await staff.call(ep.upsertCultivar, { cropId, entities: [
      { cultivarId: navel!.cultivarId, name: 'Navel (old)', normsVersion: navel!.normsVersion, norms: {} }, { cultivarId: 0, name: 'Navel', norms: {} },
    ] });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect((swapped.body as { name: string }[]).map((c) => c.name).sort()).toEqual(['Navel', 'Navel (old)']);
  });

  it('is refused without Crop', async () => {
    expect((await other.call(ep.paged, {})).status).toBe(403);
    expect((await other.call(ep.get, { id: cropId })).status).toBe(403);
    expect((await upsert(other, 0, { name: 'X', norms: {} })).status).toBe(403);
    expect((await other.call(ep.assignLab, { cropId, labminCropId: null, wynlandCropId: null, rowVersion: 1 })).status).toBe(403);
    expect((await other.call(ep.resolveNorms, { cropId })).status).toBe(403);
  });
});

describe('crop image', () => {
  const png = (color: string) => sharp({ create: { width: 640, height: 400, channels: 3, background: color } }).png().toBuffer();
  async function withImage(id: number, data: Record<string, unknown>, file: { name: string; type: string; data: Buffer }) {
    const form = new FormData();
    form.append('id', String(id));
    form.append('data', JSON.stringify(data));
    form.append('image', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const res = await fetch(server.url + ep.upsert.path, { method: 'POST', body: form, headers: { cookie: staff.cookie } });
    return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  it('stores an image checked by its content and serves it at /upload/crops/{path}-low.png; a new one replaces it', async () => {
    const r = await withImage(0, { name: 'Mango', newImage: true, norms: {} }, { name: 'mango.png', type: 'image/png', data: await png('#f6ad55') });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const low = await fetch(server.url + cropImageUrl(r.body.imagePath), { headers: { cookie: staff.cookie } });
    expect(low.status).toBe(200);
    expect(low.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await low.arrayBuffer())).metadata()).width).toBe(300);
    const again = await withImage(r.body.id, { name: 'Mango', newImage: true, rowVersion: r.body.rowVersion, normsVersion: r.body.normsVersion, norms: {} }, { name: 'm2.png', type: 'image/png', data: await png('#2f855a') });
    expect(again.body.imagePath).not.toBe(r.body.imagePath);
    expect((await fetch(server.url + cropImageUrl(r.body.imagePath), { headers: { cookie: staff.cookie } })).status).toBe(404);
    expect(cropImageUrl(null)).toBe('/noimage.jpg');
  });

  it('refuses a file that is not an image whatever its name, and a missing image when one is announced', async () => {
    const fake = await withImage(0, { name: 'Guava', newImage: true, norms: {} }, { name: 'guava.png', type: 'image/png', data: Buffer.from('not really a png') });
    expect(fake.status).toBe(400);
    expect(fake.body.fields).toEqual([{ field: 'image', message: 'The image must be a PNG, JPEG or WebP image.' }]);
    const missing = await upsert(staff, 0, { name: 'Guava', newImage: true, norms: {} });
    expect(missing.body.fields).toEqual([{ field: 'image', message: 'Choose an image' }]);
    expect((await staff.call(ep.paged, { search: 'guava' })).body.total).toBe(0);
  });
});
