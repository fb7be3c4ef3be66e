import type { FeatureModule } from '../../platform/features/feature-module';
import { seedDemoAgronomists } from './agronomists.demo';
import { registerAgronomists } from './agronomists.routes';

/**
 * Agronomists. Users' agronomist lists (users feature) and lab entries and samples (lab feature, by name)
 * refer to an agronomist; archiving moves them through their movers.
 */
export const agronomistsFeature: FeatureModule = {
  name: 'agronomists',
  owns: ['agronomists'],
  register: registerAgronomists,
  demo: (deps) => seedDemoAgronomists(deps.db),
};
