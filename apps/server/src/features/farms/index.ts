import type { FeatureModule } from '../../platform/features/feature-module';
import { seedDemoFarms } from './farms.demo';
import { registerFarms } from './farms.routes';

/** What other server features may use of farms: recording a farm (and its MFW id) in one place. */
export { upsertFarm, type FarmUpsert } from './farms.repository';

export const farmsFeature: FeatureModule = {
  name: 'farms',
  owns: ['farms'],
  register: registerFarms,
  demo: (deps) => seedDemoFarms(deps.db),
};
