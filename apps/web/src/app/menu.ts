import type { Permission } from '@sapwood/contracts';
import type { MenuGroup, MenuItem } from '../lib/menu';
import type { MenuGroupId } from '../lib/screens';
import { SCREENS } from './screens';

export type { MenuGroup, MenuItem } from '../lib/menu';

/** The side menu's groups in the spec's order (part 1 §2); their items are the features' screens' `menu` entries. */
const GROUPS: readonly { id: MenuGroupId; group: string; key: string }[] = [
  { id: 'leaf', group: 'ITest Leaf', key: 'menu.group.leaf' },
  { id: 'carbohydrates', group: 'ITest Carbohydrates', key: 'menu.group.carbohydrates' },
  { id: 'farmersSample', group: 'ITest Farmers Sample', key: 'menu.group.farmersSample' },
  { id: 'lab', group: 'Lab', key: 'menu.group.lab' },
  { id: 'configuration', group: 'Configuration', key: 'menu.group.configuration' },
  { id: 'management', group: 'Management', key: 'menu.group.management' },
];

/** The side menu: each group's items in their declared order (Farms and Errors need Admin). */
export const MENU: MenuGroup[] = GROUPS.map(({ id, group, key }) => ({
  group,
  key,
  items: SCREENS.flatMap((s) => (s.menu?.group === id ? [{ ...s.menu, path: s.path }] : []))
    .sort((a, b) => a.order - b.order)
    .map(({ label, path, permission, key: itemKey }): MenuItem => ({ label, path, permission, key: itemKey })),
})).filter((g) => g.items.length > 0);

export function visibleMenu(can: (p: Permission) => boolean): MenuGroup[] {
  return MENU.map((g) => ({ ...g, items: g.items.filter((i) => can(i.permission)) })).filter((g) => g.items.length > 0);
}
