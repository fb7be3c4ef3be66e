import { lazy } from 'react';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{ path: '/crops', page: lazy(() => import('./CropsPage')) }];
