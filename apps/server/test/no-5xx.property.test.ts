import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EndpointDef, allEndpoints } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';
import { arbitraryOf } from '../../../tests/support/zod-arbitrary';
import type { Db } from '../src/db/database';

/**
 * No input of any shape yields a 5xx, a refused request (4xx) changes nothing, and an endpoint declared to
 * store nothing (`writes: 'nothing'`, or a GET declaring no writes) changes nothing whatever it answers:
 * inputs are derived from every declared endpoint's input schema (see tests/support/zod-arbitrary.ts), sent by
 * an administrator (public endpoints: by an anonymous caller) to the app on a database with demo data. Every
 * answer is also checked against the OpenAPI document (status and body, tests/support/openapi-answers.ts).
 *
 * A fixed seed and 50 inputs per endpoint in `npm test`; `PROPERTY_RUNS=1000 PROPERTY_SEED=…` runs longer.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 50);
const SEED = Number(process.env.PROPERTY_SEED ?? 20261123);

/** Tables a refused request may still write: who is signed in, the audit of refusals, attempt counts. */
const MAY_CHANGE_ON_REFUSAL = /^(sessions|audit_log|auth_attempts|.*_attempts)$/;

let server: TestServer;
let db: Db;
let admin: ApiClient;
let tables: string[] = [];

beforeAll(async () => {
  // no scheduled polls or syncs: their writes, in the middle of a call, are not the call's
  server = await startTestServer({ SEED_DEMO: 'true', AUTH_RATE_LIMIT: '100000', LAB_POLL_INTERVAL_MINUTES: '0', CAPTURE_SYNC_INTERVAL_MINUTES: '0' });
  db = server.built.deps.db;
  admin = await signedIn(server.url, ADMIN);
  const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db);
  tables = rows.rows.map((r) => r.name).filter((t) => !MAY_CHANGE_ON_REFUSAL.test(t) && !t.startsWith('kysely_'));
  // a row written to any of them advances a sequence (not rolled back with its transaction): while it stands
  // still, nothing was written and the tables need no hashing
  await sql`create sequence test_writes_seq`.execute(db);
  await sql`create function test_count_write() returns trigger language plpgsql as $$ begin perform nextval('test_writes_seq'); return null; end $$`.execute(db);
  for (const t of tables) await sql`create trigger test_count_write after insert or update or delete on ${sql.table(t)} for each row execute function test_count_write()`.execute(db);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** One hash of every row of every table a refusal must leave alone. */
async function hashAll(): Promise<string> {
  const parts = tables.map((t) => sql`select ${t} as t, md5(coalesce(string_agg(md5(x::text), ',' order by md5(x::text)), '')) as h from ${sql.table(t)} x`);
  const r = await sql<{ t: string; h: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return r.rows.map((x) => `${x.t}:${x.h}`).join(';');
}

const writesSoFar = async () => String((await sql<{ n: string }>`select last_value::text || is_called::text as n from test_writes_seq`.execute(db)).rows[0].n);
/** The last hash, and the count of writes it was taken at. */
let last: { writes: string; hash: string } | null = null;

/** The tables' hash: the last one again while no row was written since, else hashed anew. */
async function fingerprint(): Promise<string> {
  const writes = await writesSoFar();
  if (last?.writes !== writes) last = { writes, hash: await hashAll() };
  return last.hash;
}

/** Jobs an earlier call started (reports, syncs) write as they run: lets them finish first (30 s at most). */
async function jobsSettled(): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const r = await sql<{ n: string }>`select count(*)::text as n from background_jobs where status in ('queued', 'running')`.execute(db);
    if (r.rows[0].n === '0') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function caller(ep: EndpointDef): Promise<ApiClient> {
  if ('public' in ep.access) return new ApiClient(server.url);
  // a previous input may have ended the session (the demo data has no other way in): sign in again
  const probe = await admin.call(allEndpoints.find((e) => e.path === '/api/settings/get')!, {});
  if (probe.status === 401) admin = await signedIn(server.url, ADMIN);
  return admin;
}

describe('no input yields a 5xx, and a refused one changes nothing', () => {
  it('the fingerprint sees a change', async () => {
    const before = await fingerprint();
    await sql`insert into tissues (name) values ('fingerprint check')`.execute(db);
    const after = await fingerprint();
    await sql`delete from tissues where name = 'fingerprint check'`.execute(db);
    expect(after).not.toBe(before);
    expect(await fingerprint()).toBe(before);
  });

  it.each(allEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (_name, ep) => {
    const client = await caller(ep);
    const storesNothing = ep.writes === 'nothing' || (ep.method === 'GET' && ep.writes === undefined);
    await fc.assert(
      fc.asyncProperty(arbitraryOf(ep.input), async (input) => {
        // a job the last input started (a sync, a report) writes as it runs
        await jobsSettled();
        const before = await fingerprint();
        const r = await client.call(ep, input as Record<string, unknown>);
        if (r.status >= 500) throw new Error(`${r.status} for ${JSON.stringify(input)}: ${JSON.stringify(r.body).slice(0, 300)}`);
        const refused = r.status >= 400 && r.status !== 401;
        if (refused || storesNothing) {
          const after = await fingerprint();
          if (after !== before) {
            const changed = after.split(';').filter((t) => !before.split(';').includes(t)).map((t) => t.split(':')[0]);
            throw new Error(`${r.status} for ${JSON.stringify(input)} changed ${changed.join(', ')}${refused ? '' : ", but the endpoint is declared to store nothing (writes: 'nothing')"}`);
          }
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 120_000);
});
