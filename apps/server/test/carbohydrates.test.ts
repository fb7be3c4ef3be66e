import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carbohydratesEndpoints as ep } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/** The carbohydrate results calls over real HTTP: lists, filters, groups, merge, edit, debug data. */
let server: TestServer;
let admin: ApiClient;
let staff: ApiClient;
let ref: CarbohydrateReference;
let other: CarbohydrateReference;
let jobA: Awaited<ReturnType<typeof seedLabJob>>;
let jobB: Awaited<ReturnType<typeof seedLabJob>>;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  ref = await seedCarbohydrateReference(db);
  other = await seedCarbohydrateReference(db, ' 2');
  jobA = await seedLabJob(db, ref, {
    samples: [
      { sampleNumber: 'A1', sugar: 5.123, starch: 12.5 },
      { sampleNumber: 'A2', sugar: 6, starch: 13 },
      { sampleNumber: 'A3', farm: 'Hilltop', block: 'C7', sugar: 4, starch: 9, stage: 1 },
      { sampleNumber: 'A4' },
    ],
  });
  jobB = await seedLabJob(db, other, {
    samples: [
      { sampleNumber: 'B1', entity: 'Orchard Co', farm: 'Eastside', sugar: 3, starch: 7, stage: 2 },
      { sampleNumber: 'B2', entity: 'Orchard Co', farm: 'Eastside', na: true },
    ],
  });
  admin = await signedIn(server.url, ADMIN);
  staff = await signedIn(server.url, await createUser(db, ['CarbohydrateEntries']));
});
afterAll(() => server?.close());

const numbers = (body: { rows: { sampleNumber: string }[] }) => body.rows.map((r) => r.sampleNumber).sort();

