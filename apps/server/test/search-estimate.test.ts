import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database';
import { prefixEnd } from '../src/db/keyset/match';
import { SearchEstimates } from '../src/db/keyset/search-estimate';
import { freshDatabase } from '../../../tests/support/database';

/**
 * A search's row estimate is worked out in the app from the keys' statistics (search-estimate.ts) instead of an
 * EXPLAIN on every search. Over a table shaped like the lists (a client key of 2,000 clients, a farm key of 50
 * farms and a few very common ones, a list condition holding three rows in seven), analysed, the estimate must tell a
 * broad search from a narrow one as the true counts do, and be near the true count wherever it is shown (≈).
 */
let db: { handle: DatabaseHandle; drop: () => Promise<void> };
const ROWS = 40_000;
/** the rows the list's own condition holds (a seventh of them in three), independent of the keys as the planner takes them */
let listRows = 0;

beforeAll(async () => {
  db = await freshDatabase();
  const d = db.handle.db;
  await sql`create table est_rows (id int primary key, listed boolean not null, client_key text collate "C", farm_key text collate "C")`.execute(d);
  // every 10th row's farm is one of three very common ones (most common values); a few keys are null
  await sql`insert into est_rows select i, i % 7 < 3,
      case when i % 97 = 0 then null else 'client ' || lpad((i % 2000)::text, 4, '0') end,
      case when i % 10 = 0 then 'farm common ' || (i % 3) else 'farm ' || lpad((i % 50)::text, 2, '0') end
    from generate_series(1, ${ROWS}) i`.execute(d);
  await sql`analyze est_rows`.execute(d);
  listRows = (await sql<{ n: number }>`select count(*)::int as n from est_rows where listed`.execute(d)).rows[0].n;
});
afterAll(() => db?.drop());

async function truth(from: string): Promise<number> {
  const to = prefixEnd(from) ?? '\u{10ffff}';
  const r = await sql<{ n: number }>`select count(*)::int as n from est_rows where listed
    and ((client_key >= ${from} and client_key < ${to}) or (farm_key >= ${from} and farm_key < ${to}))`.execute(db.handle.db);
  return r.rows[0].n;
}

describe('a search estimate from the statistics', () => {
  it('tells broad searches from narrow ones as the true counts do, near the true count', async () => {
    const estimates = new SearchEstimates(db.handle.db, 'est_rows', ['client_key', 'farm_key'], async () => listRows);
    const threshold = listRows / 20;
    const searches = ['', 'c', 'client', 'client 0', 'client 1', 'client 01', 'client 012', 'client 0123', 'client 9', 'f', 'farm ', 'farm 1', 'farm common', 'farm common 1', 'x', 'zzz', 'a', 'client 19'];
    for (const search of searches) {
      const [estimate, actual] = [await estimates.of(search, prefixEnd(search)), await truth(search)];
      const at = `'${search}': estimated ${estimate}, true ${actual}`;
      expect(estimate, at).not.toBeNull();
      // the side of the threshold, except for a true count within 30 % of it (an estimate is an estimate)
      if (Math.abs(actual - threshold) > 0.3 * threshold) expect((estimate as number) >= threshold, at).toBe(actual >= threshold);
      if (actual >= 300) {
        expect(estimate as number, at).toBeGreaterThan(actual * 0.6);
        expect(estimate as number, at).toBeLessThan(actual * 1.6);
      } else expect(estimate as number, at).toBeLessThan(600);
    }
  });

  it('answers null for a table without statistics (the planner is asked instead)', async () => {
    await sql`create table est_new (id int, k text collate "C")`.execute(db.handle.db);
    const estimates = new SearchEstimates(db.handle.db, 'est_new', ['k'], async () => 0);
    expect(await estimates.of('a', 'b')).toBeNull();
  });
});
