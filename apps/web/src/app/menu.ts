import type { Permission } from '@sapwood/contracts';

export interface MenuItem {
  label: string;
  path: string;
  permission: Permission;
}
export interface MenuGroup {
  group: string;
  items: MenuItem[];
}

/** The side menu exactly as the spec's table (part 1 §2); Farms needs Admin. */
export const MENU: MenuGroup[] = [
  { group: 'ITest Leaf', items: [
    { label: 'Entries', path: '/leafs', permission: 'Leafs' },
    { label: 'Submissions', path: '/submissions', permission: 'Submissions' },
  ] },
  { group: 'ITest Carbohydrates', items: [
    { label: 'Results', path: '/carbohydrates', permission: 'CarbohydrateEntries' },
    { label: 'Tissues', path: '/carbohydratestissues', permission: 'CarbohydrateTissues' },
    { label: 'Growths', path: '/carbohydratesgrowths', permission: 'CarbohydrateEntries' },
  ] },
  { group: 'ITest Farmers Sample', items: [
    { label: 'Entries', path: '/farmerssampleentries', permission: 'FarmersSampleEntries' },
    { label: 'Submissions', path: '/farmerssamplesubmissions', permission: 'FarmersSampleSubmissions' },
  ] },
  { group: 'Lab', items: [{ label: 'Jobs', path: '/labjobs', permission: 'LabJobs' }] },
  { group: 'Configuration', items: [
    { label: 'Labmin', path: '/labmins', permission: 'Labmin' },
    { label: 'Crop', path: '/crops', permission: 'Crop' },
    { label: 'DrisGraphs', path: '/drisgraphs', permission: 'DrisGraphs' },
  ] },
  { group: 'Management', items: [
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
  ] },
];

export function visibleMenu(can: (p: Permission) => boolean): MenuGroup[] {
  return MENU.map((g) => ({ ...g, items: g.items.filter((i) => can(i.permission)) })).filter((g) => g.items.length > 0);
}
