import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/support/database';
import { type KeysetDeclaration, KeysetList, type ListOrder, type PageResult, fixedOrder, listMatch, orderOf } from '../src/db/keyset';
import { Statements } from '../src/db/keyset/statements';

/**
 * The keyset engine (db/keyset) on a small table of its own, declared the way a million-row list
 * declares itself: every way of reaching a page (offset, seek forward and back from any page, a
 * refresh with its own anchor, the pager's Last read backwards) gives the rows a plain ORDER BY …
 * OFFSET gives, counted (small-list path) or not (cap 0: the large-list path).
 */
interface Filter {
  kind?: number;
  label?: string;
}
interface Row {
  id: number;
  label: string;
  kind: number;
  at: Date | null;
}

const DEMO: KeysetDeclaration<Filter> = {
  table: 'keyset_demo',
  alias: 'd',
  id: 'id',
  where: sql`d.at is not null`,
  filters: { kind: { column: 'kind', kind: 'equals' }, label: { column: 'label_key', kind: 'prefix' } },
  search: ['label_key', 'other_key'],
  sorts: {
    label: { column: 'label_key', kind: 'text' },
    kind: { column: 'kind', kind: 'int' },
    at: { column: 'at', kind: 'time' },
  },
  defaultSort: { column: 'id', kind: 'int', desc: true },
  rows: {
    page: { columns: [{ as: 'id', value: sql`d.id` }, { as: 'label', value: sql`d.label` }, { as: 'kind', value: sql`d.kind` }, { as: 'at', value: sql`d.at`, time: true }] },
    bulk: { columns: [{ as: 'id', value: sql`d.id` }, { as: 'label', value: sql`d.label` }, { as: 'kind', value: sql`d.kind` }, { as: 'at', value: sql`d.at`, time: true }] },
  },
};

/** DEMO whose page rows start with their label, not their id */
const LABEL_FIRST: KeysetDeclaration<Filter> = {
  ...DEMO,
  rows: { ...DEMO.rows, page: { columns: [DEMO.rows.page.columns[1], DEMO.rows.page.columns[0], ...DEMO.rows.page.columns.slice(2)] } },
};

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const N = 37;

beforeAll(async () => {
  fresh = await freshDatabase();
  const db = fresh.handle.db;
  await sql`create table keyset_demo (id serial primary key, label text not null, kind int not null, at timestamptz,
    label_key text collate "C" generated always as (lower(label)) stored, other_key text collate "C" not null default '')`.execute(db);
  // repeated labels, kinds and times (ties broken by id), mixed case, one unmeasured row left out by `where`
  for (let i = 0; i < N; i++) {
    const label = `${['Apple', 'apricot', 'Banana', 'cherry', 'Ápice'][i % 5]} ${i % 4}`;
    await sql`insert into keyset_demo (label, kind, at, other_key) values (${label}, ${i % 3}, ${i === 5 ? null : `2024-01-0${1 + (i % 7)}T10:00:00Z`}::timestamptz, ${i % 6 === 0 ? 'zz' : 'x'})`.execute(db);
  }
  await sql`analyze keyset_demo`.execute(db);
});
afterAll(() => fresh?.drop());

/** the same order written as a plain ORDER BY */
const PLAIN: Record<string, string> = {
  default: 'id desc', 'label:a': 'label_key asc, id asc', 'kind:d': 'kind desc, id desc', 'at:a': 'at asc, id asc', group: 'kind desc, id asc',
};
const orders: [string, ListOrder][] = [
  ['default', orderOf(DEMO, '', true)], ['label:a', orderOf(DEMO, 'label', true)], ['kind:d', orderOf(DEMO, 'kind', false)],
  ['at:a', orderOf(DEMO, 'at', true)], ['group', fixedOrder(DEMO, { name: 'group', column: 'kind', kind: 'int', keyDesc: true, idDesc: false })],
];
const ids = (p: PageResult) => (JSON.parse(p.rowsJson) as { id: number }[]).map((r) => r.id);

async function plainIds(name: string, cond = 'true'): Promise<number[]> {
  const r = await sql<{ id: number }>`select id from keyset_demo where at is not null and ${sql.raw(cond)} order by ${sql.raw(PLAIN[name])}`.execute(fresh.handle.db);
  return r.rows.map((x) => x.id);
}

/**
 * Every page of the list by offset, then from every page by its cursors (Previous, the same page, Next, a jump), and
 * the Last page, against the same order written as a plain ORDER BY … OFFSET.
 */
