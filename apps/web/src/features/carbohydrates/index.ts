import { lazy } from 'react';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [
  { path: '/carbohydrates', page: lazy(() => import('./CarbohydratesPage')) },
  // a report's progress, opened from the report dialog (any signed-in user who started it)
  { path: '/reports/carbohydrate/:id', page: lazy(() => import('./report/ReportProgressPage')) },
];
