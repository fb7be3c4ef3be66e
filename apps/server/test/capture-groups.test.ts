import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { type TestServer, startTestServer } from '../../../tests/support/server';

/**
 * The Prepare tab's groups (migration 0215, ADR 0105) are kept by triggers on captures, whoever writes them.
 * Whatever statements change captures — inserts, updates of state, refusal, day, client, farm or sync time,
 * deletes, a truncate —, the groups are exactly the Not Completed captures counted by kind, day, client and
 * farm, with the newest synced (a fixed seed in `npm test`; `PROPERTY_RUNS=200 PROPERTY_SEED=…` runs longer).
 * On the PostgreSQL server, two transactions changing one group at once leave it right whichever commits first.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 15);
const SEED = Number(process.env.PROPERTY_SEED ?? 20261126);

let server: TestServer;
const db = () => server.built.deps.db;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const CLIENTS = ['Orchard Co', 'orchard co', 'Kloof Citrus'];
const FARMS = ['Eastside', 'Kloof 2'];
const STATUSES = ['NotCompleted', 'Completed', 'Archived'] as const;
const day = (d: number, hour = 8) => new Date(Date.UTC(2026, 10, 10 + d, hour));

let made = 0;
interface NewCapture { kind: 'leaf' | 'soil'; d: number; hour: number; client: number; farm: number; status: number; refused: boolean; undated: boolean }
async function insert(rows: NewCapture[]) {
  if (rows.length === 0) return;
  await db().insertInto('captures').values(rows.map((r) => ({
    kind: r.kind, capture_key: `K-${++made}`, original: '{}', status: STATUSES[r.status], refused_reason: r.refused ? 'unknown crop' : null,
    client_name: CLIENTS[r.client], farm_name: FARMS[r.farm], captured_at: r.undated ? null : day(r.d, r.hour), synced_at: day(r.d + 1, r.hour),
  }))).execute();
}

/** The groups as the triggers keep them, and as the captures make them, each as sorted lines. */
async function groups() {
  const kept = await sql<{ line: string }>`select concat_ws('|', kind, day, client_name, farm_name, samples, latest) as line from capture_groups order by 1`.execute(db());
  const made = await sql<{ line: string }>`select concat_ws('|', kind, captured_day, client_name, farm_name, count(*), max(synced_at)) as line from captures
    where status = 'NotCompleted' and refused_reason is null group by kind, captured_day, client_name, farm_name order by 1`.execute(db());
  return { kept: kept.rows.map((r) => r.line), made: made.rows.map((r) => r.line) };
}

/** mostly Not Completed, mapped and dated captures of few groups, so that statements meet groups that have captures */
const newCapture = fc.record<NewCapture>({
  kind: fc.constantFrom('leaf', 'leaf', 'soil'), d: fc.integer({ min: 0, max: 2 }), hour: fc.integer({ min: 0, max: 23 }), client: fc.integer({ min: 0, max: 2 }),
  farm: fc.integer({ min: 0, max: 1 }), status: fc.constantFrom(0, 0, 0, 1, 2), refused: fc.constantFrom(false, false, false, true), undated: fc.constantFrom(false, false, true),
});
/** the captures a statement touches: those whose id leaves this remainder by this modulus */
const pick = fc.record({ m: fc.integer({ min: 1, max: 4 }), r: fc.integer({ min: 0, max: 3 }) });
const op = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('insert' as const), rows: fc.array(newCapture, { minLength: 1, maxLength: 8 }) }) },
  { weight: 4, arbitrary: fc.record({
    op: fc.constant('update' as const), pick,
    set: fc.oneof(
      fc.record({ status: fc.constantFrom(...STATUSES) }), fc.record({ client_name: fc.constantFrom(...CLIENTS) }), fc.record({ farm_name: fc.constantFrom(...FARMS) }),
      fc.record({ captured_at: fc.option(fc.integer({ min: 0, max: 3 }).map((d) => day(d))) }), fc.record({ refused_reason: fc.constantFrom(null, 'missing sample number') }),
      fc.record({ synced_at: fc.integer({ min: 0, max: 5 }).map((d) => day(d, 12)) }), fc.record({ block_number: fc.constantFrom('B1', 'B2') }),
    ),
  }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('truncate' as const) }) },
);

