import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission, hasPermission } from '@sapwood/contracts';
import { MENU, visibleMenu } from './menu';
import { PROTECTED_PATHS } from './ProtectedScreen';

const canWith = (held: string[]) => (p: Permission) => hasPermission(held, p);

describe('menu', () => {
  it('shows only the permitted items, and hides a group with none', () => {
    expect(visibleMenu(canWith(['Settings']))).toEqual([
      { group: 'Management', key: 'menu.group.management', items: [{ label: 'Settings', path: '/settings', permission: 'Settings', key: 'menu.settings' }] },
    ]);
    expect(visibleMenu(canWith([]))).toEqual([]);
  });

  it('shows both carbohydrate items that need CarbohydrateEntries', () => {
    const g = visibleMenu(canWith(['CarbohydrateEntries']));
    expect(g.map((x) => [x.group, x.items.map((i) => i.label)])).toEqual([['ITest Carbohydrates', ['Results', 'Growths']]]);
  });

  it('shows Farms and Errors only to Admin', () => {
    const allButAdmin = PERMISSIONS.filter((p) => p !== 'Admin');
    const labels = (held: string[]) => visibleMenu(canWith(held)).flatMap((g) => g.items.map((i) => i.label));
    expect(labels(allButAdmin)).not.toContain('Farms');
    expect(labels(allButAdmin)).not.toContain('Errors');
    expect(labels(['Admin'])).toContain('Farms');
    expect(labels(['Admin'])).toHaveLength(MENU.flatMap((g) => g.items).length);
  });

  it("lists the features' entries in the spec's order, each with its own text key", () => {
    expect(MENU.map((g) => [g.group, g.items.map((i) => i.label)])).toEqual([
      ['ITest Leaf', ['Entries', 'Submissions']],
      ['ITest Carbohydrates', ['Results', 'Tissues', 'Growths']],
      ['ITest Farmers Sample', ['Entries', 'Submissions']],
      ['Lab', ['Jobs', 'Control materials']],
      ['Configuration', ['Labmin', 'Crop', 'DrisGraphs']],
      ['Management', ['Users', 'Roles', 'Language', 'Address', 'Distributors', 'Farms', 'Settings', 'Agronomist', 'Agent', 'Depot', 'Errors']],
    ]);
    const items = MENU.flatMap((g) => g.items);
    for (const i of items) expect(i.key).toBe(`menu.${i.path.slice(1)}`);
    expect(new Set(items.map((i) => i.path)).size).toBe(items.length);
  });

  it('has a protected route for every menu item', () => {
    for (const item of MENU.flatMap((g) => g.items)) expect(PROTECTED_PATHS).toContain(item.path);
  });
});
