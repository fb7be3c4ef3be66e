import { MAX_PAGE_SKIP, carbohydratesEndpoints as ep } from '@sapwood/contracts';
import { type BenchClient, seekTo } from './bench-server';
import type { ListScenario } from './leafs-scenarios';

/** The scenarios of `npm run bench:lists` (lists.bench.ts), and the check that the app and the baseline answer each with the same rows. */

const SIZE = 50;

/** a scenario and where the app and the baseline answer it */
export type Scenario = ListScenario & { path: string; basePath: string };

/**
 * Whether the app and the baseline answer each scenario with the same rows (an error naming the first that differs):
 * a baseline whose rows drifted from the app's (a column added to the app's) would measure another page.
 */
export async function checkSameRows(scenarios: Scenario[], app: BenchClient, base: BenchClient): Promise<void> {
  for (const s of scenarios) {
    const [ta, tb] = [(await app.request('POST', s.path, s.app(7))).text, (await base.request('POST', s.basePath, s.base(7))).text];
    const [ra, rb] = [JSON.parse(ta) as { rows?: unknown[] }, JSON.parse(tb) as { rows?: unknown[] }];
    if (!ra.rows || !rb.rows) throw new Error(`${s.name}: ${ta.slice(0, 300)} / ${tb.slice(0, 300)}`);
    if (JSON.stringify(ra.rows) !== JSON.stringify(rb.rows)) {
      throw new Error(`${s.name}: the app and the baseline answer different rows:\n${JSON.stringify(ra.rows[0])}\n${JSON.stringify(rb.rows[0])}`);
    }
  }
}

/** The carbohydrate results list's scenarios; the deep page is page D+1 sought from page D (the pager's Next deep in the list). */
export async function carbohydrateScenarios(a: BenchClient, results: number): Promise<Scenario[]> {
  const deep = Math.floor(results / SIZE / 2);
  const at = await seekTo((body) => a.request('POST', ep.paged.path, body), deep, SIZE, MAX_PAGE_SKIP);
  const after = at.rows[at.rows.length - 1].id;
  const client = (i: number) => `client ${String((i * 37) % 2000).padStart(4, '0')}`;
  const on = { path: ep.paged.path, basePath: '/paged' };
  return [
    { name: 'page 1', app: () => ({ page: 1, rowsPerPage: SIZE }), base: () => ({ scenario: 'page1' }), ...on },
    {
      name: `deep page ${deep + 1} (Next from ${deep})`,
      app: () => ({ page: deep + 1, rowsPerPage: SIZE, anchor: { page: deep, first: at.firstKey, last: at.lastKey } }),
      base: () => ({ scenario: 'deep', after }),
      ...on,
    },
    { name: "search ('client 0nnn')", app: (i) => ({ page: 1, rowsPerPage: SIZE, search: client(i) }), base: (i) => ({ scenario: 'search', search: client(i) }), ...on },
    {
      name: 'filter crop + growth stage',
      app: (i) => ({ page: 1, rowsPerPage: SIZE, cropId: 1 + (i % 10), cropGrowthId: 1 + (i % 10) * 6 + (i % 6) }),
      base: (i) => ({ scenario: 'filter', cropId: 1 + (i % 10), cropGrowthId: 1 + (i % 10) * 6 + (i % 6) }),
      ...on,
    },
  ];
}

