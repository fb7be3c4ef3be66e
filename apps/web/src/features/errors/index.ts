import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/errors',
  menu: { group: 'management', order: 11, label: 'Errors', permission: 'Admin', key: 'menu.errors' },
  page: lazyScreen(() => import('./ErrorsPage')),
}];
