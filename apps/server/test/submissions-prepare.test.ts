import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PendingRow, apiFeatures, farmersSubmissionEndpoints as farmersEp, submissionEndpoints as ep } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type DemoWorld, startDemoWorld } from '../../../tests/support/demo-world';
import type { TestServer } from '../../../tests/support/server';

/**
 * The Prepare tab at a lab's scale (issue 31, finding 8), on a first start as `npm start` makes it: demo data
 * and the stand-ins with their seeded captures (300 leaf, 200 soil). Both Prepare calls (`paged`, the farmers'
 * `pendingsubmissions`) page, search and sort like every list; their groups are by day, client and farm, the
 * newest day first; the stand-in's captures look like a lab's (several samples per farm per day, captured on or
 * before the sync, agents and agronomists of the reference lists, so that Prepare fills them in).
 */
let world: DemoWorld;
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  world = await startDemoWorld({}, { LAB_POLL_INTERVAL_MINUTES: '0' });
  ({ server, admin } = world);
}, 120_000);
afterAll(() => world?.close());

type Kind = 'leaf' | 'soil';
const db = () => server.built.deps.db;
const callsOf = (kind: Kind) => (kind === 'leaf' ? ep : farmersEp);
const request = (over: Record<string, unknown> = {}) => ({ page: 1, rowsPerPage: 20, search: '', sortBy: '', ascending: true, all: false, ...over });
interface Page { rows: PendingRow[]; total: number; estimated: boolean; firstKey: string | null; lastKey: string | null }
const list = async (kind: Kind, over: Record<string, unknown> = {}): Promise<Page> => {
  const r = await admin.call(callsOf(kind).pending, request(over));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Page;
};
/** The kind's Not Completed captures (refused ones are never listed). */
const pendingCaptures = (kind: Kind) => db().selectFrom('captures').select(['id', 'client_name', 'farm_name', 'captured_at', 'synced_at'])
  .where('kind', '=', kind).where('status', '=', 'NotCompleted').where('refused_reason', 'is', null).orderBy('id').execute();
const dayOf = (c: { captured_at: Date | null; synced_at: Date }) => (c.captured_at ?? c.synced_at).toISOString().slice(0, 10);
const lower = (s: string) => s.toLowerCase();

describe('the Prepare calls', () => {
  it.each(['leaf', 'soil'] as const)('%s: page like every list (a page of rows, the total, keys to seek from) and account for every entry once', async (kind) => {
    const captures = await pendingCaptures(kind);
    const groups = new Set(captures.map((c) => `${dayOf(c)}|${c.client_name}|${c.farm_name}`));
    const first = await list(kind);
    expect(first.rows).toHaveLength(Math.min(20, groups.size));
    expect(first).toMatchObject({ total: groups.size, estimated: false, firstKey: expect.any(String), lastKey: expect.any(String) });
    // Next from page to page (seeking from the anchor), as the table does: every group once, in the order of the whole list
    const seen: PendingRow[] = [...first.rows];
    let at = first;
    for (let page = 2; seen.length < first.total && page < 50; page++) {
      at = await list(kind, { page, anchor: { page: page - 1, first: at.firstKey, last: at.lastKey } });
      seen.push(...at.rows);
    }
    const all = (await list(kind, { all: true })).rows;
    expect(seen.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(all.flatMap((r) => r.dataIds).sort((a, b) => a - b)).toEqual(captures.map((c) => c.id));
    expect(all.every((r) => r.samples === r.dataIds.length)).toBe(true);
  });

  it.each(['leaf', 'soil'] as const)('%s: list the newest day first, then client and farm, each group once (the captures share one sync time)', async (kind) => {
    const all = (await list(kind, { all: true })).rows;
    expect(all.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.date))).toBe(true);
    const keys = all.map((r) => [r.date, lower(r.clientName), lower(r.farmName)] as const);
    for (let i = 1; i < keys.length; i++) {
      const [a, b] = [keys[i - 1], keys[i]];
      const inOrder = a[0] > b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])));
      expect(inOrder, `${a.join(' ')} before ${b.join(' ')}`).toBe(true);
    }
    const synced = new Set((await pendingCaptures(kind)).map((c) => c.synced_at.toISOString().slice(0, 16)));
    expect(synced.size).toBe(1);
  });

  it('searches the start of a client or farm name, in any case', async () => {
    const all = (await list('leaf', { all: true })).rows;
    const found = await list('leaf', { search: 'ORCH', all: true });
    expect(found.rows.length).toBeGreaterThan(0);
    expect(found.rows.length).toBe(all.filter((r) => lower(r.clientName).startsWith('orch') || lower(r.farmName).startsWith('orch')).length);
    expect(found.total).toBe(found.rows.length);
    const farm = all[0].farmName;
    expect((await list('leaf', { search: farm.slice(0, 4), all: true })).rows.some((r) => r.farmName === farm)).toBe(true);
    expect((await list('soil', { search: 'no such client' })).total).toBe(0);
  });

  it('sorts by day, client, farm, samples and latest entry, both ways', async () => {
    const sorted = async (sortBy: string, ascending: boolean) => (await list('leaf', { sortBy, ascending, all: true })).rows;
    const check = <T>(rows: PendingRow[], key: (r: PendingRow) => T, ascending: boolean) => {
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [key(rows[i - 1]), key(rows[i])];
        expect(ascending ? a <= b : a >= b, `${String(a)} then ${String(b)}`).toBe(true);
      }
    };
    for (const ascending of [true, false]) {
      check(await sorted('date', ascending), (r) => r.date, ascending);
      check(await sorted('clientName', ascending), (r) => lower(r.clientName), ascending);
      check(await sorted('farmName', ascending), (r) => lower(r.farmName), ascending);
      check(await sorted('samples', ascending), (r) => r.samples, ascending);
      check(await sorted('latest', ascending), (r) => new Date(r.latest).getTime(), ascending);
    }
    // a sort the list does not know is its default order
    expect((await sorted('dataIds', true)).map((r) => r.id)).toEqual((await list('leaf', { all: true })).rows.map((r) => r.id));
  });

  it('answers 400 naming the field for a bad page', async () => {
    const bad = await admin.call(ep.pending, request({ page: 0 }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('page');
  });
});

