import type { ComponentType } from 'react';

/**
 * A screen a web feature declares in its `index.ts` (`export const screens: ScreenModule[]`); `app/screens.tsx`
 * collects them. A screen on the side menu is guarded by its menu item's permission (`app/menu.ts`, the spec's
 * one table of paths and permissions); a screen off the menu opens to any signed-in user.
 */
export interface ScreenModule {
  /** the route, as React Router matches it ('/users', '/reports/carbohydrate/:id') */
  path: string;
  /** the page: the default export of the feature's page file, loaded when first shown (`lazyScreen`) */
  page: ComponentType;
}

/** What a web feature's `index.ts` exports for the app's wiring. */
export interface FeatureModule {
  screens: readonly ScreenModule[];
}
