import type { FeatureModule } from '../../platform/features/feature-module';
import { usersKeeps, usersMovers } from './users.movers';
export { userAccounts } from './user-accounts.repository';
import { registerUsers } from './users.routes';

/**
 * Users and their agronomist lists. The platform's sign-in changes a user's lockout and password through
 * `userAccounts` (platform/auth's `UserAccounts`, given to AuthService by the app); the first-start seed adds
 * the first administrator, seed/.
 */
export const usersFeature: FeatureModule = {
  name: 'users',
  owns: ['users', 'user_agronomists'],
  register: registerUsers,
  movers: usersMovers,
  keeps: usersKeeps,
};
