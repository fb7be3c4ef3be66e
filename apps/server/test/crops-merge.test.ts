import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cropGrowthsEndpoints as growthsEp, cropsEndpoints as ep } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/**
 * Issue 31, finding 6: /crops → Clone Apple → delete the copy, linking to Apple. The copy's cultivars, growth
 * stages and regions are Apple's own under the same names: they merge into Apple's (their references move to
 * Apple's child of that name, their norms fill in what Apple lacks), and nothing is listed twice — not after
 * three rounds either, and not in the Prepare dialog's pickers.
 */
let server: TestServer;
let staff: ApiClient;
let apple: CarbohydrateReference;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  apple = await seedCarbohydrateReference(db, ' merge');
  await db.updateTable('crops').set({ name: 'Apple' }).where('id', '=', apple.crop.id).execute();
  staff = await signedIn(server.url, await createUser(db, ['Crop', 'CarbohydrateEntries']));
  // Apple's first cultivar has norms of its own; its first stage too
  await staff.call(ep.upsertCultivar, { cropId: apple.crop.id, entities: [{ cultivarId: apple.cultivars[0].id, name: apple.cultivars[0].name, norms: { graphs: { macroGraph: { selected: true, n: { min: 2, med: 2.5, max: 3 } } } } }] });
  await staff.call(ep.upsertGrowthStages, { cropId: apple.crop.id, growthStages: [{ id: apple.stages[0].id, norms: { graphs: { nickelGraph: { selected: true, ni: { min: 1, med: 2, max: 3 } } } } }] });
});
afterAll(() => server?.close());

const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
const ids = <T extends { id: number }>(rows: T[]) => rows.map((r) => r.id).sort((a, b) => a - b);

/** What Apple lists: on /crops, in the carbohydrate dialogs and in the Prepare dialog's pickers. */
async function listed() {
  const cultivars = (await staff.call(ep.cultivars, { id: apple.crop.id })).body as { cultivarId: number; name: string; normsVersion: number }[];
  const stages = (await staff.call(ep.growthStages, { id: apple.crop.id })).body as { id: number; name: string; sequenceNumber: number }[];
  const regions = (await staff.call(growthsEp.getRegions, { cropId: apple.crop.id })).body as { id: number; name: string }[];
  const picker = (await staff.call(ep.withCultivars, {})).body.find((c: { id: number }) => c.id === apple.crop.id) as { cultivars: { id: number; name: string }[] };
  const stagePicker = (await staff.call(ep.withGrowths, {})).body.find((c: { id: number }) => c.id === apple.crop.id) as { growthStages: { id: number; name: string }[] };
  return { cultivars, stages, regions, picker: picker.cultivars, stagePicker: stagePicker.growthStages };
}

/** Clone Apple, give the copy a region like Apple's and entries on its children, then delete it linking to Apple. */
async function cloneAndLink(round: number) {
  const db = server.built.deps.db;
  const copy = (await staff.call(ep.cloneCrop, { id: apple.crop.id })).body as { id: number; name: string };
  expect(copy.name).toBe('Apple (copy)');
  const region = (await staff.call(growthsEp.addRegion, { cropId: copy.id, name: apple.region.name.toUpperCase() })).body as { id: number };
  const copyCultivars = (await staff.call(ep.cultivars, { id: copy.id })).body as { cultivarId: number; name: string }[];
  const copyStages = (await staff.call(ep.growthStages, { id: copy.id })).body as { id: number; name: string }[];
  const ref = { ...apple, crop: copy, cultivars: apple.cultivars.map((a) => copyCultivars.find((c) => c.name === a.name)!).map((c) => ({ id: c.cultivarId, name: c.name })), stages: copyStages.map((s, i) => ({ ...s, sequence_number: i + 1 })), region: { id: region.id, name: apple.region.name } };
  const job = await seedLabJob(db, ref, { samples: [{ sampleNumber: `MERGE-${round}-1`, stage: 1 }, { sampleNumber: `MERGE-${round}-2`, stage: 2 }] });
  await db.updateTable('lab_job_entries').set({ region_id: region.id }).where('lab_job_id', '=', job.jobId).execute();
  const r = await staff.call(ep.delete, { cropId: copy.id, linkCropId: apple.crop.id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return job;
}

describe('delete with a link merges same-named children into the target’s', () => {
  it('Clone Apple, then delete the copy linking to Apple: each cultivar, stage and region once, references on Apple’s own', async () => {
    const before = await listed();
    expect(names(before.cultivars)).toEqual(names(apple.cultivars));
    const job = await cloneAndLink(1);
    const after = await listed();
    expect(names(after.cultivars)).toEqual(names(apple.cultivars));
    expect(after.cultivars.map((c) => c.cultivarId).sort()).toEqual(before.cultivars.map((c) => c.cultivarId).sort());
    expect(after.stages.map((s) => [s.id, s.name, s.sequenceNumber])).toEqual(before.stages.map((s) => [s.id, s.name, s.sequenceNumber]));
    expect(ids(after.regions)).toEqual(ids(before.regions));
    expect(ids(after.picker)).toEqual(ids(before.picker));
    expect(ids(after.stagePicker)).toEqual(ids(before.stagePicker));
    // the copy's entries now name Apple's own cultivar, stage and region of the same name
    const entries = await server.built.deps.db.selectFrom('lab_job_entries').select(['crop_id', 'cultivar_id', 'growth_stage_id', 'region_id']).where('lab_job_id', '=', job.jobId).orderBy('position').execute();
    expect(entries).toEqual([
      { crop_id: apple.crop.id, cultivar_id: apple.cultivars[0].id, growth_stage_id: apple.stages[1].id, region_id: apple.region.id },
      { crop_id: apple.crop.id, cultivar_id: apple.cultivars[0].id, growth_stage_id: apple.stages[2].id, region_id: apple.region.id },
    ]);
  });

  it('three rounds later Apple still lists each once, with its own norms', async () => {
    const before = await listed();
    for (const round of [2, 3, 4]) await cloneAndLink(round);
    const after = await listed();
    expect(after.cultivars.map((c) => [c.cultivarId, c.name, c.normsVersion])).toEqual(before.cultivars.map((c) => [c.cultivarId, c.name, c.normsVersion]));
    expect(after.stages.map((s) => s.id)).toEqual(before.stages.map((s) => s.id));
    expect(ids(after.regions)).toEqual(ids(before.regions));
    expect(ids(after.picker)).toEqual(ids(before.picker));
    const norms = await server.built.deps.db.selectFrom('leaf_norms').select(['cultivar_id', 'growth_stage_id']).where('crop_id', '=', apple.crop.id).execute();
    expect(norms.length, JSON.stringify(norms)).toBe(2);
  });
});