describe('POST /api/carbohydrate/paged', () => {
  it('lists measured entries only, newest first, with every field of a result row', async () => {
    const r = await staff.call(ep.paged, {});
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(5);
    expect(r.body.estimated).toBe(false);
    expect(r.body.rows.map((x: { sampleNumber: string }) => x.sampleNumber)).toEqual(['B2', 'B1', 'A3', 'A2', 'A1']);
    const a1 = r.body.rows.find((x: { sampleNumber: string }) => x.sampleNumber === 'A1');
    expect(a1).toMatchObject({
      entity: 'Green Valley Farms', client: 'Green Valley Farms', farmName: 'Riverside', agent: 'Agent Smith', agriculturist: 'Dr Nel',
      crop: 'Pecan', cropId: ref.crop.id, cultivar: 'Wichita', tissue: 'Roots', cropGrowth: 'Dormancy', linkedTissueName: 'Roots',
      sugar: 5.123, starch: 12.5, na: false, fieldBlockNumber: 'B1', groupCount: 2,
    });
    expect(a1.group).toMatch(/^L\d{10}-[0-9a-f]{12}$/);
  });

  it('filters by client, farm, field block, crop, growth stage and organ, and searches by prefix', async () => {
    expect(numbers((await staff.call(ep.paged, { client: 'orchard' })).body)).toEqual(['B1', 'B2']);
    expect(numbers((await staff.call(ep.paged, { farmName: 'hill' })).body)).toEqual(['A3']);
    expect(numbers((await staff.call(ep.paged, { fieldBlockNumber: 'b1' })).body)).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(numbers((await staff.call(ep.paged, { cropId: other.crop.id })).body)).toEqual(['B1', 'B2']);
    expect(numbers((await staff.call(ep.paged, { cropGrowthId: ref.stages[1].id })).body)).toEqual(['A3']);
    expect(numbers((await staff.call(ep.paged, { organ: ref.tissues.roots.id })).body)).toEqual(['A1', 'A2', 'A3']);
    expect(numbers((await staff.call(ep.paged, { search: 'a' })).body)).toEqual(['A1', 'A2', 'A3']);
    expect(numbers((await staff.call(ep.paged, { search: 'east' })).body)).toEqual(['B1', 'B2']);
    expect((await staff.call(ep.paged, { search: '%' })).body.total).toBe(0);
  });

  it('counts a row that matches the search in several columns once, and combines the search with the filters', async () => {
    // 'b' is the start of sample numbers B1, B2 and of field block B1 (A1, A2, B1, B2)
    for (const path of [ep.paged, ep.pagedgroupedlocation]) {
      const all = (await staff.call(path, { search: 'b' })).body;
      expect(numbers(all)).toEqual(['A1', 'A2', 'B1', 'B2']);
      expect(all.total).toBe(4);
      const crop = (await staff.call(path, { search: 'b', cropId: other.crop.id })).body;
      expect(numbers(crop)).toEqual(['B1', 'B2']);
      expect(crop.total).toBe(2);
      expect(numbers((await staff.call(path, { search: 'b', farmName: 'river' })).body)).toEqual(['A1', 'A2']);
    }
  });

  it('answers the same pages by seek (anchor) as by offset, forwards and backwards', async () => {
    const base = { rowsPerPage: 2, sortBy: 'sampleNumber', ascending: true };
    const p1 = (await staff.call(ep.paged, { ...base, page: 1 })).body;
    const p3 = (await staff.call(ep.paged, { ...base, page: 3 })).body;
    expect(p1.rows.map((x: { sampleNumber: string }) => x.sampleNumber)).toEqual(['A1', 'A2']);
    const viaSeek = (await staff.call(ep.paged, { ...base, page: 3, anchor: { page: 1, first: p1.firstKey, last: p1.lastKey } })).body;
    expect(viaSeek.rows).toEqual(p3.rows);
    const back = (await staff.call(ep.paged, { ...base, page: 1, anchor: { page: 3, first: p3.firstKey, last: p3.lastKey } })).body;
    expect(back.rows).toEqual(p1.rows);
    // a cursor of another order is ignored (offset instead)
    const wrong = (await staff.call(ep.paged, { ...base, page: 3, sortBy: 'entity', anchor: { page: 1, first: p1.firstKey, last: p1.lastKey } })).body;
    expect(wrong.rows).toEqual((await staff.call(ep.paged, { ...base, page: 3, sortBy: 'entity' })).body.rows);
  });

  it('sorts by every column with data, both ways, and pages by seek in each order', async () => {
    type R = { id: number; sampleNumber: string; crop: string; cultivar: string | null; regionName: string | null; cropGrowth: string; tissue: string; sugar: number | null; starch: number | null; sampleDate: string };
    // what each sort orders by, as the user reads the column (names compared lower-cased, N/A before every value)
    const keyOf: Record<string, (r: R) => string | number> = {
      crop: (r) => `${r.crop} / ${r.cultivar ?? ''}`.toLowerCase(),
      region: (r) => (r.regionName ?? '').toLowerCase(),
      growth: (r) => r.cropGrowth.toLowerCase(),
      organ: (r) => r.tissue.toLowerCase(),
      sugar: (r) => r.sugar ?? -1,
      starch: (r) => r.starch ?? -1,
      sampleDate: (r) => Date.parse(r.sampleDate),
    };
    for (const [sortBy, key] of Object.entries(keyOf)) {
      const asc: R[] = (await staff.call(ep.paged, { sortBy, ascending: true, rowsPerPage: 50 })).body.rows;
      expect(asc).toHaveLength(5);
      for (let i = 1; i < asc.length; i++) {
        const [a, b] = [key(asc[i - 1]), key(asc[i])];
        expect(a < b || (a === b && asc[i - 1].id < asc[i].id), `${sortBy}: ${asc[i - 1].sampleNumber} before ${asc[i].sampleNumber}`).toBe(true);
      }
      const desc: R[] = (await staff.call(ep.paged, { sortBy, ascending: false, rowsPerPage: 50 })).body.rows;
      expect(desc.map((r) => r.id), sortBy).toEqual(asc.map((r) => r.id).reverse());
      // page by page (2 rows), each page sought from where the last one ended
      const seen: number[] = [];
      let anchor: { page: number; first: string; last: string } | undefined;
      for (let page = 1; page <= 3; page++) {
        const body = (await staff.call(ep.paged, { sortBy, ascending: true, rowsPerPage: 2, page, ...(anchor ? { anchor } : {}) })).body;
        seen.push(...body.rows.map((r: R) => r.id));
        anchor = { page, first: body.firstKey, last: body.lastKey };
      }
      expect(seen, sortBy).toEqual(asc.map((r) => r.id));
    }
    // the values themselves: N/A first by Sugar, then 3, 4, 5.123, 6
    const bySugar = (await staff.call(ep.paged, { sortBy: 'sugar', ascending: true })).body.rows.map((r: R) => r.sampleNumber);
    expect(bySugar).toEqual(['B2', 'B1', 'A3', 'A1', 'A2']);
  });

  it('refuses bad paging input with 400 naming the field', async () => {
    const r = await staff.call(ep.paged, { rowsPerPage: 5000 });
    expect(r.status).toBe(400);
    expect(r.body.fields[0].field).toBe('rowsPerPage');
  });
});

