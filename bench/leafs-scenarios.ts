import { leafsEndpoints } from '@sapwood/contracts';
import type { Answer } from './bench-server';

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
 * page 1 as the screen opens it (its default order, Date Synced ascending), a deep page in the middle,
 * a search for a client, and page 1 sorted by Client. The list pages by OFFSET (it takes no anchor), so
 * its deep page is what Next, Last or a typed page number asks: page D by number; the baseline seeks it
 * from the previous page's last row.
 */
export async function leafScenarios(send: (body: Record<string, unknown>) => Promise<Answer>, rows: number, size: number, requests?: number): Promise<ListScenario[]> {
  const deep = Math.floor(rows / size / 2);
  const before = JSON.parse((await send({ page: deep - 1, rowsPerPage: size })).text) as { rows: { id: number; inserted: string }[] };
  const last = before.rows[before.rows.length - 1];
  if (!last) throw new Error(`/leafs page ${deep - 1} has no rows`);
  return [
    { name: 'leafs page 1', app: () => ({ page: 1, rowsPerPage: size }), base: () => ({ scenario: 'page1', size }), requests },
    {
      name: `leafs page ${deep} (OFFSET ${(deep - 1) * size})`,
      app: () => ({ page: deep, rowsPerPage: size }),
      base: () => ({ scenario: 'deep', size, after: last.inserted, afterId: last.id }),
      requests,
    },
    { name: "leafs search ('client 0nnn')", app: (i) => ({ page: 1, rowsPerPage: size, search: client(i) }), base: (i) => ({ scenario: 'search', size, search: client(i) }), requests },
    { name: 'leafs sorted by client', app: () => ({ page: 1, rowsPerPage: size, sortBy: 'clientName' }), base: () => ({ scenario: 'sort', size }), requests },
  ];
}
