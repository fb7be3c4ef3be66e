import { lazy } from 'react';
import type { ScreenModule } from '../../lib/screens';

/** Submissions of leaf and farmers' samples to a lab. */
export const screens: ScreenModule[] = [
  { path: '/submissions', page: lazy(() => import('./LeafSubmissionsPage')) },
  { path: '/farmerssamplesubmissions', page: lazy(() => import('./FarmersSubmissionsPage')) },
];
