import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GrowthRange, cropGrowthsEndpoints as ep } from '@sapwood/contracts';
import { listAudit } from '../src/platform/audit/audit.repository';
import { loadCropRanges } from '../src/features/cropgrowths/ranges.repository';
import { resolveRange } from '../src/features/cropgrowths/ranges';
import { seedCropGrowthsDemo } from '../src/features/cropgrowths/cropgrowths.demo';
import type { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

let server: TestServer;
let staff: ApiClient;
let tissueOnly: ApiClient;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedIn(server.url, await createUser(server.built.deps.db, ['CarbohydrateEntries']));
  tissueOnly = await signedIn(server.url, await createUser(server.built.deps.db, ['CarbohydrateTissues']));
});
afterAll(() => server.close());

async function fresh(): Promise<CarbohydrateReference> {
  n += 1;
  return seedCarbohydrateReference(server.built.deps.db, `-${n}`);
}

type Stage = { id: number; name: string; sequenceNumber: number; sugar: object; starch: object; linkedTissueId: number | null; displayOnReport: boolean; method: string };
const asInput = (s: Stage) => ({ id: s.id, name: s.name, sugar: s.sugar, starch: s.starch, linkedTissueId: s.linkedTissueId, displayOnReport: s.displayOnReport, method: s.method });

