import type { FeatureModule } from '../../platform/features/feature-module';
import { registerCarbohydrates } from './carbohydrates.routes';

/** The carbohydrate results screen: reads the lab's entries and changes them only through lab/index.ts. */
export const carbohydratesFeature: FeatureModule = {
  name: 'carbohydrates',
  owns: [],
  register: registerCarbohydrates,
};
