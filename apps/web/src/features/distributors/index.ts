import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/distributors',
  menu: { group: 'management', order: 5, label: 'Distributors', permission: 'Distributors', key: 'menu.distributors' },
  page: lazyScreen(() => import('./DistributorsPage')),
}];
