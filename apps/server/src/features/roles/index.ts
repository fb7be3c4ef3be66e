import type { FeatureModule } from '../../platform/features/feature-module';
import { registerRoles } from './roles.routes';

export { type RefusedChange, Refusal, holdsAdmin, notHeld, recordingRefusals, refuse, refuseLastAdmin } from './privileges';

export const rolesFeature: FeatureModule = {
  name: 'roles',
  owns: ['roles'],
  register: registerRoles,
};
