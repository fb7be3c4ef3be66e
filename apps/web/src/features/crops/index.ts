import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/crops',
  menu: { group: 'configuration', order: 2, label: 'Crop', permission: 'Crop', key: 'menu.crops' },
  page: lazyScreen(() => import('./CropsPage')),
}];
