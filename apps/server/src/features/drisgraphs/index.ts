import type { FeatureModule } from '../../platform/features/feature-module';
import { seedFormulaGraphsDemo } from './drisgraphs.demo';
import { registerDrisGraphs } from './drisgraphs.routes';

/** Formula graphs (/drisgraphs): named relationships and per-element expressions over the DRIS functions. */
export const drisGraphsFeature: FeatureModule = {
  name: 'drisgraphs',
  owns: ['formula_graphs'],
  register: registerDrisGraphs,
  demo: (deps) => seedFormulaGraphsDemo(deps),
};
