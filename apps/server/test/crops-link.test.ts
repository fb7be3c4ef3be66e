import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cropsEndpoints as ep } from '@sapwood/contracts';
import { listAudit } from '../src/platform/audit/audit.repository';
import type { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/** Link-and-delete of crops and cultivars: every reference moves to the target in one transaction, and the audit says so. */
let server: TestServer;
let staff: ApiClient;
let a: CarbohydrateReference;
let b: CarbohydrateReference;
let submissionId: number;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  a = await seedCarbohydrateReference(db, ' A');
  b = await seedCarbohydrateReference(db, ' B');
  // crop A's stages are its own (the fixture names every crop's stages alike: same-named ones would merge, crops-merge.test.ts)
  for (const s of a.stages) await db.updateTable('growth_stages').set({ name: `${s.name} A` }).where('id', '=', s.id).execute();
  await seedLabJob(db, a, { samples: [{ sampleNumber: 'A1', sugar: 5 }, { sampleNumber: 'A2', sugar: 6, stage: 2 }] });
  await seedLabJob(db, b, { samples: [{ sampleNumber: 'B1', sugar: 4 }] });
  staff = await signedIn(server.url, await createUser(db, ['Crop']));
  // a submission listing both crops (its crops are kept on it: migration 0193)
  const [agent, depot, agronomist] = await Promise.all((['agents', 'depots', 'agronomists'] as const).map((t) => db.insertInto(t).values({ name: `${t} 1` }).returning('id').executeTakeFirstOrThrow()));
  submissionId = (await db.insertInto('submissions').values({
    kind: 'leaf', lab: 'Manual', client_name: 'C', farm_name: 'F', agent_id: agent.id, depot_id: depot.id, agronomist_id: agronomist.id, reference: 'crops-link-1',
    sample_count: 2, crop_ids: [a.crop.id, b.crop.id].sort((x, y) => x - y),
  }).returning('id').executeTakeFirstOrThrow()).id;
  // cultivar-level norms of crop A (they go with the cultivar), and crop A's own norms (they stay with it)
  await staff.call(ep.upsertCultivar, { cropId: a.crop.id, entities: [{ cultivarId: a.cultivars[0].id, name: a.cultivars[0].name, norms: { graphs: { macroGraph: { selected: true, n: { min: 2, med: 2.5, max: 3 } } } } }] });
});
afterAll(() => server.close());

const count = async (table: 'lab_job_entries' | 'cultivars' | 'regions' | 'growth_stages', cropId: number) =>
  Number((await server.built.deps.db.selectFrom(table).select((e) => e.fn.countAll<number>().as('n')).where('crop_id', '=', cropId).executeTakeFirstOrThrow()).n);

