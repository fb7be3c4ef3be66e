import { describe, expect, it } from 'vitest';
import { MENU } from './menu';
import { PROTECTED_PATHS, SHELL_PATHS } from './ProtectedScreen';
import { SCREENS } from './screens';

describe('screens', () => {
  it('serves each route once', () => {
    const paths = SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(SHELL_PATHS).size).toBe(SHELL_PATHS.length);
  });

  it('guards every menu item by its permission, from the menu table alone', () => {
    expect([...PROTECTED_PATHS].sort()).toEqual(MENU.flatMap((g) => g.items.map((i) => i.path)).sort());
  });

  it("finds every feature folder's screens without a list to edit", () => {
    for (const path of ['/carbohydratestissues', '/users', '/labjobs', '/reports/leaf/:id', '/farmerssampleentries']) expect(SCREENS.map((s) => s.path)).toContain(path);
  });

  it('puts every screen inside the shell', () => {
    for (const s of SCREENS) expect(SHELL_PATHS).toContain(s.path);
  });
});
