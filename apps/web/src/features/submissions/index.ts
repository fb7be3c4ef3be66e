import { lazyScreen } from '../../lib/lazyScreen';
import { type ScreenModule, menuScreen } from '../../lib/screens';

const reportProgress = lazyScreen(() => import('./report/ReportProgressPage'));

/** Submissions of leaf and farmers' samples to a lab. */
export const screens: ScreenModule[] = [
  menuScreen('/submissions', { group: 'leaf', order: 2, label: 'Submissions', permission: 'Submissions' }, () => import('./LeafSubmissionsPage')),
  menuScreen('/farmerssamplesubmissions', { group: 'farmersSample', order: 2, label: 'Submissions', permission: 'FarmersSampleSubmissions' }, () => import('./FarmersSubmissionsPage')),
  // a report PDF's progress, opened by Download PDF (leaf) and the farmers' report link (the report's calls need the screen's permission)
  { path: '/reports/leaf/:id', page: reportProgress },
  { path: '/reports/farmers/:id', page: reportProgress },
];