describe('delete with link', () => {
  it('refuses a crop linked to itself or to nothing, naming linkCropId', async () => {
    const self = await staff.call(ep.delete, { cropId: a.crop.id, linkCropId: a.crop.id });
    expect(self.body.fields).toEqual([{ field: 'linkCropId', message: 'Choose another crop: a crop cannot be linked to itself' }]);
    const none = await staff.call(ep.delete, { cropId: a.crop.id, linkCropId: 0 });
    expect(none.body.fields).toEqual([{ field: 'linkCropId', message: 'Choose a crop to link to' }]);
    expect(await count('lab_job_entries', a.crop.id)).toBe(2);
  });

  it('moves a cultivar’s entries to another cultivar of the same crop, and archives it', async () => {
    const db = server.built.deps.db;
    const other = await staff.call(ep.deleteCultivar, { cultivarId: a.cultivars[0].id, linkCultivarId: b.cultivars[0].id });
    expect(other.body.fields).toEqual([{ field: 'linkCultivarId', message: 'Choose a cultivar of the same crop' }]);
    const r = await staff.call(ep.deleteCultivar, { cultivarId: a.cultivars[1].id, linkCultivarId: a.cultivars[0].id });
    expect(r.status).toBe(200);
    expect((await db.selectFrom('cultivars').select('archived').where('id', '=', a.cultivars[1].id).executeTakeFirstOrThrow()).archived).toBe(true);
    expect((await staff.call(ep.cultivars, { id: a.crop.id })).body.map((c: { name: string }) => c.name)).toEqual([a.cultivars[0].name]);
  });

  it('moves every reference of the crop to the linked crop, archives it, and the audit names what moved', async () => {
    const db = server.built.deps.db;
    const entries = (await db.selectFrom('lab_job_entries').select('id').where('crop_id', '=', a.crop.id).execute()).map((e) => e.id);
    const before = await db.selectFrom('lab_job_entries').select(['id', 'row_version']).where('id', 'in', entries).execute();
    const r = await staff.call(ep.delete, { cropId: a.crop.id, linkCropId: b.crop.id });
    expect(r.status).toBe(200);
    for (const t of ['lab_job_entries', 'cultivars', 'regions', 'growth_stages'] as const) expect(await count(t, a.crop.id), t).toBe(0);
    expect((await db.selectFrom('submissions').select('crop_ids').where('id', '=', submissionId).executeTakeFirstOrThrow()).crop_ids).toEqual([b.crop.id]);
    expect(await count('lab_job_entries', b.crop.id)).toBe(3);
    // the moved stages follow the target's own, in their order
    const stages = await db.selectFrom('growth_stages').select(['name', 'sequence_number']).where('crop_id', '=', b.crop.id).orderBy('sequence_number').execute();
    expect(stages.map((s) => s.sequence_number)).toEqual([1, 2, 3, 4, 5, 6]);
    // the moved cultivar keeps its norms, now under the target crop; an open editor of a moved entry gets 409
    const norms = await db.selectFrom('leaf_norms').select(['crop_id', 'cultivar_id']).where('cultivar_id', '=', a.cultivars[0].id).executeTakeFirstOrThrow();
    expect(norms.crop_id).toBe(b.crop.id);
    const after = await db.selectFrom('lab_job_entries').select(['id', 'row_version']).where('id', 'in', entries).execute();
    expect(after.map((e) => e.row_version)).toEqual(before.map((e) => e.row_version + 1));
    expect((await db.selectFrom('crops').select('archived').where('id', '=', a.crop.id).executeTakeFirstOrThrow()).archived).toBe(true);
    expect((await staff.call(ep.get, { id: a.crop.id })).status).toBe(404);
    const [audit] = (await listAudit(db, 'crop', a.crop.id)).filter((x) => x.action === 'delete');
    expect(audit.new_values).toMatchObject({ linkedTo: { id: b.crop.id }, moved: { lab_job_entries: expect.arrayContaining(entries), cultivars: expect.any(Array) } });
  });
});

describe('clone', () => {
  it("copies a cultivar as '{name} (copy)' with its norms", async () => {
    const r = await staff.call(ep.cloneCultivar, { id: a.cultivars[0].id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: `${a.cultivars[0].name} (copy)`, normsVersion: 1, norms: { graphs: { macroGraph: { selected: true, n: { min: 2, med: 2.5, max: 3 } } } } });
    expect((await staff.call(ep.getCultivar, { id: r.body.cultivarId })).body.name).toBe(`${a.cultivars[0].name} (copy)`);
  });

  it("names a second copy '{name} (copy 2)': a cultivar's name is once in its crop", async () => {
    const name = a.cultivars[0].name;
    const again = await staff.call(ep.cloneCultivar, { id: a.cultivars[0].id });
    expect(again.status).toBe(200);
    expect(again.body.name).toBe(`${name} (copy 2)`);
    expect((await staff.call(ep.getCultivar, { id: again.body.cultivarId })).body.name).toBe(`${name} (copy 2)`);
  });

  it('copies a crop with its cultivars, growth stages, norms at every level and DRIS norms', async () => {
    const stages = (await staff.call(ep.growthStages, { id: b.crop.id })).body;
    await staff.call(ep.upsertGrowthStages, { cropId: b.crop.id, growthStages: [{ id: stages[0].id, norms: { graphs: { nickelGraph: { selected: true, ni: { min: 1, med: 2, max: 3 } } } } }] });
    const crop = (await staff.call(ep.get, { id: b.crop.id })).body;
    const form = new FormData();
    form.append('id', String(b.crop.id));
    form.append('data', JSON.stringify({ name: crop.name, rowVersion: crop.rowVersion, normsVersion: 0, norms: { provenance: { source: 'lab' } }, drisGraphs: [{ graphName: 'Macro', selected: true, rows: [{ expression: 'N/P', mean: 10, cv: 20 }] }] }));
    expect((await fetch(server.url + ep.upsert.path, { method: 'POST', body: form, headers: { cookie: staff.cookie } })).status).toBe(200);

    const r = await staff.call(ep.cloneCrop, { id: b.crop.id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: `${crop.name} (copy)`, normsVersion: 1, drisGraphs: [{ graphName: 'Macro', rows: [{ expression: 'N/P', mean: 10, cv: 20 }] }] });
    const copyStages = (await staff.call(ep.growthStages, { id: r.body.id })).body;
    expect(copyStages.map((s: { name: string }) => s.name)).toEqual(stages.map((s: { name: string }) => s.name));
    expect(copyStages[0].norms.graphs.nickelGraph).toMatchObject({ selected: true, ni: { min: 1, med: 2, max: 3 } });
    const copyCultivars = (await staff.call(ep.cultivars, { id: r.body.id })).body;
    const original = (await staff.call(ep.cultivars, { id: b.crop.id })).body;
    expect(copyCultivars.map((c: { name: string }) => c.name)).toEqual(original.map((c: { name: string }) => c.name));
    // the copy is a crop of its own: nothing of the original moved
    expect(await count('growth_stages', b.crop.id)).toBe(6);
  });
});

