import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/settings',
  menu: { group: 'management', order: 7, label: 'Settings', permission: 'Settings', key: 'menu.settings' },
  page: lazyScreen(() => import('./SettingsPage')),
}];
