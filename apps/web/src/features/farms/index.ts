import { lazy } from 'react';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{ path: '/farms', page: lazy(() => import('./FarmsPage')) }];
