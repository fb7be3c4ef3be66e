import type { FeatureModule } from '../../platform/features/feature-module';
import { seedCropGrowthsDemo } from './cropgrowths.demo';
import { seedLeafNormsDemo } from './master/master.demo';
import { CropMasterRepository } from './master/master.repository';
import { registerCropGrowths } from './cropgrowths.routes';
import { cropMasterMovers } from './master/master.movers';

/** What other server features may use of crop growths: the one place where a sample's range is resolved. */
export { resolveRange, type RangeOverride, type ResolvedRange, type StageRanges } from './ranges';
/** Which leaf norm applies to a sample (growth stage over cultivar over crop): the reports use this. */
export { type LevelNorms, resolveNorms } from './master/norm-resolution';
/** The norms of a sample read from the database and resolved (with the crop's Selected DRIS graphs). */
export { resolveSampleNorms } from './master/sample-norms';

const OWN_NORMS = 'leaf and DRIS norms belong to their crop, cultivar or stage: a replacement keeps its own norms (a crop merged into another fills in what its same-named children lack: the crop’s child movers)';
const CROP_NORMS = 'a crop’s own norms stay with it; its cultivars’ and stages’ norms go with them (the crop’s child movers)';
const OWN_VALUES = 'the override values of a region or cultivar for one stage stay with them (an archived stage keeps its own; a crop merged into another fills in what its same-named children lack)';

/** Crops with their cultivars, regions and ordered growth stages (and their range overrides). */
export const cropGrowthsFeature: FeatureModule = {
  name: 'cropgrowths',
  owns: ['crops', 'cultivars', 'regions', 'growth_stages', 'region_growth_values', 'cultivar_growth_values', 'leaf_norms', 'crop_dris_graphs'],
  register: registerCropGrowths,
  movers: cropMasterMovers,
  keeps: [
    { refers: 'tissues', table: 'growth_stages', column: 'linked_tissue_id', same: 'each', reason: 'deleting a tissue is refused while a current growth stage samples it' },
    { refers: 'regions', table: 'region_growth_values', column: 'region_id', same: { by: ['growth_stage_id'] }, reason: OWN_VALUES },
    { refers: 'growth_stages', table: 'region_growth_values', column: 'growth_stage_id', same: { by: ['region_id'] }, reason: OWN_VALUES },
    { refers: 'cultivars', table: 'cultivar_growth_values', column: 'cultivar_id', same: { by: ['growth_stage_id'] }, reason: OWN_VALUES },
    { refers: 'growth_stages', table: 'cultivar_growth_values', column: 'growth_stage_id', same: { by: ['cultivar_id'] }, reason: OWN_VALUES },
    { refers: 'cultivars', table: 'leaf_norms', column: 'cultivar_id', same: { by: ['growth_stage_id'] }, reason: OWN_NORMS },
    { refers: 'growth_stages', table: 'leaf_norms', column: 'growth_stage_id', same: { by: ['cultivar_id'] }, reason: OWN_NORMS },
    { refers: 'crops', table: 'crop_dris_graphs', column: 'crop_id', same: { by: ['graph_name'] }, reason: OWN_NORMS },
    { refers: 'crops', table: 'leaf_norms', column: 'crop_id', same: { by: ['cultivar_id', 'growth_stage_id'] }, reason: CROP_NORMS },
  ],
  demo: async (deps) => {
    await seedCropGrowthsDemo(deps.db);
    await seedLeafNormsDemo(deps.db);
    // the lab crops were synced by the labmins demo (earlier in the feature list)
    await new CropMasterRepository(deps.db).assignDemoLabCrops(deps.db);
  },
};
