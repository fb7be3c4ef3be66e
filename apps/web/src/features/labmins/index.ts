import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/labmins',
  menu: { group: 'configuration', order: 1, label: 'Labmin', permission: 'Labmin', key: 'menu.labmins' },
  page: lazyScreen(() => import('./LabminsPage')),
}];
