import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/carbohydratestissues',
  menu: { group: 'carbohydrates', order: 2, label: 'Tissues', permission: 'CarbohydrateTissues', key: 'menu.carbohydratestissues' },
  page: lazyScreen(() => import('./TissuesPage')),
}];
