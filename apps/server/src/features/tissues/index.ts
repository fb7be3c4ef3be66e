import type { FeatureModule } from '../../platform/features/feature-module';
import { registerTissues } from './tissues.routes';

/** What other server features may use of tissues: a tissue by name, added when missing (demo data). */
export { ensureTissue } from './tissues.demo';

export const tissuesFeature: FeatureModule = {
  name: 'tissues',
  owns: ['tissues'],
  register: registerTissues,
};
