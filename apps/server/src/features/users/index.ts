import type { FeatureModule } from '../../platform/features/feature-module';
import { usersKeeps, usersMovers } from './users.movers';
import { registerUsers } from './users.routes';

/**
 * Users and their agronomist lists. (The platform's sign-in also writes `users`: password, lockout and
 * last-seen columns, platform/auth; and the first-start seed adds the first administrator, seed/.)
 */
export const usersFeature: FeatureModule = {
  name: 'users',
  owns: ['users', 'user_agronomists'],
  register: registerUsers,
  movers: usersMovers,
  keeps: usersKeeps,
};