describe('crops list and crop upsert', () => {
  it('lists crops with factor, growth count and active; toggles active', async () => {
    const ref = await fresh();
    const r = await staff.call(ep.crops, { search: ref.crop.name });
    expect(r.body).toEqual({ total: 1, rows: [{ id: ref.crop.id, name: ref.crop.name, factor: 1, active: true, imagePath: null, rowVersion: 1, growthCounts: 3 }] });
    expect((await staff.call(ep.updateCropActive, { id: ref.crop.id, active: false })).body).toBe(true);
    const after = await staff.call(ep.crops, { search: ref.crop.name });
    expect(after.body.rows[0]).toMatchObject({ active: false, rowVersion: 2 });
    expect((await listAudit(server.built.deps.db, 'crop', ref.crop.id)).at(-1)?.new_values).toEqual({ active: false });
  });

  it('adds a crop (Name required, factor above 0) and edits its factor with a row version', async () => {
    const bad = await staff.call(ep.cropGrowthsUpsert, { name: ' ', factor: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([
      { field: 'name', message: 'Name required' },
      { field: 'factor', message: 'Factor must be greater than 0' },
    ]);
    const added = await staff.call(ep.cropGrowthsUpsert, { name: 'Avocado', factor: 1.2 });
    expect(added.body).toEqual({ crop: expect.objectContaining({ name: 'Avocado', factor: 1.2, rowVersion: 1 }), growths: [] });
    const id = added.body.crop.id;
    const edited = await staff.call(ep.cropGrowthsUpsert, { id, name: 'Avocado', factor: 1.5, rowVersion: 1 });
    expect(edited.body.crop).toMatchObject({ factor: 1.5, rowVersion: 2 });
    const stale = await staff.call(ep.cropGrowthsUpsert, { id, name: 'Avocado', factor: 2, rowVersion: 1 });
    expect(stale.status).toBe(409);
    expect((await staff.call(ep.cropGrowths, { cropId: id })).body.crop.factor).toBe(1.5);
    expect((await listAudit(server.built.deps.db, 'crop', id)).map((a) => a.action)).toEqual(['create', 'update']);
  });
});

describe('growth stages', () => {
  it('answers the ordered stages with their linked tissue and ranges', async () => {
    const ref = await fresh();
    const r = await staff.call(ep.cropGrowths, { cropId: ref.crop.id });
    expect(r.body.growths.map((g: Stage) => [g.sequenceNumber, g.name])).toEqual([[1, 'Dormancy'], [2, 'Bud break'], [3, 'Harvest']]);
    expect(r.body.growths[0]).toMatchObject({ linkedTissueName: ref.tissues.roots.name, sugar: { min: 4, med: 6, max: 8 }, starch: { min: 10, med: 14, max: 18 } });
    expect((await staff.call(ep.cropGrowths, { cropId: 999999 })).status).toBe(404);
  });

  it('reorders, edits and adds in one save, renumbering from 1', async () => {
    const ref = await fresh();
    // Gaps in the stored numbers: the save renumbers 1..n whatever they were.
    await server.built.deps.db.updateTable('growth_stages').set({ sequence_number: 10 }).where('id', '=', ref.stages[2].id).execute();
    const cur = (await staff.call(ep.cropGrowths, { cropId: ref.crop.id })).body;
    const [a, b, c] = cur.growths as Stage[];
    const r = await staff.call(ep.cropGrowthsUpsert, {
      id: ref.crop.id, name: cur.crop.name, factor: 1, rowVersion: cur.crop.rowVersion,
      growths: [
        asInput(c),
        { ...asInput(a), sugar: { min: 4.5, med: 6.5, max: 8.5 } },
        { name: 'Leaf fall', linkedTissueId: ref.tissues.shoots.id, sugar: { min: 1, med: 2, max: 3 }, starch: { min: 4, med: 5, max: 6 }, displayOnReport: false },
        asInput(b),
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.growths.map((g: Stage) => [g.sequenceNumber, g.name])).toEqual([[1, 'Harvest'], [2, 'Dormancy'], [3, 'Leaf fall'], [4, 'Bud break']]);
    expect(r.body.growths[1].sugar).toEqual({ min: 4.5, med: 6.5, max: 8.5 });
    expect(r.body.growths[2]).toMatchObject({ displayOnReport: false, linkedTissueName: ref.tissues.shoots.name });
    const audit = await listAudit(server.built.deps.db, 'growth_stage', a.id);
    expect(audit.at(-1)?.new_values).toEqual({ sequence_number: 2, sugar_min: 4.5, sugar_med: 6.5, sugar_max: 8.5 });
  });

  it('refuses a save that leaves a current stage out or names another crop\'s stage (409)', async () => {
    const ref = await fresh();
    const other = await fresh();
    const cur = (await staff.call(ep.cropGrowths, { cropId: ref.crop.id })).body;
    const base = { id: ref.crop.id, name: cur.crop.name, factor: 1, rowVersion: cur.crop.rowVersion };
    const missing = await staff.call(ep.cropGrowthsUpsert, { ...base, growths: cur.growths.slice(1).map(asInput) });
    expect(missing.status).toBe(409);
    expect(missing.body.message).toBe('The growth list of this crop has changed. Reload and try again.');
    const foreign = await staff.call(ep.cropGrowthsUpsert, { ...base, growths: [...cur.growths.map(asInput), { ...asInput(cur.growths[0]), id: other.stages[0].id }] });
    expect(foreign.status).toBe(409);
    expect((await staff.call(ep.cropGrowths, { cropId: ref.crop.id })).body.crop.rowVersion).toBe(cur.crop.rowVersion);
  });

  it('validates ranges and names with clear 400s and saves nothing', async () => {
    const ref = await fresh();
    const cur = (await staff.call(ep.cropGrowths, { cropId: ref.crop.id })).body;
    const base = { id: ref.crop.id, name: cur.crop.name, factor: 1, rowVersion: cur.crop.rowVersion };
    const growths = cur.growths.map(asInput);
    const r = await staff.call(ep.cropGrowthsUpsert, {
      ...base,
      growths: [
        { ...growths[0], name: '', sugar: { min: 5, med: 4, max: 6 } },
        { ...growths[1], starch: { min: -1, med: null, max: 3 } },
        { ...growths[2], sugar: { min: 5, med: null, max: 2 }, starch: { min: 1, med: 3, max: 2 } },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([
      { field: 'growths.0.name', message: 'Name required' },
      { field: 'growths.0.sugar.med', message: 'Med must not be below Min' },
      { field: 'growths.1.starch.min', message: 'Must not be negative' },
      { field: 'growths.2.sugar.max', message: 'Max must not be below Min' },
      { field: 'growths.2.starch.max', message: 'Max must not be below Med' },
    ]);
    const text = await staff.raw('POST', ep.cropGrowthsUpsert.path, JSON.stringify({ ...base, growths: [{ ...growths[0], sugar: { min: 'a' } }] }), { 'content-type': 'application/json' });
    expect(text.status).toBe(400);
    expect(text.body.fields).toEqual([{ field: 'growths.0.sugar.min', message: 'Must be a number' }]);
    const tissue = await staff.call(ep.cropGrowthsUpsert, { ...base, growths: [{ ...growths[0], linkedTissueId: 999999 }, growths[1], growths[2]] });
    expect(tissue.body.fields).toEqual([{ field: 'growths.0.linkedTissueId', message: 'Choose an organ type' }]);
    const after = (await staff.call(ep.cropGrowths, { cropId: ref.crop.id })).body;
    expect(after).toEqual(cur);
  });

  it('deletes a stage through reassign: entries and samples move, the stage is archived, the rest renumber', async () => {
    const ref = await fresh();
    const db = server.built.deps.db;
    const job = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'R1', stage: 0 }, { sampleNumber: 'R2', stage: 0 }, { sampleNumber: 'R3', stage: 1 }] });
    const sample = await db.insertInto('carbohydrate_samples').values({ sample_number: 'R1', growth_stage_id: ref.stages[0].id }).returning('id').executeTakeFirstOrThrow();

    const none = await staff.call(ep.cropGrowthsRemove, { id: ref.stages[0].id, assignId: 0 });
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual([{ field: 'assignId', message: 'Select a growth to reassign' }]);
    expect((await staff.call(ep.cropGrowthsRemove, { id: ref.stages[0].id })).body.fields).toEqual([{ field: 'assignId', message: 'Select a growth to reassign' }]);
    const self = await staff.call(ep.cropGrowthsRemove, { id: ref.stages[0].id, assignId: ref.stages[0].id });
    expect(self.body.message).toBe('Select a growth to reassign');
    const foreign = await fresh();
    expect((await staff.call(ep.cropGrowthsRemove, { id: ref.stages[0].id, assignId: foreign.stages[0].id })).status).toBe(400);

    const r = await staff.call(ep.cropGrowthsRemove, { id: ref.stages[0].id, assignId: ref.stages[2].id });
    expect(r.body).toEqual({ rowVersion: 2, movedEntries: 2, movedSamples: 1 });
    const entries = await db.selectFrom('lab_job_entries').select(['sample_number', 'growth_stage_id']).where('lab_job_id', '=', job.jobId).orderBy('position').execute();
    expect(entries.map((e) => e.growth_stage_id)).toEqual([ref.stages[2].id, ref.stages[2].id, ref.stages[1].id]);
    expect((await db.selectFrom('carbohydrate_samples').select('growth_stage_id').where('id', '=', sample.id).executeTakeFirstOrThrow()).growth_stage_id).toBe(ref.stages[2].id);
    const stage = await db.selectFrom('growth_stages').select('archived').where('id', '=', ref.stages[0].id).executeTakeFirstOrThrow();
    expect(stage.archived).toBe(true);
    const list = (await staff.call(ep.cropGrowths, { cropId: ref.crop.id })).body.growths;
    expect(list.map((g: Stage) => [g.sequenceNumber, g.name])).toEqual([[1, 'Bud break'], [2, 'Harvest']]);
    const audit = await listAudit(db, 'growth_stage', ref.stages[0].id);
    expect(audit.at(-1)).toMatchObject({ action: 'delete', new_values: { reassignedTo: ref.stages[2].id, reassignedToName: 'Harvest', movedEntries: 2, movedSamples: 1 } });
    expect((await staff.call(ep.cropGrowthsRemove, { id: ref.stages[0].id, assignId: ref.stages[1].id })).status).toBe(404);
  });

  it('rolls the whole reassign back when a step fails', async () => {
    const ref = await fresh();
    const db = server.built.deps.db;
    await seedLabJob(db, ref, { samples: [{ sampleNumber: 'T1', stage: 0 }] });
    // A trigger that refuses archiving this stage makes the last step fail after the entries moved.
    await sql.raw(`create or replace function refuse_archive() returns trigger language plpgsql as $$ begin if new.archived and new.id = ${ref.stages[0].id} then raise exception 'refused'; end if; return new; end $$`).execute(db);
    await sql`create trigger refuse_archive before update on growth_stages for each row execute function refuse_archive()`.execute(db);
    try {
      const r = await staff.call(ep.cropGrowthsRemove, { id: ref.stages[0].id, assignId: ref.stages[1].id });
      expect(r.status).toBe(500);
    } finally {
      await sql`drop trigger refuse_archive on growth_stages`.execute(db);
    }
    const entry = await db.selectFrom('lab_job_entries').select('growth_stage_id').where('sample_number', '=', 'T1').executeTakeFirstOrThrow();
    expect(entry.growth_stage_id).toBe(ref.stages[0].id);
    expect((await listAudit(db, 'growth_stage', ref.stages[0].id)).length).toBe(0);
  });
});

describe('regions and cultivars with per-stage overrides', () => {
  it('adds, lists and deletes regions (Name required); values default to the stage\'s own', async () => {
    const ref = await fresh();
    expect((await staff.call(ep.addRegion, { cropId: ref.crop.id, name: '' })).body.fields).toEqual([{ field: 'name', message: 'Name required' }]);
    const added = await staff.call(ep.addRegion, { cropId: ref.crop.id, name: 'Karoo' });
    expect(added.body).toMatchObject({ name: 'Karoo', cropId: ref.crop.id, rowVersion: 1 });
    const r = await staff.call(ep.regionsCropGrowths, { cropId: ref.crop.id });
    expect(r.body.regions.map((x: { name: string }) => x.name)).toEqual([ref.region.name, 'Karoo']);
    const karoo = r.body.regions[1];
    expect(karoo.growthValues[0]).toEqual({ growthStageId: ref.stages[0].id, override: false, sugar: { min: 4, med: 6, max: 8 }, starch: { min: 10, med: 14, max: 18 } });
    expect(r.body.regions[0].growthValues[0]).toMatchObject({ override: true, sugar: { min: 5, med: 7, max: 9 } });
    expect((await staff.call(ep.deleteRegion, { id: added.body.id })).body).toBe(true);
    expect((await staff.call(ep.getRegions, { cropId: ref.crop.id })).body.map((x: { name: string }) => x.name)).toEqual([ref.region.name]);
    expect((await listAudit(server.built.deps.db, 'region', added.body.id)).map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('stores region overrides, validates ranges and refuses a stale row version', async () => {
    const ref = await fresh();
    const body = { cropId: ref.crop.id, regions: [{ id: ref.region.id, rowVersion: 1, growthValues: [
      { growthStageId: ref.stages[1].id, override: true, sugar: { min: 1, med: 2, max: 3 }, starch: { min: 7, med: 8, max: 9 } },
      { growthStageId: ref.stages[0].id, override: false, sugar: { min: 5, med: 7, max: 9 }, starch: { min: 11, med: 15, max: 19 } },
    ] }] };
    const bad = await staff.call(ep.updateRegions, { ...body, regions: [{ ...body.regions[0], growthValues: [{ ...body.regions[0].growthValues[0], sugar: { min: 3, med: 2, max: 1 } }] }] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([
      { field: 'regions.0.growthValues.0.sugar.med', message: 'Med must not be below Min' },
      { field: 'regions.0.growthValues.0.sugar.max', message: 'Max must not be below Med' },
    ]);
    const foreignStage = (await fresh()).stages[0].id;
    const wrong = await staff.call(ep.updateRegions, { ...body, regions: [{ ...body.regions[0], growthValues: [{ growthStageId: foreignStage, override: true }] }] });
    expect(wrong.body.fields).toEqual([{ field: 'regions.0.growthValues.0.growthStageId', message: 'Not a growth stage of this crop' }]);

    const ok = await staff.call(ep.updateRegions, body);
    expect(ok.status).toBe(200);
    const region = ok.body.regions[0];
    expect(region.rowVersion).toBe(2);
    expect(region.growthValues[1]).toEqual({ growthStageId: ref.stages[1].id, override: true, sugar: { min: 1, med: 2, max: 3 }, starch: { min: 7, med: 8, max: 9 } });
    expect(region.growthValues[0].override).toBe(false);
    const stale = await staff.call(ep.updateRegions, body);
    expect(stale.status).toBe(409);
    const audit = await listAudit(server.built.deps.db, 'region_growth_value', `${ref.region.id}:${ref.stages[1].id}`);
    expect(audit[0]).toMatchObject({ action: 'create', new_values: expect.objectContaining({ override: true, sugar_min: 1 }) });
  });

  it('adds cultivars and stores cultivar overrides', async () => {
    const ref = await fresh();
    const added = await staff.call(ep.addCultivar, { cropId: ref.crop.id, name: 'Pawnee' });
    const r = await staff.call(ep.updateCultivarGrowth, { cropId: ref.crop.id, cultivars: [{ id: added.body.id, rowVersion: 1, growthValues: [
      { growthStageId: ref.stages[2].id, override: true, sugar: { min: 2.5, med: null, max: 6.5 } },
    ] }] });
    expect(r.status).toBe(200);
    const pawnee = r.body.cultivars.find((c: { id: number }) => c.id === added.body.id);
    expect(pawnee.growthValues[2]).toEqual({ growthStageId: ref.stages[2].id, override: true, sugar: { min: 2.5, med: null, max: 6.5 }, starch: { min: null, med: null, max: null } });
    const list = await staff.call(ep.cultivarGrowth, { cropId: ref.crop.id });
    expect(list.body.cultivars.map((c: { name: string }) => c.name)).toEqual([ref.cultivars[1].name, 'Pawnee', ref.cultivars[0].name]);
    expect((await staff.call(ep.deleteCultivar, { id: added.body.id })).body).toBe(true);
    expect((await staff.call(ep.cultivarGrowth, { cropId: ref.crop.id })).body.cultivars).toHaveLength(2);
  });

  it('resolves a range: cultivar override over region override over the stage (loadCropRanges + resolveRange)', async () => {
    const ref = await fresh();
    const db = server.built.deps.db;
    await staff.call(ep.updateCultivarGrowth, { cropId: ref.crop.id, cultivars: [{ id: ref.cultivars[0].id, rowVersion: 1, growthValues: [
      { growthStageId: ref.stages[0].id, override: true, sugar: { min: 1, med: 1.5, max: 2 } },
    ] }] });
    const stages = await loadCropRanges(db, ref.crop.id);
    expect(stages.map((s) => s.sequenceNumber)).toEqual([1, 2, 3]);
    const [dormancy, budBreak, harvest] = stages;
    const cultivar = dormancy.cultivars.get(ref.cultivars[0].id);
    const region = dormancy.regions.get(ref.region.id);
    expect(resolveRange(dormancy, region, cultivar)).toEqual({
      sugar: { min: 1, med: 1.5, max: 2 }, sugarSource: 'cultivar',
      starch: { min: 11, med: 15, max: 19 }, starchSource: 'region',
    });
    expect(resolveRange(dormancy, region).sugarSource).toBe('region');
    expect(resolveRange(budBreak, budBreak.regions.get(ref.region.id), budBreak.cultivars.get(ref.cultivars[0].id))).toMatchObject({ sugar: { min: 3.5, med: 5.5, max: 7.5 }, sugarSource: 'cultivar' });
    expect(resolveRange(harvest)).toMatchObject({ sugar: { min: 2, med: 4, max: 6 }, sugarSource: 'stage', starchSource: 'stage' });
  });
});

describe('demo data', () => {
  it('seeds demo crops once, each with cultivars, regions, 4–6 ordered stages with ranges and tissues, and some overrides', async () => {
    const db = server.built.deps.db;
    await seedCropGrowthsDemo(db);
    await seedCropGrowthsDemo(db);
    const crops = await db.selectFrom('crops').select(['id', 'name']).where('demo', '=', true).orderBy('id').execute();
    expect(crops.map((c) => c.name)).toEqual(['Pecan', 'Macadamia', 'Apple', 'Table grape']);
    for (const c of crops) {
      const stages = await loadCropRanges(db, c.id);
      expect(stages.length).toBeGreaterThanOrEqual(4);
      expect(stages.length).toBeLessThanOrEqual(6);
      expect(stages.map((s) => s.sequenceNumber)).toEqual(stages.map((_, i) => i + 1));
      for (const s of stages) {
        expect(s.linkedTissueId).not.toBeNull();
        expect(s.method).toMatch(/illustrative/);
        expect(GrowthRange.safeParse(s.sugar).success && GrowthRange.safeParse(s.starch).success).toBe(true);
      }
      expect(stages.some((s) => s.regions.size > 0) && stages.some((s) => s.cultivars.size > 0)).toBe(true);
      expect((await staff.call(ep.cultivarGrowth, { cropId: c.id })).body.cultivars.length).toBeGreaterThan(0);
    }
    const tissues = await db.selectFrom('tissues').select('name').where('name', 'in', ['Roots', 'Shoots', 'Canes', 'Trunk']).execute();
    expect(tissues).toHaveLength(4);
  });
});

describe('permission gating', () => {
  it('refuses every crop-growth call to a user without CarbohydrateEntries, but not the region pick list', async () => {
    const ref = await fresh();
    expect((await tissueOnly.call(ep.crops, {})).status).toBe(403);
    expect((await tissueOnly.call(ep.cropGrowthsUpsert, { name: 'X', factor: 1 })).status).toBe(403);
    expect((await tissueOnly.call(ep.cropGrowthsRemove, { id: ref.stages[0].id, assignId: ref.stages[1].id })).status).toBe(403);
    expect((await tissueOnly.call(ep.updateRegions, { cropId: ref.crop.id, regions: [] })).status).toBe(403);
    const pick = await tissueOnly.call(ep.getRegions, { cropId: ref.crop.id });
    expect(pick.body).toEqual([{ id: ref.region.id, name: ref.region.name, cropId: ref.crop.id, rowVersion: 1 }]);
  });
});
