import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{ path: '/controlmaterials', page: lazyScreen(() => import('./ControlMaterialsPage')) }];
