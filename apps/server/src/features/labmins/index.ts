import type { FeatureModule } from '../../platform/features/feature-module';
import { seedLabCropsDemo } from './labmins.demo';
import { registerLabmins } from './labmins.routes';

/** The outside labs' crop lists (/labmins): pulled from each lab, pointed at by the crop master. */
export const labminsFeature: FeatureModule = {
  name: 'labmins',
  owns: ['lab_crops'],
  register: registerLabmins,
  demo: (deps) => seedLabCropsDemo(deps),
};
