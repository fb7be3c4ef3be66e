import type { FeatureModule } from '../../platform/features/feature-module';
import { seedCapturesDemo } from './leafs.demo';
import { captureMovers } from './leafs.movers';
import { registerLeafs } from './leafs.routes';
import * as m0170 from './migrations/0170_captures';
import * as m0171 from './migrations/0171_capture_photos';

/** Leaf and soil captures pulled from the field capture app (/leafs, /farmerssampleentries). */
export const leafsFeature: FeatureModule = {
  name: 'leafs',
  owns: ['captures'],
  register: registerLeafs,
  migrations: { '0170_captures': m0170, '0171_capture_photos': m0171 },
  movers: captureMovers,
  demo: (deps) => seedCapturesDemo(deps),
};
