import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{ path: '/addresses', page: lazyScreen(() => import('./AddressesPage')) }];
