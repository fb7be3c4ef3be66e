import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/labjobs',
  menu: { group: 'lab', order: 1, label: 'Jobs', permission: 'LabJobs', key: 'menu.labjobs' },
  page: lazyScreen(() => import('./LabJobsPage')),
}];
