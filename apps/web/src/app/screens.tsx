import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The screen behind each protected route. A route not listed here shows a placeholder inside the shell.
 * Add one line per screen; the screen's component is the default export of its page file.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/settings': lazy(() => import('../features/settings/SettingsPage')),
  '/languages': lazy(() => import('../features/languages/LanguagesPage')),
  '/agent': lazy(() => import('../features/agents/AgentsPage')),
  '/depot': lazy(() => import('../features/depots/DepotsPage')),
  '/farms': lazy(() => import('../features/farms/FarmsPage')),
  '/labjobs': lazy(() => import('../features/labjobs/LabJobsPage')),
  '/addresses': lazy(() => import('../features/addresses/AddressesPage')),
  '/distributors': lazy(() => import('../features/distributors/DistributorsPage')),
  '/users': lazy(() => import('../features/users/UsersPage')),
  '/roles': lazy(() => import('../features/roles/RolesPage')),
  '/agronomist': lazy(() => import('../features/agronomists/AgronomistsPage')),
  '/carbohydratestissues': lazy(() => import('../features/tissues/TissuesPage')),
  '/carbohydratesgrowths': lazy(() => import('../features/cropgrowths/CropGrowthsPage')),
  '/carbohydrates': lazy(() => import('../features/carbohydrates/CarbohydratesPage')),
};
