import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [
  {
    path: '/carbohydrates',
    menu: { group: 'carbohydrates', order: 1, label: 'Results', permission: 'CarbohydrateEntries', key: 'menu.carbohydrates' },
    page: lazyScreen(() => import('./CarbohydratesPage')),
  },
  // a report's progress, opened from the report dialog (any signed-in user who started it)
  { path: '/reports/carbohydrate/:id', page: lazyScreen(() => import('./report/ReportProgressPage')) },
];
