import { lazy } from 'react';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{ path: '/labmins', page: lazy(() => import('./LabminsPage')) }];
