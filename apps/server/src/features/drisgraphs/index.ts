import type { FeatureModule } from '../../platform/features/feature-module';
import { seedFormulaGraphsDemo } from './drisgraphs.demo';
import { registerDrisGraphs } from './drisgraphs.routes';
import * as m0150 from './migrations/0150_formula_graphs';

/** Formula graphs (/drisgraphs): named relationships and per-element expressions over the DRIS functions. */
export const drisGraphsFeature: FeatureModule = {
  name: 'drisgraphs',
  owns: ['formula_graphs'],
  register: registerDrisGraphs,
  migrations: { '0150_formula_graphs': m0150 },
  demo: (deps) => seedFormulaGraphsDemo(deps),
};
