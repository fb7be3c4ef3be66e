import { apiFeatures } from '@sapwood/contracts';
import { readTableState, startEarlyList } from '../../components/ui/table/listRequest';
import type { EarlyScreen } from '../../lib/screens';

const ep = apiFeatures.leafs;
/** the tabs of /leafs whose list is a plain paged table (CapturesPage.tsx), Not Completed without a tab */
const LISTS = { '': ep.notCompleted, notcompleted: ep.notCompleted, completed: ep.completed, archived: ep.archived } as const;

/** A page load of /leafs: its code, and the list of the tab it opens on (ADR 0229). */
export const early: EarlyScreen = {
  path: '/leafs',
  start(params) {
    import('./LeafsPage').catch(() => undefined);
    const list = LISTS[(params.get('tab') ?? '') as keyof typeof LISTS];
    if (list) startEarlyList(list, undefined, readTableState(params, ''));
  },
};
