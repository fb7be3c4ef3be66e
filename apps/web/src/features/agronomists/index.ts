import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/agronomist',
  menu: { group: 'management', order: 8, label: 'Agronomist', permission: 'Agronomists', key: 'menu.agronomist' },
  page: lazyScreen(() => import('./AgronomistsPage')),
}];
