import { expect } from 'vitest';
import { type AnyStaleCase, type Ctx, staleCase } from './stale-first.support';

/** stale-first.test.ts's entries for crops: their growth stages, regions and cultivars, norms and lab links. */

const NONE = 999_999;

/** A crop with two growth stages, through the Crop Growths page: its id, version and stages' ids. */
async function cropWithStages(c: Ctx): Promise<{ cropId: number; rowVersion: number; stages: number[] }> {
  const r = await c.ok('/api/carbohydrate/cropgrowthsupsert', { id: 0, name: c.unique('Crop'), factor: 1, growths: [{ id: 0, name: 'Early' }, { id: 0, name: 'Late' }] });
  return { cropId: r.crop.id, rowVersion: r.crop.rowVersion, stages: r.growths.map((g: { id: number }) => g.id) };
}

/**
 * The Regions or the Cultivars dialog of a crop (per owner a version): two owners; the stale save holds a row of the
 * other owner (its version current) naming a growth stage not of the crop, and the stale owner's row.
 */
function overrides(kind: 'region' | 'cultivar'): AnyStaleCase {
  const [add, list, save, key] = kind === 'region'
    ? ['/api/carbohydrate/addregion', '/api/carbohydrate/regionscropgrowths', '/api/carbohydrate/updateregions', 'regions'] as const
    : ['/api/carbohydrate/addcultivar', '/api/carbohydrate/cultivargrowth', '/api/carbohydrate/updatecultivargrowth', 'cultivars'] as const;
  type S = { cropId: number; id: number; other: { id: number; rowVersion: number } };
  const versionOf = (answer: Record<string, { id: number; rowVersion: number }[]>, id: number) => answer[key].find((o) => o.id === id)!.rowVersion;
  return staleCase<S>({
    breaks: `another ${kind}'s row naming a growth stage not of the crop (beside the stale row)`,
    async stored(c) {
      const { cropId } = await cropWithStages(c);
      const a = await c.ok(add, { cropId, name: c.unique(kind) });
      const b = await c.ok(add, { cropId, name: c.unique(kind) });
      return { s: { cropId, id: a.id, other: { id: b.id, rowVersion: b.rowVersion } }, read: a.rowVersion };
    },
    async moveOn(c, s, read) {
      const answer = await c.ok(save, { cropId: s.cropId, [key]: [{ id: s.id, rowVersion: read, growthValues: [] }] });
      expect(versionOf(await c.ok(list, { cropId: s.cropId }), s.other.id)).toBe(s.other.rowVersion);
      return versionOf(answer, s.id);
    },
    save: (s, v) => ({ cropId: s.cropId, [key]: [{ ...s.other, growthValues: [{ growthStageId: NONE }] }, { id: s.id, rowVersion: v, growthValues: [] }] }),
  });
}

/** A crop through the Crops page (a multipart form): its id and versions. */
async function masterCrop(c: Ctx): Promise<{ id: number; name: string; rowVersion: number; normsVersion: number }> {
  const r = await c.ok('/api/crop/upsert', { id: 0, data: { name: c.unique('Crop'), norms: {} } });
  return { id: r.id, name: r.name, rowVersion: r.rowVersion, normsVersion: r.normsVersion };
}

