import { sql } from 'kysely';
import { type EndpointDef, allEndpoints } from '@sapwood/contracts';
import type { Db } from '../src/db/database';
import type { ApiClient } from '../../../tests/support/api-client';
import type { CarbohydrateReference } from '../../../tests/support/carbohydrate-fixtures';
import type { World } from './submission-results.fixtures';

/**
 * The table of stale-first.test.ts: per endpoint declaring `writes: { version }`, how to make a stored record,
 * move its version on (another user's save) and build a save from the version read before, with values that
 * break a rule the service judges after the schema (or, where the service has none, valid ones: `breaks.none`
 * says why).
 */
export interface StaleCase<S> {
  /** the service rule the stale save's values break, or why there is none beyond the schema */
  breaks: string | { none: string };
  /** a stored record: what the saves need, and the version read */
  stored(c: Ctx): Promise<{ s: S; read: number }>;
  /** another user's save from the version read: answers the stored version after it */
  moveOn(c: Ctx, s: S, read: number): Promise<number>;
  /** the save from version `v`, with the values of `breaks` */
  save(s: S, v: number): unknown;
}

export type AnyStaleCase = StaleCase<unknown>;

/** A table entry, its stored record's type checked where it is written. */
export const staleCase = <S>(c: StaleCase<S>): AnyStaleCase => c as unknown as AnyStaleCase;

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** What the table's entries share: the world (a server with the labs' stand-ins), its database, an administrator. */
export interface Ctx {
  w: World;
  db: Db;
  admin: ApiClient;
  /** the endpoint at `path` called as the administrator (a multipart endpoint as a form, as its dialog posts it) */
  post(path: string, input: unknown): Promise<Answer>;
  /** `post`, expecting 200: the answer's body */
  ok<T = any>(path: string, input: unknown): Promise<T>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** a name no other entry uses */
  unique(prefix: string): string;
  /** a row's stored version */
  version(table: string, id: number): Promise<number>;
  /** a row's version moved on in the database, where no call moves it without more of the world (a refused lab order) */
  bump(table: string, id: number): Promise<number>;
  /** carbohydrate reference data of the lab's entries, and another crop's (a region not of the first crop) */
  ref: CarbohydrateReference;
  other: CarbohydrateReference;
}

export function endpointAt(path: string): EndpointDef {
  const ep = allEndpoints.find((e) => e.path === path);
  if (!ep) throw new Error(`no endpoint at ${path}`);
  return ep;
}

async function postForm(w: World, client: ApiClient, path: string, input: Record<string, unknown>): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(input)) if (v !== undefined) form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  const res = await fetch(w.server.url + path, { method: 'POST', body: form, headers: client.cookie ? { cookie: client.cookie } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export function makeCtx(w: World, admin: ApiClient, ref: CarbohydrateReference, other: CarbohydrateReference): Ctx {
  let n = 0;
  const db = w.server.built.deps.db;
  const post = (path: string, input: unknown): Promise<Answer> => {
    const ep = endpointAt(path);
    return ep.multipart ? postForm(w, admin, path, input as Record<string, unknown>) : admin.call(ep, input as Record<string, unknown>);
  };
  return {
    w, db, admin, post, ref, other,
    async ok(path, input) {
      const r = await post(path, input);
      if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
      return r.body;
    },
    unique: (prefix) => `${prefix}-${++n}`,
    async version(table, id) {
      const r = await sql<{ v: number }>`select row_version as v from ${sql.table(table)} where id = ${id}`.execute(db);
      if (!r.rows[0]) throw new Error(`no ${table} ${id}`);
      return r.rows[0].v;
    },
    async bump(table, id) {
      await sql`update ${sql.table(table)} set row_version = row_version + 1 where id = ${id}`.execute(db);
      return this.version(table, id);
    },
  };
}
