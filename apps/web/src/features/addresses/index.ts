import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/addresses',
  menu: { group: 'management', order: 4, label: 'Address', permission: 'Address', key: 'menu.addresses' },
  page: lazyScreen(() => import('./AddressesPage')),
}];
