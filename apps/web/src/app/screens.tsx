import type { FeatureModule, ScreenModule } from '../lib/screens';
import * as addresses from '../features/addresses';
import * as agents from '../features/agents';
import * as agronomists from '../features/agronomists';
import * as auth from '../features/auth';
import * as carbohydrates from '../features/carbohydrates';
import * as cropgrowths from '../features/cropgrowths';
import * as crops from '../features/crops';
import * as depots from '../features/depots';
import * as distributors from '../features/distributors';
import * as drisgraphs from '../features/drisgraphs';
import * as errors from '../features/errors';
import * as farms from '../features/farms';
import * as labjobs from '../features/labjobs';
import * as qc from '../features/qc';
import * as labmins from '../features/labmins';
import * as languages from '../features/languages';
import * as leafs from '../features/leafs';
import * as roles from '../features/roles';
import * as settings from '../features/settings';
import * as submissions from '../features/submissions';
import * as tissues from '../features/tissues';
import * as users from '../features/users';

/**
 * The web features, one line each: every feature declares its screens in its own `index.ts`. A menu item
 * whose path no feature serves shows a placeholder inside the shell.
 */
const FEATURES: readonly FeatureModule[] = [
  addresses,
  agents,
  agronomists,
  auth,
  carbohydrates,
  cropgrowths,
  crops,
  depots,
  distributors,
  drisgraphs,
  errors,
  farms,
  labjobs,
  qc,
  labmins,
  languages,
  leafs,
  roles,
  settings,
  submissions,
  tissues,
  users,
];

/** Every screen of every feature. */
export const SCREENS: readonly ScreenModule[] = FEATURES.flatMap((f) => f.screens);

/** The screen served at a route path, if any. */
export function screenAt(path: string): ScreenModule | undefined {
  return SCREENS.find((s) => s.path === path);
}
