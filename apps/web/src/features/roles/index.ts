import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/roles',
  menu: { group: 'management', order: 2, label: 'Roles', permission: 'Roles', key: 'menu.roles' },
  page: lazyScreen(() => import('./RolesPage')),
}];
