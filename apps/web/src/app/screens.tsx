import type { FeatureModule, ScreenModule } from '../lib/screens';

/**
 * The web features: every folder of `features/` whose `index.ts` declares screens (`export const screens`),
 * found by Vite when the app is built, so a new feature is wired by its own folder alone. A menu item whose path
 * no feature serves shows a placeholder inside the shell.
 */
const FEATURES: readonly Partial<FeatureModule>[] = Object.values(import.meta.glob<Partial<FeatureModule>>('../features/*/index.ts', { eager: true }));

/** Every screen of every feature. */
export const SCREENS: readonly ScreenModule[] = FEATURES.flatMap((f) => f.screens ?? []);

/** The screen served at a route path, if any. */
export function screenAt(path: string): ScreenModule | undefined {
  return SCREENS.find((s) => s.path === path);
}
