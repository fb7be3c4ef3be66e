import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, call } from '../../../lib/api';
import { takeEarly } from '../../../lib/earlyRequests';
import { queryKeyOf } from '../../../lib/query';
import { type FiltersOf, type PagedAnswer, type PagedEndpoint, type RowOf, pagedInput, pagingParams } from './listRequest';
import type { TableState } from './useTableState';

export type { FiltersOf, PagedAnswer, PagedEndpoint, RowOf } from './listRequest';
export { pagingParams } from './listRequest';

/** A short hash of a list's request (without its page): a saved page start belongs to that list only. */
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** The page start kept in the URL: page, request hash and the first row's key, joined by '~'. */
function readPageStart(at: string): { page: number; sig: string; first: string } | null {
  const [page, sig, first] = at.split('~');
  return page && sig && first ? { page: Number(page), sig, first } : null;
}

/**
 * The page a paged table shows, for its state and filters. Keyset lists send where the last loaded page sits
 * (or, on a first load, where the URL says the page started) so that the server seeks, and keep the shown
 * page's start in the URL. A page refused as too deep keeps the total last known (page 1 asked for it when
 * there is none), so that the pager still offers Last.
 */
export function usePagedRows<E extends PagedEndpoint>(
  endpoint: E, filters: FiltersOf<E> | undefined, table: { state: TableState; update: (patch: Partial<TableState>) => void },
  opts: { keyset?: boolean; onRows?: (rows: RowOf<E>[]) => void },
) {
  const { state, update } = table;
  const keyset = opts.keyset;
  const request = pagedInput<E>(pagingParams(state), filters);
  const sig = JSON.stringify({ ...request, page: undefined });
  const lastLoaded = useRef<{ sig: string; page: number; first: string; last: string } | null>(null);
  const query = useQuery({
    queryKey: queryKeyOf(endpoint, request),
    queryFn: async ({ signal }): Promise<PagedAnswer<RowOf<E>>> => {
      const page = state.page;
      const at = lastLoaded.current;
      let anchor = keyset && at && at.sig === sig ? { page: at.page, first: at.first, last: at.last } : undefined;
      // first load (a reload, a shared link): the URL says where this page started when it was shown
      const saved = keyset && !at ? readPageStart(state.at) : null;
      if (saved && saved.page === page && saved.sig === hashOf(sig)) anchor = { page, first: saved.first, last: saved.first };
      const input = pagedInput<E>(pagingParams(state), filters, anchor);
      // the same request sent as the page loaded (startEarlyList), before this screen was drawn
      const early = anchor ? undefined : takeEarly(endpoint, input, signal);
      const answer: PagedAnswer<RowOf<E>> = await (early ?? call(endpoint, input, { signal }));
      if (keyset && answer.firstKey && answer.lastKey) lastLoaded.current = { sig, page, first: answer.firstKey, last: answer.lastKey };
      return answer;
    },
    placeholderData: keepPreviousData,
  });
  // where the shown page starts, kept in the URL (written while this table is on screen, never after)
  const shownStart = query.data?.firstKey && state.page > 1 ? `${state.page}~${hashOf(sig)}~${query.data.firstKey}` : '';
  const showsCurrent = !!keyset && !!query.data && !query.isPlaceholderData;
  useEffect(() => {
    if (showsCurrent && shownStart !== state.at) update({ at: shownStart });
  }, [showsCurrent, shownStart, state.at, update]);
  const rows = query.data?.rows ?? [];
  const onRows = opts.onRows;
  useEffect(() => {
    if (query.data) onRows?.(query.data.rows);
  }, [query.data, onRows]);
  // a page refused as too deep to open by its number keeps the pager of the list as last shown (its Last)
  const known = useRef<{ total: number; estimated: boolean }>({ total: 0, estimated: false });
  if (query.data) known.current = { total: query.data.total, estimated: query.data.estimated ?? false };
  const tooDeep = query.error instanceof ApiError ? query.error.fieldMessage('page') : undefined;
  // opened at such a page straight away (a typed address): page 1 of the same list says how long it is
  const firstPage = pagedInput<E>(pagingParams({ ...state, page: 1 }), filters);
  const probe = useQuery({
    queryKey: queryKeyOf(endpoint, firstPage),
    queryFn: ({ signal }): Promise<PagedAnswer<RowOf<E>>> => call(endpoint, firstPage, { signal }),
    enabled: !!tooDeep && known.current.total === 0,
  });
  if (tooDeep && known.current.total === 0 && probe.data) known.current = { total: probe.data.total, estimated: probe.data.estimated ?? false };
  const total = query.data?.total ?? (tooDeep ? known.current.total : 0);
  const estimated = query.data?.estimated ?? (tooDeep ? known.current.estimated : false);
  return { request, query, rows, total, estimated, tooDeep };
}
