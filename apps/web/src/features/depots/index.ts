import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/depot',
  menu: { group: 'management', order: 10, label: 'Depot', permission: 'Depots', key: 'menu.depot' },
  page: lazyScreen(() => import('./DepotsPage')),
}];
