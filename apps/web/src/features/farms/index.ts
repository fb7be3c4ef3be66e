import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/farms',
  menu: { group: 'management', order: 6, label: 'Farms', permission: 'Admin', key: 'menu.farms' },
  page: lazyScreen(() => import('./FarmsPage')),
}];
