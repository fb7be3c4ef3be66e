import { type ScreenModule, menuScreen } from '../../lib/screens';

/** The captures of the field capture app: leaf records and farmers' sample entries. */
export const screens: ScreenModule[] = [
  menuScreen('/leafs', { group: 'leaf', order: 1, label: 'Entries', permission: 'Leafs' }, () => import('./LeafsPage')),
  menuScreen('/farmerssampleentries', { group: 'farmersSample', order: 1, label: 'Entries', permission: 'FarmersSampleEntries' }, () => import('./FarmersEntriesPage')),
];
