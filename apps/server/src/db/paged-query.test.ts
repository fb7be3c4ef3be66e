import { type Generated, type Kysely, type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PagedRequest, type PagedRequestInput } from '@sapwood/contracts';
import { type DatabaseHandle, openDatabase } from './database';
import { MAX_ROWS, type SearchTerm, containsPattern, isForeignKeyViolation, isUniqueViolation, pageSlice, pagedQuery } from './paged-query';

describe('paged query helpers', () => {
  it('takes LIKE wildcards in a search literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(containsPattern('plain')).toBe('%plain%');
  });

  it('slices the requested page, or everything capped', () => {
    expect(pageSlice(PagedRequest.parse({ page: 3, rowsPerPage: 20 }))).toEqual({ limit: 20, offset: 40 });
    expect(pageSlice(PagedRequest.parse({ page: 3, rowsPerPage: 20, all: true }))).toEqual({ limit: MAX_ROWS, offset: 0 });
  });

  it('recognises unique and foreign key violations', () => {
    expect(isUniqueViolation({ code: '23505', constraint: 'users_email_uq' }, 'users_email_uq')).toBe(true);
    expect(isUniqueViolation({ code: '23505', message: 'duplicate key value violates unique constraint "users_email_uq"' }, 'users_email_uq')).toBe(true);
    expect(isUniqueViolation({ code: '23505', constraint: 'roles_name_uq' }, 'users_email_uq')).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
    expect(isForeignKeyViolation({ code: '23503' })).toBe(true);
    expect(isForeignKeyViolation(null)).toBe(false);
  });
});

/** A table of its own in an embedded database: what pagedQuery answers against a plain ORDER BY. */
interface Things {
  things: { id: Generated<number>; name: string; size: number; note: string | null };
}
let handle: DatabaseHandle;
let db: Kysely<Things>;

beforeAll(async () => {
  handle = await openDatabase({});
  db = handle.db as unknown as Kysely<Things>;
  await sql`create table things (id serial primary key, name text not null, size int not null, note text)`.execute(db);
  const names = ['50% off', '50_off', '50 off', 'Fifty', 'back\\slash', 'fifty two'];
  await db.insertInto('things').values(names.map((name, i) => ({ name, size: i % 2, note: i === 3 ? 'half price' : null }))).execute();
  await sql`insert into things (name, size) select 'bulk ' || n, 7 from generate_series(1, ${MAX_ROWS + 5}) n`.execute(db);
}, 60_000);
afterAll(() => handle?.close());

const from = () => db.selectFrom('things');
const select = (q: ReturnType<typeof from>) => q.select(['id', 'name', 'size']);
const page = (input: PagedRequestInput, search: SearchTerm[] = ['name']) =>
  pagedQuery(PagedRequest.parse(input), {
    from: from().where('size', '<', 7), select, search,
    sorts: { name: sql`lower(name)`, size: ['size', 'name'] }, defaultSort: 'name', tieBreak: ['id'],
  });

describe('pagedQuery', () => {
  it('takes % and _ in a search literally, and searches every searched column (or condition)', async () => {
    expect((await page({ search: '50%' })).rows.map((r) => r.name)).toEqual(['50% off']);
    expect((await page({ search: '0_o' })).rows.map((r) => r.name)).toEqual(['50_off']);
    expect((await page({ search: 'k\\s' })).rows.map((r) => r.name)).toEqual(['back\\slash']);
    expect(await page({ search: 'FIFTY' })).toMatchObject({ total: 2 });
    const withNote = await page({ search: 'half' }, ['name', sql`coalesce(note, '')`]);
    expect(withNote.rows.map((r) => r.name)).toEqual(['Fifty']);
    const byCondition = await page({ search: 'price' }, [(p) => sql<SqlBool>`note ilike ${p}`]);
    expect(byCondition.rows.map((r) => r.name)).toEqual(['Fifty']);
  });

  it('sorts by the whitelist only (else the default), the first column in the asked direction, ties ascending', async () => {
    const plain = async (order: string) =>
      (await sql<{ id: number }>`select id from things where size < 7 order by ${sql.raw(order)}`.execute(db)).rows.map((r) => r.id);
    const ids = (r: { rows: { id: number }[] }) => r.rows.map((x) => x.id);
    expect(ids(await page({ rowsPerPage: 100 }))).toEqual(await plain('lower(name), id'));
    expect(ids(await page({ rowsPerPage: 100, sortBy: 'password', ascending: false }))).toEqual(await plain('lower(name) desc, id'));
    expect(ids(await page({ rowsPerPage: 100, sortBy: 'toString' }))).toEqual(await plain('lower(name), id'));
    expect(ids(await page({ rowsPerPage: 100, sortBy: 'size', ascending: false }))).toEqual(await plain('size desc, name, id'));
    expect(ids(await page({ page: 2, rowsPerPage: 4, sortBy: 'size' }))).toEqual((await plain('size, name, id')).slice(4, 8));
  });

  it('answers at most MAX_ROWS rows for all, with the whole total', async () => {
    const r = await pagedQuery(PagedRequest.parse({ all: true }), { from: from(), select, sorts: {}, defaultSort: '', tieBreak: ['id'] });
    expect(r.rows.length).toBe(MAX_ROWS);
    expect(r.total).toBe(MAX_ROWS + 11);
    expect(r.rows[0].id).toBe(1);
  });
});
