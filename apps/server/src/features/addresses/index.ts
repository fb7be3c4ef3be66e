import type { FeatureModule } from '../../platform/features/feature-module';
import { seedAddressesDemo } from './addresses.demo';
import { registerAddresses } from './addresses.routes';

export const addressesFeature: FeatureModule = {
  name: 'addresses',
  owns: ['addresses'],
  register: registerAddresses,
  demo: (deps) => seedAddressesDemo(deps.db),
};