describe('POST /api/carbohydrate/pagedgroupedlocation', () => {
  it('keeps each location group together, newest group first', async () => {
    const r = await staff.call(ep.pagedgroupedlocation, {});
    const groups = r.body.rows.map((x: { group: string }) => x.group);
    expect(r.body.rows).toHaveLength(5);
    expect(new Set(groups).size).toBe(3);
    const firstIdx = new Map<string, number>();
    groups.forEach((g: string, i: number) => {
      if (firstIdx.has(g)) expect(groups[i - 1]).toBe(g);
      else firstIdx.set(g, i);
    });
    expect(r.body.rows[0].sampleNumber).toBe('B1');
    const group = r.body.rows.find((x: { sampleNumber: string }) => x.sampleNumber === 'A1').group;
    expect(numbers((await staff.call(ep.pagedgroupedlocation, { group })).body)).toEqual(['A1', 'A2']);
  });

  it('answers the same pages by seek as by offset', async () => {
    const p1 = (await staff.call(ep.pagedgroupedlocation, { rowsPerPage: 2, page: 1 })).body;
    const p3 = (await staff.call(ep.pagedgroupedlocation, { rowsPerPage: 2, page: 3 })).body;
    const anchor = { page: 1, first: p1.firstKey, last: p1.lastKey };
    expect((await staff.call(ep.pagedgroupedlocation, { rowsPerPage: 2, page: 3, anchor })).body.rows).toEqual(p3.rows);
    const back = { page: 3, first: p3.firstKey, last: p3.lastKey };
    expect((await staff.call(ep.pagedgroupedlocation, { rowsPerPage: 2, page: 2, anchor: back })).body.rows)
      .toEqual((await staff.call(ep.pagedgroupedlocation, { rowsPerPage: 2, page: 2 })).body.rows);
  });
});

describe('POST /api/carbohydrate/filteroptions', () => {
  it('answers crops with cultivars, regions and ordered growth stages with their linked tissue, and tissues', async () => {
    const r = await staff.call(ep.filteroptions, {});
    const pecan = r.body.crops.find((c: { id: number }) => c.id === ref.crop.id);
    expect(pecan.growths.map((g: { name: string; linkedTissueName: string }) => `${g.name}/${g.linkedTissueName}`)).toEqual(['Dormancy/Roots', 'Bud break/Roots', 'Harvest/Shoots']);
    expect(pecan.cultivars.map((c: { name: string }) => c.name).sort()).toEqual(['Choctaw', 'Wichita']);
    expect(pecan.regions.map((c: { name: string }) => c.name)).toEqual(['Hartswater']);
    expect(r.body.tissues.map((t: { name: string }) => t.name)).toContain('Shoots');
  });
});

