import { MAX_PAGE_SKIP, leafsEndpoints } from '@sapwood/contracts';
import { type Answer, seekTo } from './bench-server';

/** A scenario of a list benchmark: the app's request body and the baseline's for the i-th request. */
export interface ListScenario {
  name: string;
  app: (i: number) => unknown;
  base: (i: number) => unknown;
  /** requests a round when not the benchmark's default (a slow list would take minutes a round) */
  requests?: number;
}

/** Where the app and the baseline answer the /leafs Not Completed list. */
export const LEAFS_PATH = leafsEndpoints.notCompleted.path;
export const LEAFS_BASE_PATH = '/leafs';

const client = (i: number) => `client ${String((i * 37) % 2000).padStart(4, '0')}`;

/**
 * The /leafs Not Completed list's scenarios (bench:intake, bench:lists) over `rows` listed captures:
 * page 1 as the screen opens it (its default order, newest first), a deep page in the middle as the
 * pager's Next asks for it (sought from the page on screen, ADR 0084), a search for the start of a
 * client's name, and page 1 sorted by Client. The baseline seeks the deep page from the shown page's
 * last row.
 */
export async function leafScenarios(send: (body: Record<string, unknown>) => Promise<Answer>, rows: number, size: number, requests?: number): Promise<ListScenario[]> {
  const deep = Math.floor(rows / size / 2);
  const at = await seekTo(send, deep, size, MAX_PAGE_SKIP);
  const last = at.rows[at.rows.length - 1] as { id: number } | undefined;
  if (!last) throw new Error(`/leafs page ${deep} has no rows`);
  return [
    { name: 'leafs page 1', app: () => ({ page: 1, rowsPerPage: size }), base: () => ({ scenario: 'page1', size }), requests },
    {
      name: `leafs page ${deep + 1} (Next from ${deep})`,
      app: () => ({ page: deep + 1, rowsPerPage: size, anchor: { page: deep, first: at.firstKey, last: at.lastKey } }),
      base: () => ({ scenario: 'deep', size, afterId: last.id }),
      requests,
    },
    { name: "leafs search ('client 0nnn')", app: (i) => ({ page: 1, rowsPerPage: size, search: client(i) }), base: (i) => ({ scenario: 'search', size, search: client(i) }), requests },
    { name: 'leafs sorted by client', app: () => ({ page: 1, rowsPerPage: size, sortBy: 'clientName', ascending: true }), base: () => ({ scenario: 'sort', size }), requests },
  ];
}
