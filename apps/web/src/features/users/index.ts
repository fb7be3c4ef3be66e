import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/users',
  menu: { group: 'management', order: 1, label: 'Users', permission: 'Users', key: 'menu.users' },
  page: lazyScreen(() => import('./UsersPage')),
}];
