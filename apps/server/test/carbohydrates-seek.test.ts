import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarbohydrateFilter } from '@sapwood/contracts';
import { GROUPED_ORDER, listMatch, listWhere, resultsOrder } from '../src/features/carbohydrates/results-query.repository';
import { type PageResult, ResultsRepository } from '../src/features/carbohydrates/results.repository';
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
let ref: Awaited<ReturnType<typeof seedCarbohydrateReference>>;

beforeAll(async () => {
  fresh = await freshDatabase();
  await migrateToLatest(fresh.handle.db);
  ref = await seedCarbohydrateReference(fresh.handle.db);
  for (const [entity, farm] of [['Alpha', 'North'], ['beta', 'South'], ['Alpha', 'East']]) {
    await seedLabJob(fresh.handle.db, ref, {
      samples: Array.from({ length: 7 }, (_, i) => ({ sampleNumber: `${entity[0]}${farm[0]}${i % 3}`, entity, farm, block: `B${i % 2}`, sugar: i })),
    });
  }
  big = new ResultsRepository(fresh.handle.db, 0);
  await sql`analyze lab_job_entries`.execute(fresh.handle.db);
});
afterAll(() => fresh?.drop());

/** the ids of a page's rows, in order */
const ids = (p: PageResult) => (JSON.parse(p.rowsJson) as { id: number }[]).map((r) => r.id);
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
    for (let page = 1; page <= 6; page++) byOffset.push(await big.page({ match: { where, readsRows: false }, order, page, size }));
    expect(byOffset[0].estimated).toBe(true);
    expect(byOffset.flatMap((p) => ids(p)).length).toBe(21);
    for (let from = 1; from <= 6; from++) {
      for (const to of [from - 2, from - 1, from + 1, from + 3]) {
        if (to < 1 || to > 6) continue;
        const at = byOffset[from - 1];
        const sought = await big.page({ match: { where, readsRows: false }, order, page: to, size, anchor: { page: from, first: at.firstKey ?? '', last: at.lastKey ?? '' } });
        expect(ids(sought), `${from} → ${to}`).toEqual(ids(byOffset[to - 1]));
      }
    }
  });

  it.each(orders)('%s: a page asked for again with its own anchor is the same page (a refresh)', async (_name, order) => {
    const size = 4;
    for (let page = 1; page <= 6; page++) {
      const shown = await big.page({ match: { where, readsRows: false }, order, page, size });
      const again = await big.page({ match: { where, readsRows: false }, order, page, size, anchor: { page, first: shown.firstKey ?? '', last: shown.lastKey ?? '' } });
      expect(ids(again), `page ${page}`).toEqual(ids(shown));
    }
  });

  it.each(orders)('%s: the last page of an uncounted list, far from the start, is the true end of the list', async (_name, order) => {
    const size = 4;
    const all: number[] = [];
    for (let page = 1; page <= 6; page++) all.push(...ids(await big.page({ match: { where, readsRows: false }, order, page, size })));
    const end = new ResultsRepository(fresh.handle.db, 0, 8);
    const first = await end.page({ match: { where, readsRows: false }, order, page: 1, size });
    expect(first.estimated).toBe(true);
    const last = Math.ceil(first.total / size);
    expect(last).toBeGreaterThanOrEqual(3);
    const page = await end.page({ match: { where, readsRows: false }, order, page: last, size, anchor: { page: 1, first: first.firstKey ?? '', last: first.lastKey ?? '' } });
    expect(ids(page)).toEqual(all.slice(-size));
    // and the page before it, by seek from there, continues the list backwards
    const before = await end.page({ match: { where, readsRows: false }, order, page: last - 1, size, anchor: { page: last, first: page.firstKey ?? '', last: page.lastKey ?? '' } });
    expect(ids(before)).toEqual(all.slice(-2 * size, -size));
  });
});

describe('a text filter with more matches than the count cap', () => {
  it.each(orders)('%s: the page read in order is the page the exact count gives', async (_name, order) => {
    // 'alpha' matches 14 entries: over a cap of 5 the list is estimated and read in order
    const match = listMatch({ ...CarbohydrateFilter.parse({}), search: 'alpha' });
    const capped = new ResultsRepository(fresh.handle.db, 5);
    const exact = new ResultsRepository(fresh.handle.db);
    for (const page of [1, 2, 3, 4]) {
      const a = await capped.page({ match, order, page, size: 4 });
      const b = await exact.page({ match, order, page, size: 4 });
      expect(a.estimated).toBe(true);
      expect(b).toMatchObject({ estimated: false, total: 14 });
      expect(ids(a), `page ${page}`).toEqual(ids(b));
    }
  });
});

describe('a page refreshed after newer results arrive', () => {
  it('keeps showing the same rows when asked for with its own anchor (an offset would shift them)', async () => {
    const order = resultsOrder('', true);
    const size = 4;
    const shown = await big.page({ match: { where, readsRows: false }, order, page: 2, size });
    await seedLabJob(fresh.handle.db, ref, { samples: [{ sampleNumber: 'ZN1', entity: 'Zeta', farm: 'New', block: 'B9', sugar: 1 }] });
    const again = await big.page({ match: { where, readsRows: false }, order, page: 2, size, anchor: { page: 2, first: shown.firstKey ?? '', last: shown.lastKey ?? '' } });
    expect(ids(again)).toEqual(ids(shown));
    const byOffset = await big.page({ match: { where, readsRows: false }, order, page: 2, size });
    expect(ids(byOffset)).not.toEqual(ids(shown));
  });

  it('shows the newest results on page 1 again, whatever anchor page 1 is asked for with', async () => {
    const order = resultsOrder('', true);
    const size = 4;
    const shown = await big.page({ match: { where, readsRows: false }, order, page: 1, size });
    const added = await seedLabJob(fresh.handle.db, ref, { samples: [{ sampleNumber: 'ZN2', entity: 'Zeta', farm: 'New', block: 'B9', sugar: 2 }] });
    const again = await big.page({ match: { where, readsRows: false }, order, page: 1, size, anchor: { page: 1, first: shown.firstKey ?? '', last: shown.lastKey ?? '' } });
    expect(ids(again)[0]).toBe(added.entries[0].id);
    expect(ids(again).slice(1)).toEqual(ids(shown).slice(0, size - 1));
  });
});