describe('POST /api/carbohydrate/upsertcarbohydrateresult', () => {
  const a2 = () => jobA.entries.find((e) => e.sample_number === 'A2')!.id;
  const current = async (id: number) => (await staff.call(ep.paged, { search: 'A2' })).body.rows.find((r: { id: number }) => r.id === id);
  const valid = (row: Record<string, unknown>) => ({
    id: row.id, rowVersion: row.rowVersion, entity: 'Green Valley Farms', agent: 'Agent Smith', agriculturist: 'Dr Nel', farmName: 'Riverside',
    fieldBlockNumber: 'B1', cropId: ref.crop.id, cultivarId: ref.cultivars[1].id, regionId: ref.region.id, tissueId: ref.tissues.shoots.id,
    cropGrowthId: ref.stages[2].id,
  });

  it('refuses blanks after trimming and missing choices with the dialog messages, saving nothing', async () => {
    const row = await current(a2());
    const r = await staff.call(ep.upsertcarbohydrateresult, {
      ...valid(row), entity: '  ', agent: '', agriculturist: ' ', farmName: '', fieldBlockNumber: ' ', cropId: 0, cultivarId: null, tissueId: 0, cropGrowthId: 0,
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([
      { field: 'entity', message: 'Entity required' },
      { field: 'agent', message: 'Agent required' },
      { field: 'agriculturist', message: 'Agronomist required' },
      { field: 'farmName', message: 'Farm name required' },
      { field: 'fieldBlockNumber', message: 'Field block number required' },
      { field: 'cropId', message: 'Crop required' },
      { field: 'cultivarId', message: 'Cultivar required' },
      { field: 'tissueId', message: 'Organ type required' },
      { field: 'cropGrowthId', message: 'Growth required' },
    ]);
    expect(await current(a2())).toEqual(row);
  });

  it('refuses a cultivar or growth stage of another crop', async () => {
    const row = await current(a2());
    const r = await staff.call(ep.upsertcarbohydrateresult, { ...valid(row), cultivarId: other.cultivars[0].id, cropGrowthId: other.stages[0].id });
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toEqual(['cultivarId', 'cropGrowthId']);
  });

  it('saves a valid edit with an audit record, and refuses a stale one with 409', async () => {
    const row = await current(a2());
    const ok = await staff.call(ep.upsertcarbohydrateresult, { ...valid(row), entity: '  Green Valley Farms ', farmName: 'Riverside North' });
    expect(ok.status).toBe(200);
    const after = await current(a2());
    expect(after).toMatchObject({ farmName: 'Riverside North', cultivar: 'Choctaw', regionName: 'Hartswater', tissue: 'Shoots', cropGrowth: 'Harvest', rowVersion: row.rowVersion + 1 });
    expect(after.group).not.toBe(row.group);
    const audit = await server.built.deps.db.selectFrom('audit_log').selectAll().where('entity', '=', 'lab_job_entries').where('entity_id', '=', String(row.id)).execute();
    expect(audit).toHaveLength(1);
    const stale = await staff.call(ep.upsertcarbohydrateresult, valid(row));
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This entry was changed by someone else. Reload it and try again.');
    expect((await staff.call(ep.upsertcarbohydrateresult, { ...valid(row), id: 999999 })).status).toBe(404);
  });
});

describe('POST /api/carbohydrate/mergeentries', () => {
  it('needs two entries', async () => {
    const r = await staff.call(ep.mergeentries, { ids: [jobA.entries[0].id] });
    expect(r.status).toBe(400);
    expect(r.body.fields[0]).toEqual({ field: 'ids', message: 'Select at least two entries to merge' });
  });

  it('makes one new group of every entry of the selected entries\u2019 groups, with an audit record', async () => {
    const before = (await staff.call(ep.pagedgroupedlocation, {})).body.rows as { id: number; sampleNumber: string; group: string }[];
    const a1 = before.find((r) => r.sampleNumber === 'A1')!;
    const b1 = before.find((r) => r.sampleNumber === 'B1')!;
    const r = await staff.call(ep.mergeentries, { ids: [a1.id, b1.id] });
    expect(r.status).toBe(200);
    expect(r.body.group).toMatch(/^M\d{10}$/);
    expect(r.body.count).toBe(4); // A1, the unmeasured A4, B1 and B2 (A2 moved away by the edit above)
    const merged = (await staff.call(ep.pagedgroupedlocation, { group: r.body.group })).body;
    expect(numbers(merged)).toEqual(['A1', 'B1', 'B2']);
    expect(merged.rows[0].groupCount).toBe(3);
    expect((await staff.call(ep.pagedgroupedlocation, {})).body.rows[0].group).toBe(r.body.group);
    const audit = await server.built.deps.db.selectFrom('audit_log').selectAll().where('entity', '=', 'location_groups').execute();
    expect(audit).toHaveLength(1);
    expect((await staff.call(ep.mergeentries, { ids: [a1.id, 999999] })).status).toBe(404);
  });
});

describe('POST /api/carbohydrate/getapidata', () => {
  it('answers the captured JSON to Admin, 403 to others outside dev mode', async () => {
    const db = server.built.deps.db;
    const sample = await db.insertInto('carbohydrate_samples')
      .values({ sample_number: 'A1', original: JSON.stringify({ raw: 'captured', n: 1 }), mapped: JSON.stringify({ sampleNumber: 'A1' }) })
      .returning('id').executeTakeFirstOrThrow();
    const id = jobA.entries[0].id;
    await db.updateTable('lab_job_entries').set({ carbohydrate_sample_id: sample.id }).where('id', '=', id).execute();
    const r = await admin.call(ep.getapidata, { id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ original: { raw: 'captured', n: 1 }, mapped: { sampleNumber: 'A1' } });
    expect((await admin.call(ep.getapidata, { id: jobB.entries[0].id })).body).toEqual({ original: null, mapped: null });
    expect((await staff.call(ep.getapidata, { id })).status).toBe(403);
  });

  it('answers any user holding CarbohydrateEntries in dev mode', async () => {
    const dev = await startTestServer({ IS_DEV: 'true' });
    try {
      const ref2 = await seedCarbohydrateReference(dev.built.deps.db);
      const job = await seedLabJob(dev.built.deps.db, ref2, { samples: [{ sampleNumber: 'D1', sugar: 1 }] });
      const user = await signedIn(dev.url, await createUser(dev.built.deps.db, ['CarbohydrateEntries']));
      const r = await user.call(ep.getapidata, { id: job.entries[0].id });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ original: null, mapped: null });
    } finally {
      await dev.close();
    }
  });
});