describe('the Prepare groups kept by triggers', () => {
  it('are the Not Completed captures by kind, day, client and farm after any statements on captures', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
      await sql`truncate captures restart identity cascade`.execute(db());
      for (const o of ops) {
        if (o.op === 'insert') await insert(o.rows);
        else if (o.op === 'truncate') await sql`truncate captures cascade`.execute(db());
        else {
          const which = sql<boolean>`id % ${o.pick.m} = ${o.pick.r % o.pick.m}`;
          if (o.op === 'delete') await db().deleteFrom('captures').where(which).execute();
          else await db().updateTable('captures').set(o.set).where(which).execute();
        }
        const { kept, made: expected } = await groups();
        expect(kept, JSON.stringify(o)).toEqual(expected);
      }
    }), { numRuns: RUNS, seed: SEED, endOnFailure: true });
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)('stay right when two transactions change one group at once, whichever commits first', async () => {
    /** A does its change and holds its transaction open; B does its own meanwhile (waiting on the group's row); then A commits */
    const concurrently = async (a: (trx: Db) => Promise<unknown>, b: (trx: Db) => Promise<unknown>) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => { release = resolve; });
      let started = () => {};
      const aDone = new Promise<void>((resolve) => { started = resolve; });
      const first = db().transaction().execute(async (trx) => { await a(trx); started(); await held; });
      await aDone;
      const second = db().transaction().execute(b).then(() => Date.now());
      await new Promise((r) => setTimeout(r, 300));
      const releasedAt = Date.now();
      release();
      const [, bDone] = await Promise.all([first, second]);
      // B waited for A's commit (the group's row lock), so it saw A's change
      expect(bDone).toBeGreaterThanOrEqual(releasedAt);
      const { kept, made: expected } = await groups();
      expect(kept).toEqual(expected);
      return kept;
    };
    await sql`truncate captures restart identity cascade`.execute(db());
    // a group of three, synced one after the other; A archives the newest, B the middle one: its newest entry is the oldest's
    await insert([0, 1, 2].map((h) => ({ kind: 'leaf', d: 1, hour: 8 + h, client: 0, farm: 0, status: 0, refused: false, undated: false })));
    const [c1, c2, c3] = await db().selectFrom('captures').select(['id', 'synced_at']).orderBy('id').execute();
    const archive = (id: number) => (trx: Db) => trx.updateTable('captures').set({ status: 'Archived' }).where('id', '=', id).execute();
    let kept = await concurrently(archive(c3.id), archive(c2.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toContain('|1|');
    expect((await db().selectFrom('capture_groups').select('latest').executeTakeFirstOrThrow()).latest).toEqual(c1.synced_at);
    // A adds a capture to the group, B archives the last one: the group keeps A's
    kept = await concurrently(
      (trx) => trx.insertInto('captures').values({ kind: 'leaf', capture_key: 'K-A', original: '{}', client_name: CLIENTS[0], farm_name: FARMS[0], captured_at: day(1, 12), synced_at: day(4) }).execute(),
      archive(c1.id),
    );
    expect(kept).toHaveLength(1);
    // both add to a group that does not exist yet
    const add = (key: string) => (trx: Db) => trx.insertInto('captures').values({ kind: 'soil', capture_key: key, original: '{}', client_name: CLIENTS[2], farm_name: FARMS[1], captured_at: day(2), synced_at: day(3) }).execute();
    kept = await concurrently(add('K-N1'), add('K-N2'));
    expect(kept.filter((l) => l.startsWith('soil|'))).toHaveLength(1);
    expect(kept.find((l) => l.startsWith('soil|'))).toContain('|2|');
  });
});
