import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/languages',
  menu: { group: 'management', order: 3, label: 'Language', permission: 'Language', key: 'menu.languages' },
  page: lazyScreen(() => import('./LanguagesPage')),
}];
