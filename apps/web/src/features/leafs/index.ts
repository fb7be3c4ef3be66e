import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

/** The captures of the field capture app: leaf records and farmers' sample entries. */
export const screens: ScreenModule[] = [
  { path: '/leafs', page: lazyScreen(() => import('./LeafsPage')) },
  { path: '/farmerssampleentries', page: lazyScreen(() => import('./FarmersEntriesPage')) },
];
