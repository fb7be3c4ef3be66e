import type { FeatureModule } from '../../platform/features/feature-module';
import { seedDistributorsDemo } from './distributors.demo';
import { registerDistributors } from './distributors.routes';

export const distributorsFeature: FeatureModule = {
  name: 'distributors',
  owns: ['distributors'],
  register: registerDistributors,
  demo: (deps) => seedDistributorsDemo(deps.db),
};
