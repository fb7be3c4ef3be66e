import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from '../../../tests/support/database';
import { POSTGRES_SERVER_URL } from '../../../tests/support/process';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { type KeysetDeclaration, KeysetList, listMatch, orderOf } from '../src/db/keyset';
import { encodeCursor } from '../src/db/keyset/order';

/**
 * A list's prepared page statements are planned once per connection, not on every call (ADR 0096): the
 * page size is in their text and an order by id seeks with one comparison, so PostgreSQL's generic plan is
 * the page's own and is chosen after its first five calls. With the size a parameter the generic plan
 * (costed for a tenth of the table) never won, and every call was planned again.
 */
const LIST: KeysetDeclaration<object> = {
  table: 'plan_demo',
  alias: 'p',
  id: 'id',
  where: sql`p.kind = 1`,
  filters: {},
  search: ['label_key'],
  sorts: {},
  defaultSort: { column: 'id', kind: 'int', desc: true },
  rows: {
    page: { columns: [{ as: 'id', value: sql`p.id` }, { as: 'label', value: sql`p.label` }] },
    bulk: { columns: [{ as: 'id', value: sql`p.id` }, { as: 'label', value: sql`p.label` }] },
  },
};

/** LIST with a looked-up column (a referenced row's name): still read in one pass, the look-up memoized in the scan */
const WITH_LOOKUP: KeysetDeclaration<object> = {
  ...LIST,
  rows: {
    page: { columns: [...LIST.rows.page.columns, { as: 'kind', value: sql`k.name` }], lookups: sql` left join plan_kinds k on k.id = p.kind` },
    bulk: { columns: [...LIST.rows.bulk.columns, { as: 'kind', value: sql`k.name` }], lookups: sql` left join plan_kinds k on k.id = p.kind` },
  },
};

describe('prepared list pages on the PostgreSQL server', () => {
  let drop: () => Promise<void>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    const db = await createServerDatabase(POSTGRES_SERVER_URL);
    drop = db.drop;
    // one connection: the statements this test runs are the ones pg_prepared_statements shows
    const pool = process.env.DB_POOL_MAX;
    process.env.DB_POOL_MAX = '1';
    try {
      database = await openDatabase({ url: db.url });
    } finally {
      if (pool === undefined) delete process.env.DB_POOL_MAX;
      else process.env.DB_POOL_MAX = pool;
    }
    await sql`create table plan_demo (id serial primary key, kind int not null, label text not null,
      label_key text collate "C" generated always as (lower(label)) stored)`.execute(database.db);
    await sql`insert into plan_demo (kind, label) select 1 + (i % 2), 'row ' || i from generate_series(1, 200000) i`.execute(database.db);
    await sql`create index plan_demo_label on plan_demo (label_key, id)`.execute(database.db);
    await sql`analyze plan_demo`.execute(database.db);
    await sql`create table plan_kinds (id int primary key, name text not null)`.execute(database.db);
    await sql`insert into plan_kinds values (1, 'one'), (3, 'unused')`.execute(database.db);
    await sql`analyze plan_kinds`.execute(database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('plans page 1 and the pages sought from one deep in the list (Next, Previous, a refresh) generically after their first calls', async () => {
    const list = new KeysetList<object, object>(database.db, LIST, { cap: 0 });
    const match = listMatch(LIST, {});
    const order = orderOf(LIST, '', true);
    // the page on screen: page 1,000 of 2,000, the ids 100,000 down to 99,902 (the even ones)
    const at = (id: number) => encodeCursor(order, String(id), id);
    const anchor = { page: 1000, first: at(100_000), last: at(99_902) };
    for (let i = 0; i < 8; i++) {
      await list.page({ match, order, page: 1, size: 50 });
      await list.page({ match, order, page: 1001, size: 50, anchor });
      await list.page({ match, order, page: 999, size: 50, anchor });
      await list.page({ match, order, page: 1000, size: 50, anchor });
    }
    const plans = (await sql<{ statement: string; generic_plans: number; custom_plans: number }>`select statement, generic_plans::int, custom_plans::int
      from pg_prepared_statements where statement like '%plan_demo%' and statement not like '%label_key >=%' order by statement`.execute(database.db)).rows;
    // page 1; Next (seek forward); Previous (seek backward); the same page again (from its first row on)
    expect(plans.length).toBe(4);
    for (const p of plans) {
      expect(p.generic_plans, p.statement).toBeGreaterThan(0);
      expect(p.custom_plans, p.statement).toBeLessThanOrEqual(5);
    }
  });

  it('plans a search counted in the statement that builds its page (a search alone) generically after its first calls', async () => {
    const list = new KeysetList<object, object>(database.db, LIST);
    const order = orderOf(LIST, '', true);
    for (let i = 0; i < 8; i++) {
      // 'row 12n': row 12n, row 12n0–12n9, row 12n00–12n99 and row 12n000–12n999, the even ones
      const page = await list.page({ match: listMatch(LIST, { search: `row 12${i}` }), order, page: 1, size: 50 });
      expect(page, `row 12${i}`).toMatchObject({ total: 556 - (i % 2), estimated: false });
    }
    const plans = (await sql<{ statement: string; generic_plans: number; custom_plans: number }>`select statement, generic_plans::int, custom_plans::int
      from pg_prepared_statements where statement like '%label_key >=%' and statement not like 'explain%'`.execute(database.db)).rows;
    // one statement a page: the matches counted, the page's keys and its rows' JSON
    expect(plans.length).toBe(1);
    expect(plans[0].statement).toContain('json_build_object');
    expect(plans[0].generic_plans, plans[0].statement).toBeGreaterThan(0);
    expect(plans[0].custom_plans, plans[0].statement).toBeLessThanOrEqual(5);
  });

  it('reads a page whose rows look a name up in one pass: one scan of the list, the look-up joined to it, planned once', async () => {
    const list = new KeysetList<object, object>(database.db, WITH_LOOKUP, { cap: 0 });
    const match = listMatch(WITH_LOOKUP, {});
    const order = orderOf(WITH_LOOKUP, '', true);
    for (let i = 0; i < 8; i++) {
      const page = await list.page({ match, order, page: 1, size: 3 });
      expect(JSON.parse(page.rowsJson)).toEqual([200_000, 199_998, 199_996].map((id) => ({ id, label: `row ${id}`, kind: 'one' })));
    }
    const plans = (await sql<{ statement: string; generic_plans: number; custom_plans: number }>`select statement, generic_plans::int, custom_plans::int
      from pg_prepared_statements where statement like '%plan_kinds%'`.execute(database.db)).rows;
    expect(plans.length).toBe(1);
    const text = plans[0].statement.replace(/^\/\*prepared\*\/ /, '');
    // one pass: no key source read first and the rows joined again after it
    expect(text).not.toContain('src');
    // its rows start with their id: the statement builds the page's JSON alone, its end ids read from it (ADR 0257)
    expect(text).not.toContain('array_agg');
    expect(plans[0].generic_plans, text).toBeGreaterThan(0);
    const plan = (await sql.raw<{ 'QUERY PLAN': string }>(`explain (costs off) ${text}`).execute(database.db)).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan.match(/on plan_demo/g)?.length, plan).toBe(1);
    expect(plan, plan).not.toMatch(/Sort|Hash/);
  });
});
