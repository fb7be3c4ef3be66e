import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type TableState, readTableState } from './listRequest';

export type { TableState } from './listRequest';

/**
 * A list's paging, search and sort, kept in the URL (so reload, back and shared links keep them).
 * `key` separates two tables on one screen.
 */
export function useTableState(key: string, defaults: Partial<TableState> = {}) {
  const [params, setParams] = useSearchParams();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const state: TableState = useMemo(() => readTableState(params, key, defaults), [params, key]);

  // react-router's setter changes with every address; `update` stays the same function (a list's pager, its rows'
  // effects), calling the setter of the address last drawn
  const setter = useRef(setParams);
  useLayoutEffect(() => {
    setter.current = setParams;
  }, [setParams]);
  const update = useCallback(
    (patch: Partial<TableState>) => {
      setter.current(
        (prev) => {
          const next = new URLSearchParams(prev);
          const set = (name: string, v: string | null) => {
            const k = key ? `${key}.${name}` : name;
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          };
          if (patch.page !== undefined) set('page', patch.page === 1 ? null : String(patch.page));
          if (patch.rowsPerPage !== undefined) set('size', String(patch.rowsPerPage));
          if (patch.search !== undefined) set('q', patch.search);
          if (patch.sortBy !== undefined) set('sort', patch.sortBy);
          if (patch.ascending !== undefined) set('dir', patch.ascending ? null : 'desc');
          if (patch.at !== undefined) set('at', patch.at);
          return next;
        },
        { replace: true },
      );
    },
    [key],
  );
  return [state, update] as const;
}
