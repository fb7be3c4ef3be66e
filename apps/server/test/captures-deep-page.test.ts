import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SKIP, leafsEndpoints as ep, pageTooDeepMessage } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/**
 * The capture lists on the keyset engine (ADR 0084): on a list too long to count, every page the pager
 * reaches by seeking from the page on screen is the page plain OFFSET paging over the same order gives,
 * for every sort in both directions, for a search (the start of sample, client, farm or block, any case)
 * and on the Results tab; a page typed deeper than MAX_PAGE_SKIP rows from either end is refused with
 * the message that offers Last and the search.
 */
const ROWS = 3 * MAX_PAGE_SKIP;
const SIZE = 50;
let server: TestServer;
let staff: ApiClient;

const db = () => server.built.deps.db;

beforeAll(async () => {
  server = await startTestServer();
  // sample numbers repeat (ties broken by id), every 50th capture has no date, every 100th is Completed
  await sql`insert into captures (kind, capture_key, original, mapped, status, lab, sample_number, client_name, farm_name, block_number, agent, agronomist, captured_at)
    select 'leaf', 'DP-' || s, '{}'::jsonb, '{}'::jsonb, case when s % 100 = 0 then 'Completed' else 'NotCompleted' end,
      (array['Manual', 'Nvirotek', 'Wynland'])[1 + s % 3], 'L' || lpad((s % 20000)::text, 6, '0'),
      case when s % 2 = 0 then 'Client ' else 'client ' end || (s % 97), 'Farm ' || (s % 13), 'B' || (s % 40), 'Agent', 'Agronomist',
      case when s % 50 = 0 then null else timestamptz '2026-01-01T00:00:00Z' + ((s * 7919) % ${ROWS}) * interval '1 minute' end
    from generate_series(1, ${ROWS}) s`.execute(db());
  // every other capture has a lab result
  await sql`insert into capture_results (capture_id, lab_name, lab_number, values, source)
    select id, 'Nvirotek', 'NV-' || id, '{"N": 2.1, "P": 0.2}'::jsonb, 'Nvirotek' from captures where id % 2 = 0`.execute(db());
  await sql`update captures set synced_at = timestamptz '2026-02-01T00:00:00Z' + (id % 997) * interval '1 second'`.execute(db());
  await sql`analyze captures`.execute(db());
  await sql`analyze capture_results`.execute(db());
  staff = await signedIn(server.url, await createUser(db(), ['Leafs', 'LeafResults']));
}, 180_000);
afterAll(() => server?.close());

type Body = { rows: { id: number }[]; total: number; estimated: boolean; firstKey: string; lastKey: string };
const ids = (body: Body) => body.rows.map((r) => r.id);

/** the sorts of the capture lists as plain SQL orders (the truth the pages are held to) */
const ORDERS: Record<string, (dir: 'asc' | 'desc') => string> = {
  '': () => 'id desc',
  inserted: (d) => `synced_at ${d}, id ${d}`,
  appAdded: (d) => `coalesce(captured_at, '1970-01-01T00:00:00Z') ${d}, id ${d}`,
  sampleNumber: (d) => `lower(sample_number) collate "C" ${d}, id ${d}`,
  clientName: (d) => `lower(client_name) collate "C" ${d}, id ${d}`,
  lab: (d) => `lab ${d}, id ${d}`,
};

async function truth(where: string, order: string): Promise<number[]> {
  return (await sql<{ id: number }>`select id from captures c where c.kind = 'leaf' and c.refused_reason is null and ${sql.raw(where)}
    order by ${sql.raw(order)}`.execute(db())).rows.map((r) => r.id);
}

