import { apiFeatures } from '@sapwood/contracts';
import { readTableState, startEarlyList } from '../../components/ui/table/listRequest';
import type { EarlyScreen } from '../../lib/screens';
import { NO_FILTERS } from './filters';

const ep = apiFeatures.carbohydrates;

/** A page load of /carbohydrates: its code, and the first page of its tab, grouped or results (ADR 0229). */
export const early: EarlyScreen = {
  path: '/carbohydrates',
  start(params) {
    import('./CarbohydratesPage').catch(() => undefined);
    // as CarbohydratesPage.tsx: the filters start empty, each tab keeps its paging under its own key
    if (params.get('tab') === 'results') startEarlyList(ep.paged, NO_FILTERS, readTableState(params, 'r'));
    else startEarlyList(ep.pagedgroupedlocation, NO_FILTERS, readTableState(params, 'g'));
  },
};