async function walkPages(decl: KeysetDeclaration<Filter>, name: string, order: ListOrder, cap: number, size: number): Promise<void> {
  const list = new KeysetList<Filter, Row>(fresh.handle.db, decl, { cap });
  const match = listMatch(decl, {});
  const expected = await plainIds(name);
  const pages = Math.ceil(expected.length / size);
  const byOffset: PageResult[] = [];
  for (let page = 1; page <= pages; page++) {
    const p = await list.page({ match, order, page, size });
    expect(ids(p), `page ${page}`).toEqual(expected.slice((page - 1) * size, page * size));
    byOffset.push(p);
  }
  expect(byOffset[0].estimated).toBe(cap === 0);
  if (cap) expect(byOffset[0].total).toBe(N - 1);
  for (let from = 1; from <= pages; from++) {
    const at = byOffset[from - 1];
    const anchor = { page: from, first: at.firstKey ?? '', last: at.lastKey ?? '' };
    for (const to of [from - 2, from - 1, from, from + 1, from + 3]) {
      if (to < 1 || to > pages) continue;
      const p = await list.page({ match, order, page: to, size, anchor });
      expect(ids(p), `${from} → ${to}`).toEqual(expected.slice((to - 1) * size, to * size));
    }
  }
  if (cap === 0) {
    // the pager's Last from page 1 of an uncounted list, far from the start: read backwards from the
    // end of the index, the list's true last rows (a whole page) whatever the estimate says
    const end = new KeysetList<Filter, Row>(fresh.handle.db, decl, { cap, fromEndAfter: 10 });
    const first = byOffset[0];
    const last = Math.ceil(first.total / size);
    const p = await end.page({ match, order, page: last, size, anchor: { page: 1, first: first.firstKey ?? '', last: first.lastKey ?? '' } });
    expect(ids(p)).toEqual(expected.slice(-size));
  }
}

