import type { Permission } from '@sapwood/contracts';

export interface MenuItem {
  label: string;
  path: string;
  permission: Permission;
}
export interface MenuGroup {
  group: string;
  /** its text key (Keys tab); an item's key is `menu.<path without the slash>` */
  key: string;
  items: MenuItem[];
}

/** The side menu as the spec's table (part 1 §2), and Errors (issue 35); Farms and Errors need Admin. */
export const MENU: MenuGroup[] = [
  { group: 'ITest Leaf', key: 'menu.group.leaf', items: [
    { label: 'Entries', path: '/leafs', permission: 'Leafs' },
    { label: 'Submissions', path: '/submissions', permission: 'Submissions' },
  ] },
  { group: 'ITest Carbohydrates', key: 'menu.group.carbohydrates', items: [
    { label: 'Results', path: '/carbohydrates', permission: 'CarbohydrateEntries' },
    { label: 'Tissues', path: '/carbohydratestissues', permission: 'CarbohydrateTissues' },
    { label: 'Growths', path: '/carbohydratesgrowths', permission: 'CarbohydrateEntries' },
  ] },
  { group: 'ITest Farmers Sample', key: 'menu.group.farmersSample', items: [
    { label: 'Entries', path: '/farmerssampleentries', permission: 'FarmersSampleEntries' },
    { label: 'Submissions', path: '/farmerssamplesubmissions', permission: 'FarmersSampleSubmissions' },
  ] },
  { group: 'Lab', key: 'menu.group.lab', items: [
    { label: 'Jobs', path: '/labjobs', permission: 'LabJobs' },
    // issue 37: control materials, their Levey–Jennings charts and the QC setting
    { label: 'Control materials', path: '/controlmaterials', permission: 'ControlMaterials' },
  ] },
  { group: 'Configuration', key: 'menu.group.configuration', items: [
    { label: 'Labmin', path: '/labmins', permission: 'Labmin' },
    { label: 'Crop', path: '/crops', permission: 'Crop' },
    { label: 'DrisGraphs', path: '/drisgraphs', permission: 'DrisGraphs' },
  ] },
  { group: 'Management', key: 'menu.group.management', items: [
    { label: 'Users', path: '/users', permission: 'Users' },
    { label: 'Roles', path: '/roles', permission: 'Roles' },
    { label: 'Language', path: '/languages', permission: 'Language' },
    { label: 'Address', path: '/addresses', permission: 'Address' },
    { label: 'Distributors', path: '/distributors', permission: 'Distributors' },
    { label: 'Farms', path: '/farms', permission: 'Admin' },
    { label: 'Settings', path: '/settings', permission: 'Settings' },
    { label: 'Agronomist', path: '/agronomist', permission: 'Agronomists' },
    { label: 'Agent', path: '/agent', permission: 'Agents' },
    { label: 'Depot', path: '/depot', permission: 'Depots' },
    // not in the spec's table: the crashes kept without an error-reporting service (issue 35), administrators only
    { label: 'Errors', path: '/errors', permission: 'Admin' },
  ] },
];

/** The text key of a menu item's label. */
export function menuItemKey(item: MenuItem): string {
  return `menu.${item.path.slice(1)}`;
}

/** The menu item of a route, if the menu has one. */
export function menuItemFor(path: string): MenuItem | undefined {
  return MENU.flatMap((g) => g.items).find((i) => i.path === path);
}

export function visibleMenu(can: (p: Permission) => boolean): MenuGroup[] {
  return MENU.map((g) => ({ ...g, items: g.items.filter((i) => can(i.permission)) })).filter((g) => g.items.length > 0);
}