export const CROP_CASES: Record<string, AnyStaleCase> = {
  '/api/carbohydrate/cropgrowthsupsert': staleCase<{ id: number; name: string }>({
    breaks: 'a growth stage linking an organ type that does not exist',
    async stored(c) {
      const r = await c.ok('/api/carbohydrate/cropgrowthsupsert', { id: 0, name: c.unique('Crop'), factor: 1 });
      return { s: { id: r.crop.id, name: r.crop.name }, read: r.crop.rowVersion };
    },
    moveOn: async (c, s, read) => (await c.ok('/api/carbohydrate/cropgrowthsupsert', { ...s, factor: 2, rowVersion: read })).crop.rowVersion,
    save: (s, v) => ({ ...s, factor: 1, rowVersion: v, growths: [{ id: 0, name: 'Stage', linkedTissueId: NONE }] }),
  }),
  '/api/carbohydrate/updateregions': overrides('region'),
  '/api/carbohydrate/updatecultivargrowth': overrides('cultivar'),
  '/api/crop/upsert': staleCase<{ id: number; name: string; normsVersion: number }>({
    breaks: 'a new image announced without the image (newImage without image)',
    async stored(c) {
      const { rowVersion, ...s } = await masterCrop(c);
      return { s, read: rowVersion };
    },
    async moveOn(c, s, read) {
      const r = await c.ok('/api/crop/upsert', { id: s.id, data: { name: s.name, linkedNames: ['Moved'], rowVersion: read, normsVersion: s.normsVersion, norms: {} } });
      // the save wrote the crop's norms too: the stale save is stale in the crop's version only
      s.normsVersion = r.normsVersion;
      return r.rowVersion;
    },
    save: (s, v) => ({ id: s.id, data: { name: s.name, newImage: true, rowVersion: v, normsVersion: s.normsVersion, norms: {} } }),
  }),
  '/api/crop/assignlab': staleCase<{ cropId: number; wynland: number }>({
    breaks: 'a Wynland crop given as the Nvirotek one',
    async stored(c) {
      const crop = await masterCrop(c);
      const wynland = await c.db.selectFrom('lab_crops').select('id').where('provider', '=', 'Wynland').executeTakeFirstOrThrow();
      return { s: { cropId: crop.id, wynland: wynland.id }, read: crop.rowVersion };
    },
    moveOn: async (c, s, read) => (await c.ok('/api/crop/assignlab', { cropId: s.cropId, labminCropId: null, wynlandCropId: null, rowVersion: read })).rowVersion,
    save: (s, v) => ({ cropId: s.cropId, labminCropId: s.wynland, wynlandCropId: null, rowVersion: v }),
  }),
  '/api/crop/upsertcultivar': staleCase<{ cropId: number; id: number; taken: string }>({
    breaks: "another cultivar's name in the crop",
    async stored(c) {
      const { id: cropId } = await masterCrop(c);
      const [a, b] = [c.unique('Cultivar'), c.unique('Cultivar')];
      const list = await c.ok('/api/crop/upsertcultivar', { cropId, entities: [{ cultivarId: 0, name: a, norms: {} }, { cultivarId: 0, name: b, norms: {} }] });
      const mine = list.find((x: { name: string }) => x.name === a);
      return { s: { cropId, id: mine.cultivarId, taken: b }, read: mine.normsVersion };
    },
    async moveOn(c, s, read) {
      const list = await c.ok('/api/crop/upsertcultivar', { cropId: s.cropId, entities: [{ cultivarId: s.id, name: `Moved ${s.id}`, normsVersion: read, norms: {} }] });
      return list.find((x: { cultivarId: number }) => x.cultivarId === s.id).normsVersion;
    },
    save: (s, v) => ({ cropId: s.cropId, entities: [{ cultivarId: s.id, name: s.taken, normsVersion: v, norms: {} }] }),
  }),
  '/api/crop/upsertgrowthstages': staleCase<{ cropId: number; id: number }>({
    breaks: 'a row naming a growth stage not of the crop (beside the stale row)',
    async stored(c) {
      const { cropId, stages } = await cropWithStages(c);
      const read = (await c.ok('/api/crop/growthstages', { id: cropId })).find((x: { id: number }) => x.id === stages[0]).normsVersion;
      return { s: { cropId, id: stages[0] }, read };
    },
    async moveOn(c, s, read) {
      const list = await c.ok('/api/crop/upsertgrowthstages', { cropId: s.cropId, growthStages: [{ id: s.id, normsVersion: read, norms: {} }] });
      return list.find((x: { id: number }) => x.id === s.id).normsVersion;
    },
    save: (s, v) => ({ cropId: s.cropId, growthStages: [{ id: NONE, normsVersion: 0, norms: {} }, { id: s.id, normsVersion: v, norms: {} }] }),
  }),
  '/api/crop/upsertcrop': staleCase<{ cropId: number; stages: number[] }>({
    breaks: 'a growth stage of the crop left out of the order',
    async stored(c) {
      const { cropId, rowVersion, stages } = await cropWithStages(c);
      return { s: { cropId, stages }, read: rowVersion };
    },
    async moveOn(c, s, read) {
      await c.ok('/api/crop/upsertcrop', { cropId: s.cropId, factor: 2, rowVersion: read, sequenceNumbersIds: s.stages.map((id, i) => ({ id, sequenceNumber: i + 1 })) });
      return c.version('crops', s.cropId);
    },
    save: (s, v) => ({ cropId: s.cropId, factor: 3, rowVersion: v, sequenceNumbersIds: [{ id: s.stages[0], sequenceNumber: 1 }] }),
  }),
};
