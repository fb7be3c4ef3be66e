import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarbohydrateFilter } from '@sapwood/contracts';
import { GROUPED_ORDER, listWhere, resultsOrder } from '../src/features/carbohydrates/results-query.repository';
import { ResultsRepository } from '../src/features/carbohydrates/results.repository';
import { seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { freshDatabase } from '../../../tests/support/database';
import { migrateToLatest } from '../src/db/migrate';

/**
 * The large-list path (estimated totals, pages read in index order, seeks from an anchor page) on a
 * small database: with a count cap of 0 every list takes it. Every order, forwards and backwards, must
 * give the same pages as plain offsets.
 */
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let big: ResultsRepository;

beforeAll(async () => {
  fresh = await freshDatabase();
  await migrateToLatest(fresh.handle.db);
  const ref = await seedCarbohydrateReference(fresh.handle.db);
  for (const [entity, farm] of [['Alpha', 'North'], ['beta', 'South'], ['Alpha', 'East']]) {
    await seedLabJob(fresh.handle.db, ref, {
      samples: Array.from({ length: 7 }, (_, i) => ({ sampleNumber: `${entity[0]}${farm[0]}${i % 3}`, entity, farm, block: `B${i % 2}`, sugar: i })),
    });
  }
  big = new ResultsRepository(fresh.handle.db, 0);
});
afterAll(() => fresh?.drop());

const where = listWhere({ ...CarbohydrateFilter.parse({}), search: '' });
const orders = [
  ['default', resultsOrder('', true)], ['sampleNumber asc', resultsOrder('sampleNumber', true)],
  ['entity desc', resultsOrder('entity', false)], ['completedOn asc', resultsOrder('completedOn', true)],
  ['grouped', GROUPED_ORDER],
] as const;

describe('seek paging (large-list path)', () => {
  it.each(orders)('%s: every page by seek equals the page by offset', async (_name, order) => {
    const size = 4;
    const byOffset = [];
    for (let page = 1; page <= 6; page++) byOffset.push(await big.page({ where, order, page, size }));
    expect(byOffset[0].estimated).toBe(true);
    expect(byOffset.flatMap((p) => p.rows.map((r) => r.id)).length).toBe(21);
    for (let from = 1; from <= 6; from++) {
      for (const to of [from - 2, from - 1, from + 1, from + 3]) {
        if (to < 1 || to > 6) continue;
        const at = byOffset[from - 1];
        const sought = await big.page({ where, order, page: to, size, anchor: { page: from, first: at.firstKey ?? '', last: at.lastKey ?? '' } });
        expect(sought.rows.map((r) => r.id), `${from} → ${to}`).toEqual(byOffset[to - 1].rows.map((r) => r.id));
      }
    }
  });
});
