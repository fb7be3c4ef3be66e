import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/carbohydratesgrowths',
  menu: { group: 'carbohydrates', order: 3, label: 'Growths', permission: 'CarbohydrateEntries', key: 'menu.carbohydratesgrowths' },
  page: lazyScreen(() => import('./CropGrowthsPage')),
}];
