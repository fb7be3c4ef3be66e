import { lazy } from 'react';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{ path: '/leafs', page: lazy(() => import('./LeafsPage')) }];
