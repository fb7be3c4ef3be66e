import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/drisgraphs',
  menu: { group: 'configuration', order: 3, label: 'DrisGraphs', permission: 'DrisGraphs', key: 'menu.drisgraphs' },
  page: lazyScreen(() => import('./DrisGraphsPage')),
}];