describe('pick lists and stage order', () => {
  it('withcultivars and withgrowths list live crops with their cultivars or ordered stages, for any signed-in user', async () => {
    const other = await signedIn(server.url, await createUser(server.built.deps.db, ['Leafs']));
    const wc = (await other.call(ep.withCultivars, {})).body;
    expect(wc.find((c: { id: number }) => c.id === b.crop.id).cultivars.map((v: { name: string }) => v.name)).toContain(b.cultivars[0].name);
    expect(wc.find((c: { id: number }) => c.id === a.crop.id)).toBeUndefined();
    const wg = (await other.call(ep.withGrowths, {})).body.find((c: { id: number }) => c.id === b.crop.id);
    expect(wg.growthStages.map((s: { sequenceNumber: number }) => s.sequenceNumber)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('upsertcrop sets the factor and the stages’ order (renumbered) with the crop’s version; a stage left out is refused', async () => {
    const crop = (await staff.call(ep.get, { id: b.crop.id })).body;
    const stages = (await staff.call(ep.withGrowths, {})).body.find((c: { id: number }) => c.id === b.crop.id).growthStages as { id: number; name: string }[];
    const reversed = stages.map((s, i) => ({ id: s.id, sequenceNumber: (stages.length - i) * 10, displayOnReport: i !== 0 }));
    const r = await staff.call(ep.upsertCrop, { cropId: b.crop.id, factor: 1.5, rowVersion: crop.rowVersion, sequenceNumbersIds: reversed });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.growthStages.map((s: { id: number }) => s.id)).toEqual(stages.map((s) => s.id).reverse());
    expect(r.body.growthStages.at(-1)).toMatchObject({ id: stages[0].id, sequenceNumber: 6, displayOnReport: false });
    expect((await staff.call(ep.upsertCrop, { cropId: b.crop.id, factor: 2, rowVersion: crop.rowVersion, sequenceNumbersIds: reversed })).status).toBe(409);
    const missing = await staff.call(ep.upsertCrop, { cropId: b.crop.id, factor: 2, rowVersion: crop.rowVersion + 1, sequenceNumbersIds: reversed.slice(1) });
    expect(missing.body.fields).toEqual([{ field: 'sequenceNumbersIds', message: 'List every growth stage of the crop once' }]);
  });

  it('the graph pickers page crops’ DRIS graphs and cultivars with their Selected graph sets, searchable', async () => {
    const graphs = (await staff.call(ep.pagedCropGraphs, { search: 'macro' })).body;
    expect(graphs.rows).toEqual(expect.arrayContaining([expect.objectContaining({ cropId: b.crop.id, graphName: 'Macro', selected: true })]));
    const cultivars = (await staff.call(ep.pagedCultivarGraphs, { search: a.cultivars[0].name })).body;
    expect(cultivars.rows[0]).toMatchObject({ cultivarId: a.cultivars[0].id, cropId: b.crop.id, selectedGraphs: ['macroGraph'] });
  });
});
