import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The screen behind each protected route. A route not listed here shows a placeholder inside the shell.
 * Add one line per screen; the screen's component is the default export of its page file.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/settings': lazy(() => import('../features/settings/SettingsPage')),
  '/carbohydrates': lazy(() => import('../features/carbohydrates/CarbohydratesPage')),
};
