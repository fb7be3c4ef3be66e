import type { Db } from '../../db/database';
import { recordChange } from '../../platform/audit/audit';
import { ensureTissue } from '../tissues';
import { demoRepository as repo } from './demo.repository';
import type { RangeColumns } from './range-columns';

/*
 * DEMO DATA — ILLUSTRATIVE ONLY. The crops, stages and sugar/starch ranges below (% dry matter) are
 * plausible-looking numbers made up for demonstration; they cite no source and must not be used to
 * judge real samples. Every crop is marked demo (crops.demo = true) and every stage's method says so.
 */
type R = [number, number, number];
interface DemoStage { name: string; tissue: string; sugar: R; starch: R }
interface DemoCrop {
  name: string;
  factor: number;
  cultivars: string[];
  regions: string[];
  stages: DemoStage[];
  /** [region index, stage index, sugar, starch] */
  regionOverrides: [number, number, R, R][];
  /** [cultivar index, stage index, sugar, starch] */
  cultivarOverrides: [number, number, R, R][];
}

const TISSUES = ['Roots', 'Shoots', 'Canes', 'Trunk'];
const METHOD = 'Demo (illustrative, no source)';

const CROPS: DemoCrop[] = [
  {
    name: 'Pecan', factor: 1, cultivars: ['Wichita', 'Choctaw', 'Western Schley'], regions: ['Hartswater', 'Vaalharts', 'Lowveld'],
    stages: [
      { name: 'Dormancy', tissue: 'Roots', sugar: [4, 6, 8], starch: [12, 16, 20] },
      { name: 'Bud break', tissue: 'Roots', sugar: [3, 5, 7], starch: [9, 12, 15] },
      { name: 'Flowering', tissue: 'Shoots', sugar: [2.5, 4, 5.5], starch: [6, 8.5, 11] },
      { name: 'Nut fill', tissue: 'Shoots', sugar: [2, 3.5, 5], starch: [4, 6, 8] },
      { name: 'Post-harvest', tissue: 'Roots', sugar: [3.5, 5.5, 7.5], starch: [10, 14, 18] },
    ],
    regionOverrides: [[0, 0, [4.5, 6.5, 8.5], [13, 17, 21]], [2, 3, [2.2, 3.8, 5.4], [4.5, 6.5, 8.5]]],
    cultivarOverrides: [[0, 1, [3.2, 5.2, 7.2], [9.5, 12.5, 15.5]]],
  },
  {
    name: 'Macadamia', factor: 1.1, cultivars: ['Beaumont', '814', 'A4'], regions: ['Mpumalanga', 'KwaZulu-Natal'],
    stages: [
      { name: 'Winter rest', tissue: 'Trunk', sugar: [3, 4.5, 6], starch: [8, 11, 14] },
      { name: 'Flowering', tissue: 'Shoots', sugar: [2.5, 4, 5.5], starch: [5, 7.5, 10] },
      { name: 'Nut set', tissue: 'Shoots', sugar: [2, 3.5, 5], starch: [4, 6, 8] },
      { name: 'Oil accumulation', tissue: 'Trunk', sugar: [1.8, 3, 4.2], starch: [3, 5, 7] },
    ],
    regionOverrides: [[1, 0, [3.4, 4.9, 6.4], [8.5, 11.5, 14.5]]],
    cultivarOverrides: [[2, 2, [2.4, 3.9, 5.4], [4.4, 6.4, 8.4]]],
  },
  {
    name: 'Apple', factor: 1, cultivars: ['Golden Delicious', 'Granny Smith', 'Royal Gala'], regions: ['Elgin', 'Ceres'],
    stages: [
      { name: 'Leaf fall', tissue: 'Shoots', sugar: [5, 7, 9], starch: [8, 10, 12] },
      { name: 'Dormancy', tissue: 'Roots', sugar: [6, 8, 10], starch: [10, 13, 16] },
      { name: 'Bud burst', tissue: 'Roots', sugar: [4, 6, 8], starch: [7, 9.5, 12] },
      { name: 'Full bloom', tissue: 'Shoots', sugar: [3, 5, 7], starch: [5, 7, 9] },
      { name: 'Fruit set', tissue: 'Shoots', sugar: [2.5, 4.5, 6.5], starch: [4, 6, 8] },
      { name: 'Harvest', tissue: 'Roots', sugar: [3.5, 5.5, 7.5], starch: [6, 8.5, 11] },
    ],
    regionOverrides: [[1, 1, [6.5, 8.5, 10.5], [11, 14, 17]]],
    cultivarOverrides: [[1, 0, [5.5, 7.5, 9.5], [8.5, 10.5, 12.5]]],
  },
  {
    name: 'Table grape', factor: 0.9, cultivars: ['Crimson Seedless', 'Prime', 'Sugraone'], regions: ['Hex River', 'Orange River'],
    stages: [
      { name: 'Dormancy', tissue: 'Canes', sugar: [5, 7, 9], starch: [10, 13, 16] },
      { name: 'Budburst', tissue: 'Canes', sugar: [4, 6, 8], starch: [8, 11, 14] },
      { name: 'Flowering', tissue: 'Shoots', sugar: [3, 4.5, 6], starch: [5, 7, 9] },
      { name: 'Veraison', tissue: 'Roots', sugar: [2.5, 4, 5.5], starch: [4, 6, 8] },
      { name: 'Post-harvest', tissue: 'Roots', sugar: [4, 6, 8], starch: [9, 12, 15] },
    ],
    regionOverrides: [[1, 4, [4.5, 6.5, 8.5], [9.5, 12.5, 15.5]]],
    cultivarOverrides: [[0, 0, [5.5, 7.5, 9.5], [10.5, 13.5, 16.5]]],
  },
];

const cols = (sugar: R, starch: R): RangeColumns => ({
  sugar_min: sugar[0], sugar_med: sugar[1], sugar_max: sugar[2],
  starch_min: starch[0], starch_med: starch[1], starch_max: starch[2],
});

/** Tissues and illustrative crops with cultivars, regions, ordered growth stages and some overrides. */
export async function seedCropGrowthsDemo(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await repo.hasDemoCrops(trx)) return;
    const tissues = new Map<string, number>();
    for (const t of TISSUES) tissues.set(t, await ensureTissue(trx, t));
    for (const c of CROPS) {
      const cropId = await repo.crop(trx, c.name, c.factor);
      const cultivars = [];
      for (const name of c.cultivars) cultivars.push(await repo.owner(trx, 'cultivars', cropId, name));
      const regions = [];
      for (const name of c.regions) regions.push(await repo.owner(trx, 'regions', cropId, name));
      const stages = [];
      for (const [i, s] of c.stages.entries()) {
        stages.push(await repo.stage(trx, {
          crop_id: cropId, sequence_number: i + 1, name: s.name, linked_tissue_id: tissues.get(s.tissue) as number, method: METHOD, ...cols(s.sugar, s.starch),
        }));
      }
      for (const [r, s, sugar, starch] of c.regionOverrides) await repo.regionValue(trx, regions[r], stages[s], cols(sugar, starch));
      for (const [cv, s, sugar, starch] of c.cultivarOverrides) await repo.cultivarValue(trx, cultivars[cv], stages[s], cols(sugar, starch));
      await recordChange(trx, { userId: null, entity: 'crop', entityId: cropId, action: 'create', newValues: { name: c.name, demo: true } });
    }
  });
}
