import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SKIP, carbohydratesEndpoints as ep, pageTooDeepMessage } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { seedLongResultsList } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/**
 * A page of a list too long to count, opened by its number (a typed or shared address, no page on
 * screen to seek from): read from the start or from the end when it lies within MAX_PAGE_SKIP rows of
 * either, refused with a message that offers Last and the search when it lies deeper than that.
 */
const ROWS = 3 * MAX_PAGE_SKIP;
const SIZE = 50;
let server: TestServer;
let staff: ApiClient;
let plain: number[];

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  await seedLongResultsList(db, ROWS);
  plain = (await sql<{ id: number }>`select id from lab_job_entries where result_on is not null
    order by sample_number asc, id asc`.execute(db)).rows.map((r) => r.id);
  staff = await signedIn(server.url, await createUser(db, ['CarbohydrateEntries']));
}, 120_000);
afterAll(() => server?.close());

const ids = (body: { rows: { id: number }[] }) => body.rows.map((r) => r.id);
const byNumber = { sortBy: 'sampleNumber', ascending: true, rowsPerPage: SIZE };

describe('a page opened by its number, on a list too long to count', () => {
  it('is read from the start within MAX_PAGE_SKIP rows of it, and from the end within MAX_PAGE_SKIP rows of the end', async () => {
    const first = await staff.call(ep.paged, { ...byNumber, page: 1 });
    expect(first.status).toBe(200);
    expect(first.body.estimated).toBe(true);
    const near = MAX_PAGE_SKIP / SIZE; // the deepest page read by counting from the start
    const fromStart = await staff.call(ep.paged, { ...byNumber, page: near + 1 });
    expect(fromStart.status).toBe(200);
    expect(ids(fromStart.body)).toEqual(plain.slice(near * SIZE, (near + 1) * SIZE));
    const last = Math.ceil(first.body.total / SIZE);
    for (const page of [last, last - 3]) {
      const end = await staff.call(ep.paged, { ...byNumber, page });
      expect(end.status, `page ${page}`).toBe(200);
      // the pager's Last is the list's true last rows; the pages before it follow back from there
      const upTo = plain.length - (last - page) * SIZE;
      expect(ids(end.body), `page ${page}`).toEqual(plain.slice(upTo - SIZE, upTo));
    }
  });

  it('is refused deeper than that, naming the page field, with a message that offers Last and the search', async () => {
    const first = await staff.call(ep.paged, { ...byNumber, page: 1 });
    const middle = Math.round(first.body.total / SIZE / 2);
    const r = await staff.call(ep.paged, { ...byNumber, page: middle });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body).toEqual({ error: 'ValidationError', message: pageTooDeepMessage(middle), fields: [{ field: 'page', message: pageTooDeepMessage(middle) }] });
    expect(r.body.message).toMatch(/Use Last to go to the end, or search to narrow the list/);
  });

  it('is reached by seeking from the page on screen, however deep', async () => {
    const first = await staff.call(ep.paged, { ...byNumber, page: 1 });
    const middle = Math.round(first.body.total / SIZE / 2);
    // walk to the middle the way the pager does: each page sought from the one before it
    let at = { page: 1, first: first.body.firstKey, last: first.body.lastKey };
    let shown = first;
    for (let page = 2; page <= middle; page += 4) {
      shown = await staff.call(ep.paged, { ...byNumber, page, anchor: at });
      expect(shown.status, `page ${page}`).toBe(200);
      at = { page, first: shown.body.firstKey, last: shown.body.lastKey };
    }
    expect(ids(shown.body)).toEqual(plain.slice((at.page - 1) * SIZE, at.page * SIZE));
    // a walk of many pages, not a measure of speed: CI's server pass beside the browser tests took 30 s on a slower machine
  }, 120_000);
});
