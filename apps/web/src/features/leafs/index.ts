import { lazy } from 'react';
import type { ScreenModule } from '../../lib/screens';

/** The captures of the field capture app: leaf records and farmers' sample entries. */
export const screens: ScreenModule[] = [
  { path: '/leafs', page: lazy(() => import('./LeafsPage')) },
  { path: '/farmerssampleentries', page: lazy(() => import('./FarmersEntriesPage')) },
];
