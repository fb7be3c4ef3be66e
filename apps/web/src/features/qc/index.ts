import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

/** issue 37: control materials, their Levey–Jennings charts and the QC setting, in the Lab group after Jobs */
export const screens: ScreenModule[] = [{
  path: '/controlmaterials',
  menu: { group: 'lab', order: 2, label: 'Control materials', permission: 'ControlMaterials', key: 'menu.controlmaterials' },
  page: lazyScreen(() => import('./ControlMaterialsPage')),
}];
