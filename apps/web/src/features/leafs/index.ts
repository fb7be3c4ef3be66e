import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

/** The captures of the field capture app: leaf records and farmers' sample entries. */
export const screens: ScreenModule[] = [
  {
    path: '/leafs',
    menu: { group: 'leaf', order: 1, label: 'Entries', permission: 'Leafs', key: 'menu.leafs' },
    page: lazyScreen(() => import('./LeafsPage')),
  },
  {
    path: '/farmerssampleentries',
    menu: { group: 'farmersSample', order: 1, label: 'Entries', permission: 'FarmersSampleEntries', key: 'menu.farmerssampleentries' },
    page: lazyScreen(() => import('./FarmersEntriesPage')),
  },
];