describe.each([['large-list path (cap 0)', 0], ['counted (cap 10,000)', 10_000]] as const)('keyset engine, %s', (_path, cap) => {
  const size = 5;
  it.each(orders)('%s: offset, seeks from every page, refreshes and Last equal ORDER BY … OFFSET', async (name, order) => {
    await walkPages(DEMO, name, order, cap, size);
  });

  // a one-pass page's cursors come from its JSON when its rows start with their id (row-ends.ts), else from the statement
  it.each(orders)('%s, rows not starting with their id: the same pages and cursors', async (name, order) => {
    await walkPages(LABEL_FIRST, name, order, cap, size);
  });

  it('a Next from a page whose last row was deleted since gives the page by its number, never an empty one', async () => {
    const db = fresh.handle.db;
    const list = new KeysetList<Filter, Row>(db, DEMO, { cap });
    const match = listMatch(DEMO, {});
    const order = orderOf(DEMO, 'label', true);
    // five rows sorted first make page 1, then go while it is on screen
    const added = (await sql<{ id: number }>`insert into keyset_demo (label, kind, at) select 'aaa ' || n, 0, '2024-01-01T10:00:00Z' from generate_series(1, ${size}) n returning id`.execute(db)).rows.map((r) => r.id);
    try {
      const first = await list.page({ match, order, page: 1, size });
      expect(ids(first).sort()).toEqual([...added].sort());
      await sql`delete from keyset_demo where id = any(${`{${added.join(',')}}`}::int[])`.execute(db);
      const next = await list.page({ match, order, page: 2, size, anchor: { page: 1, first: first.firstKey ?? '', last: first.lastKey ?? '' } });
      expect(ids(next)).toEqual((await plainIds('label:a')).slice(size, 2 * size));
    } finally {
      await sql`delete from keyset_demo where id = any(${`{${added.join(',')}}`}::int[])`.execute(db);
    }
  });

  it('filters (equals, prefix) and a search over two text keys match the plain conditions', async () => {
    const list = new KeysetList<Filter, Row>(fresh.handle.db, DEMO, { cap });
    const order = orderOf(DEMO, 'label', true);
    const cases: [Filter & { search?: string }, string][] = [
      [{ kind: 1 }, 'kind = 1'], [{ label: 'AP' }, `label_key like 'ap%'`], [{ search: 'zz' }, `other_key like 'zz%'`],
      [{ kind: 2, search: 'ch' }, `kind = 2 and (label_key like 'ch%' or other_key like 'ch%')`], [{ label: 'á' }, `label_key like 'á%'`],
      // the same shapes again with other values: the kept statements, given these values
      [{ kind: 2 }, 'kind = 2'], [{ label: 'ba' }, `label_key like 'ba%'`], [{ kind: 1, search: 'ap' }, `kind = 1 and (label_key like 'ap%' or other_key like 'ap%')`],
    ];
    for (const [filter, cond] of cases) {
      const expected = await plainIds('label:a', cond);
      const p = await list.page({ match: listMatch(DEMO, filter), order, page: 1, size: 100 });
      expect(ids(p), JSON.stringify(filter)).toEqual(expected);
    }
  });

  it('a search alone counts its matches up to the cap in the statement that builds the page, and past it reads the page in order', async () => {
    // a cap of 2: 'zz' (7 rows) is too many to count, 'apple 1' (2 rows) is counted
    const small = new KeysetList<Filter, Row>(fresh.handle.db, DEMO, { cap: 2 });
    const order = orderOf(DEMO, 'label', true);
    for (const [search, cond] of [['zz', `other_key like 'zz%'`], ['apple 1', `(label_key like 'apple 1%' or other_key like 'apple 1%')`]]) {
      const expected = await plainIds('label:a', cond);
      const p = await small.page({ match: listMatch(DEMO, { search }), order, page: 1, size: 5 });
      expect(ids(p), search).toEqual(expected.slice(0, 5));
      if (expected.length <= 2) expect(p).toMatchObject({ total: expected.length, estimated: false });
      else expect(p.estimated, search).toBe(true);
    }
  });

  it.each(orders)('%s: a search too wide to count pages as ORDER BY … OFFSET does, from a walk in order or from its keys\' ranges', async (name, order) => {
    // walkPerRow 1: the walk sees a page's length of the list and rarely finds the page (the ranges answer);
    // 100: it sees the whole list. A search alone, and one with a filter.
    const cases: [Filter & { search?: string }, string][] = [
      [{ search: 'ap' }, `(label_key like 'ap%' or other_key like 'ap%')`],
      [{ search: 'zz' }, `(label_key like 'zz%' or other_key like 'zz%')`],
      [{ kind: 1, search: 'b' }, `kind = 1 and (label_key like 'b%' or other_key like 'b%')`],
    ];
    for (const walkPerRow of [1, 100]) {
      const list = new KeysetList<Filter, Row>(fresh.handle.db, DEMO, { cap, walkPerRow });
      for (const [filter, cond] of cases) {
        const match = listMatch(DEMO, filter);
        const expected = await plainIds(name, cond);
        const what = `${JSON.stringify(filter)}, walk ${walkPerRow}`;
        const pages = Math.max(1, Math.ceil(expected.length / size));
        let anchor: { page: number; first: string; last: string } | undefined;
        // Next from page 1 to the end, then Previous back to page 1 (seeks both ways), then a refresh of page 2
        for (const page of [...Array.from({ length: pages }, (_, i) => i + 1), ...Array.from({ length: pages - 1 }, (_, i) => pages - 1 - i), 2]) {
          if (page > pages) continue;
          const p = await list.page({ match, order, page, size, anchor });
          expect(ids(p), `${what} page ${page}`).toEqual(expected.slice((page - 1) * size, page * size));
          anchor = { page, first: p.firstKey ?? '', last: p.lastKey ?? '' };
        }
      }
    }
  });

  it('walks the whole list in chunks (downloads) and reads rows by id, timestamps as Dates', async () => {
    const list = new KeysetList<Filter, Row>(fresh.handle.db, DEMO, { cap });
    const [name, order] = orders[1];
    const { where } = listMatch(DEMO, {});
    const seen: number[] = [];
    let after: { id: number; k: string } | null = null;
    for (;;) {
      const chunk = await list.chunkAfter(where, order, after, 4);
      if (!chunk.length) break;
      seen.push(...chunk.map((r) => r.id));
      const last = chunk[chunk.length - 1];
      after = { id: last.id, k: last._k };
    }
    expect(seen).toEqual(await plainIds(name));
    const [row] = await list.details([seen[0]]);
    expect(row.at).toBeInstanceOf(Date);
  });
});

describe('keyset declaration', () => {
  it('refuses names it would write into statements unless they are plain lower-case names', () => {
    expect(() => new KeysetList(fresh.handle.db, { ...DEMO, table: 'keyset_demo; drop table x' })).toThrow(/plain lower-case name/);
  });
});

describe('list statements kept by shape', () => {
  it("binds a later call's values to the kept text, and refuses values that are not the compiled ones", async () => {
    const statements = new Statements(fresh.handle.db);
    const q = (kind: number) => sql<{ id: number }>`select id from keyset_demo where kind = ${kind} and at is not null order by id`;
    const first = statements.of('by kind', [1], () => q(1));
    const again = statements.of<{ id: number }>('by kind', [2], () => {
      throw new Error('a kept shape is not built again');
    });
    expect(again.sql).toBe(first.sql);
    expect((await statements.run(again)).map((r) => r.id)).toEqual(await plainIds('default', 'kind = 2').then((x) => x.reverse()));
    expect(() => statements.of('wrong values', [3, 4], () => q(3))).toThrow(/not the compiled ones/);
    expect(() => statements.of('wrong order', ['3'], () => q(3))).toThrow(/not the compiled ones/);
  });
});
