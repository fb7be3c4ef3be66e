import type { FeatureModule } from '../../platform/features/feature-module';
import { registerRoles } from './roles.routes';

export const rolesFeature: FeatureModule = {
  name: 'roles',
  owns: ['roles'],
  register: registerRoles,
};
