import type { ComponentType } from 'react';
import type { Permission } from '@sapwood/contracts';
import { lazyScreen } from './lazyScreen';

/** The side menu's groups, in the spec's order (part 1 §2); `app/menu.ts` gives each its label and text key. */
export type MenuGroupId = 'leaf' | 'carbohydrates' | 'farmersSample' | 'lab' | 'configuration' | 'management';

/** A screen's item on the side menu, declared with the screen in its feature's `index.ts`. */
export interface MenuEntry {
  group: MenuGroupId;
  /** its place in the group (the spec's table order): items sort by it */
  order: number;
  /** the built-in English label (the spec's exact wording) */
  label: string;
  /** the permission that shows the item and opens the screen */
  permission: Permission;
  /** its text key (Keys tab): `menu.<path without the slash>` */
  key: string;
}

/**
 * A screen a web feature declares in its `index.ts` (`export const screens: ScreenModule[]`); `app/screens.tsx`
 * collects them. A screen with a `menu` entry is on the side menu and guarded by the entry's permission; a
 * screen off the menu opens to any signed-in user.
 */
export interface ScreenModule {
  /** the route, as React Router matches it ('/users', '/reports/carbohydrate/:id') */
  path: string;
  /** the page: the default export of the feature's page file, loaded when first shown (`lazyScreen`) */
  page: ComponentType;
  menu?: MenuEntry;
}

/** What a web feature's `index.ts` exports for the app's wiring. */
export interface FeatureModule {
  screens: readonly ScreenModule[];
}

/**
 * A screen on the side menu, its page loaded when first shown (`lazyScreen`) and its text key
 * `menu.<path without the slash>`: `menuScreen('/leafs', { group: 'leaf', order: 1, … }, () => import('./LeafsPage'))`.
 */
export function menuScreen(path: string, menu: Omit<MenuEntry, 'key'>, load: Parameters<typeof lazyScreen>[0]): ScreenModule {
  return { path, menu: { ...menu, key: `menu.${path.slice(1)}` }, page: lazyScreen(load) };
}

/**
 * What a page load of a screen may start before the session is known and the screen's code has loaded (its
 * code, its first list's rows): a feature's `early.ts` exports one as `early` (app/earlyStart.ts, ADR 0229).
 */
export interface EarlyScreen {
  /** the route, exactly as the address bar shows it (no parameters) */
  path: string;
  /** starts what the screen will ask for, given the address's query */
  start: (params: URLSearchParams) => void;
}
