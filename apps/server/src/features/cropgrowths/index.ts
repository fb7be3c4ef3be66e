import type { FeatureModule } from '../../platform/features/feature-module';
import { seedCropGrowthsDemo } from './cropgrowths.demo';
import { registerCropGrowths } from './cropgrowths.routes';

/** What other server features may use of crop growths: the one place where a sample's range is resolved. */
export { resolveRange, type RangeOverride, type ResolvedRange, type StageRanges } from './ranges';

const OWN_CROP = "belongs to its crop; crops are deactivated, never archived with a replacement";
const OWN_VALUES = 'the override values of a region or cultivar for one stage stay with them (an archived stage keeps its own)';

/** Crops with their cultivars, regions and ordered growth stages (and their range overrides). */
export const cropGrowthsFeature: FeatureModule = {
  name: 'cropgrowths',
  owns: ['crops', 'cultivars', 'regions', 'growth_stages', 'region_growth_values', 'cultivar_growth_values'],
  register: registerCropGrowths,
  keeps: [
    { refers: 'crops', table: 'cultivars', column: 'crop_id', reason: OWN_CROP },
    { refers: 'crops', table: 'regions', column: 'crop_id', reason: OWN_CROP },
    { refers: 'crops', table: 'growth_stages', column: 'crop_id', reason: OWN_CROP },
    { refers: 'tissues', table: 'growth_stages', column: 'linked_tissue_id', reason: 'deleting a tissue is refused while a current growth stage samples it' },
    { refers: 'regions', table: 'region_growth_values', column: 'region_id', reason: OWN_VALUES },
    { refers: 'growth_stages', table: 'region_growth_values', column: 'growth_stage_id', reason: OWN_VALUES },
    { refers: 'cultivars', table: 'cultivar_growth_values', column: 'cultivar_id', reason: OWN_VALUES },
    { refers: 'growth_stages', table: 'cultivar_growth_values', column: 'growth_stage_id', reason: OWN_VALUES },
  ],
  demo: (deps) => seedCropGrowthsDemo(deps.db),
};