describe("the stand-in's captures, as npm start syncs them", () => {
  it.each(['leaf', 'soil'] as const)('%s: are taken as a lab gets them, several samples per farm per day, captured on or before their sync', async (kind) => {
    const captures = await db().selectFrom('captures').select(['captured_at', 'synced_at']).where('kind', '=', kind).where('refused_reason', 'is', null).where('capture_key', 'not like', 'hand-%').execute();
    expect(captures.length).toBeGreaterThan(0);
    const after = captures.filter((c) => c.captured_at === null || c.captured_at > c.synced_at);
    expect(after, 'captured after their sync').toEqual([]);
    const rows = (await list(kind, { all: true })).rows;
    const single = rows.filter((r) => r.samples === 1);
    expect(single.length, `${single.length} one-sample groups of ${rows.length}`).toBeLessThanOrEqual(rows.length / 10);
    const mean = rows.reduce((n, r) => n + r.samples, 0) / rows.length;
    expect(mean).toBeGreaterThanOrEqual(3);
  });

  it.each(['leaf', 'soil'] as const)('%s: name agents and agronomists of the reference lists, so Prepare fills them in', async (kind) => {
    const names = async (e: typeof apiFeatures.agents.index | typeof apiFeatures.agronomists.index) =>
      new Set(((await admin.call(e)).body as { name: string }[]).map((x) => x.name));
    const [agents, agronomists] = [await names(apiFeatures.agents.index), await names(apiFeatures.agronomists.index)];
    const captures = await db().selectFrom('captures').select(['agent', 'agronomist']).distinct()
      .where('kind', '=', kind).where('refused_reason', 'is', null).where('capture_key', 'not like', 'hand-%').execute();
    expect(captures.filter((c) => !agents.has(c.agent)).map((c) => c.agent)).toEqual([]);
    expect(captures.filter((c) => !agronomists.has(c.agronomist)).map((c) => c.agronomist)).toEqual([]);
    for (const group of (await list(kind)).rows.slice(0, 5)) {
      const data = (await admin.call(callsOf(kind).prepare, { testDataIds: group.dataIds })).body;
      expect(data.data.agentId, `agent of ${group.clientName} ${group.date}`).toBeGreaterThan(0);
      expect(data.data.agronomistId, `agronomist of ${group.clientName} ${group.date}`).toBeGreaterThan(0);
    }
  });
});
