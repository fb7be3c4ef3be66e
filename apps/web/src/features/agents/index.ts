import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

export const screens: ScreenModule[] = [{
  path: '/agent',
  menu: { group: 'management', order: 9, label: 'Agent', permission: 'Agents', key: 'menu.agent' },
  page: lazyScreen(() => import('./AgentsPage')),
}];