/** pages 1 to `upTo` the way the pager reads them (each sought from the one before), then back to page 2 */
async function walk(endpoint: typeof ep.notCompleted, req: Record<string, unknown>, plain: number[], upTo: number) {
  const first = await staff.call(endpoint, { ...req, page: 1, rowsPerPage: SIZE });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(ids(first.body)).toEqual(plain.slice(0, SIZE));
  let at = { page: 1, first: first.body.firstKey, last: first.body.lastKey };
  for (let page = 2; page <= upTo; page += 1) {
    const shown = await staff.call(endpoint, { ...req, page, rowsPerPage: SIZE, anchor: at });
    expect(shown.status, `page ${page}`).toBe(200);
    expect(ids(shown.body), `page ${page}`).toEqual(plain.slice((page - 1) * SIZE, page * SIZE));
    at = { page, first: shown.body.firstKey, last: shown.body.lastKey };
  }
  const back = await staff.call(endpoint, { ...req, page: 2, rowsPerPage: SIZE, anchor: at });
  expect(ids(back.body), 'back to page 2').toEqual(plain.slice(SIZE, 2 * SIZE));
  return first.body as Body;
}

describe('the capture lists, paged by keys', () => {
  it('gives, for every sort both ways, the pages plain OFFSET paging gives', async () => {
    const notCompleted = "c.status = 'NotCompleted'";
    for (const [sortBy, order] of Object.entries(ORDERS)) {
      for (const ascending of sortBy ? [true, false] : [false]) {
        const plain = await truth(notCompleted, order(ascending ? 'asc' : 'desc'));
        const first = await walk(ep.notCompleted, { sortBy, ascending }, plain, 4);
        expect(first.estimated, `${sortBy} ${ascending}`).toBe(true);
      }
    }
  });

  it('counts a search exactly and pages it in order: the start of sample, client, farm or block, any case', async () => {
    const plain = await truth("c.status = 'NotCompleted' and (lower(client_name) like 'client 1%' or lower(sample_number) like 'client 1%')", 'lower(client_name) collate "C" asc, id asc');
    const first = await walk(ep.notCompleted, { search: 'CLIENT 1', sortBy: 'clientName', ascending: true }, plain, 3);
    expect(first).toMatchObject({ total: plain.length, estimated: false });
    const block = await staff.call(ep.notCompleted, { search: 'b3', rowsPerPage: SIZE });
    expect(block.body.total).toBe((await truth("c.status = 'NotCompleted' and lower(block_number) like 'b3%'", 'id')).length);
    // not the middle of a value
    expect((await staff.call(ep.notCompleted, { search: 'lient' })).body.total).toBe(0);
  });

  it('pages the Results tab (captures with a result, any state) the same way', async () => {
    const plain = await truth('exists (select 1 from capture_results r where r.capture_id = c.id)', 'lower(sample_number) collate "C" desc, id desc');
    await walk(ep.getLeafResults, { sortBy: 'sampleNumber', ascending: false }, plain, 3);
  });

  it('refuses a typed page deeper than MAX_PAGE_SKIP rows from either end, naming the page field', async () => {
    const first = await staff.call(ep.completed, { rowsPerPage: SIZE });
    expect(first.body).toMatchObject({ total: ROWS / 100, estimated: false });
    const all = (await staff.call(ep.notCompleted, { rowsPerPage: SIZE, sortBy: 'sampleNumber' })).body as Body;
    const middle = Math.round(all.total / SIZE / 2);
    const r = await staff.call(ep.notCompleted, { rowsPerPage: SIZE, sortBy: 'sampleNumber', page: middle });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body).toEqual({ error: 'ValidationError', message: pageTooDeepMessage(middle), fields: [{ field: 'page', message: pageTooDeepMessage(middle) }] });
    // the last page by its number is the list's true end
    const last = Math.ceil(all.total / SIZE);
    const end = await staff.call(ep.notCompleted, { rowsPerPage: SIZE, sortBy: 'sampleNumber', ascending: true, page: last });
    const plain = await truth("c.status = 'NotCompleted'", 'lower(sample_number) collate "C" asc, id asc');
    expect(ids(end.body).at(-1)).toBe(plain.at(-1));
  });
});
