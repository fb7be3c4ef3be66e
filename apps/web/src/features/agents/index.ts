import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{ path: '/agent', page: lazyScreen(() => import('./AgentsPage')) }];
