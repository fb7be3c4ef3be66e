import { type RawBuilder, sql } from 'kysely';
import type { KeysetDeclaration, RowShape } from './declaration';
import { type ListOrder, orderBy } from './order';

/**
 * A list's rows from a key source (a relation of id, k and rn): as rows (bulk reads; timestamps as
 * milliseconds since 1970, see `withDates`) or as JSON built by PostgreSQL (pages: the answer is that
 * JSON as it stands, no row parsing, no date parsing, no serializing in the app).
 */

/** milliseconds since 1970 (a Date is made of it faster than of the timestamp's text) */
const epochMs = (ts: RawBuilder<unknown>) => sql`(extract(epoch from ${ts}) * 1000)::float8`;
const isoTime = (ts: RawBuilder<unknown>) => sql`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The full rows of a key source (bulk reads): `_rn` and `_k` (its position and order key), then every
 * column of the shape.
 */
export function detailsOf<F>(d: KeysetDeclaration<F>, source: RawBuilder<unknown>, shape: RowShape): RawBuilder<unknown> {
  const t = sql.raw(d.alias);
  const select = sql.join(shape.columns.map((c) => sql`${c.time ? epochMs(c.value) : c.value} as ${sql.ref(c.as)}`));
  return sql`
    with src as materialized (select s.id, s.k, s.rn from ${source} s)${shape.with ?? sql``}
    select src.rn as _rn, src.k as _k, ${select}
    from src
      join ${sql.table(d.table)} ${t} on ${t}.${sql.raw(d.id)} = src.id${shape.joins ?? sql``}${shape.lookups ?? sql``}`;
}

/** A page as JSON text, with the order keys and ids of its first and last rows (for the cursors). */
export interface JsonPage {
  rows: string;
  /** absent from a page of an order by the id (its key is the id: see `pageOf`) and from a page read in one pass (ADR 0256) */
  firstK?: string | null;
  firstId: number | null;
  lastK?: string | null;
  lastId: number | null;
}

/** A row of the shape as one JSON object (`time` columns written as JavaScript writes a Date). */
export function rowJson(shape: RowShape): RawBuilder<unknown> {
  return sql`json_build_object(${sql.join(shape.columns.map((c) => sql`${sql.lit(c.as)}, ${c.time ? isoTime(c.value) : c.value}`))})`;
}

/**
 * One row: the page as one JSON array and the keys and ids of its first and last rows, aggregated from a
 * relation of id, sk (the order key) and j (the row's JSON) that yields the page's rows in list order. The
 * aggregates take their rows in the order the sorted subquery gives them, as PostgreSQL does for an aggregate
 * over one ordered subquery (no join or grouping to reorder them): an `order by` in each aggregate would sort
 * the page once per aggregate (measured: 5 sorts were a third of the page's cost in the database, ADR 0094).
 * The array of ids is built once and read at both ends.
 *
 * The keys are the page's least and greatest (the order's first column is its key, so the first row has the one
 * and the last row the other), each written as text once: an array of every row's key as text cost PostgreSQL
 * about 0.015 ms a 50-row page over a bare server's statement (measured on /leafs). Nulls sort last ascending
 * and first descending, so the end where they sort is null when one is there, as that row's key is. `ends`
 * null: an order by the id alone, whose key the caller writes from the id: no key is read.
 */
function pageOf(rows: RawBuilder<unknown>, ends: KeyEnds | null, also = sql``): RawBuilder<JsonPage> {
  let keys = { first: sql``, last: sql`` };
  if (ends) {
    const sk = ends.collateC ? sql`d.sk collate "C"` : sql`d.sk`;
    const least = sql`(min(${sk}))::text`;
    const greatest = sql`(case when count(d.sk) < count(*) then null else max(${sk}) end)::text`;
    const [first, last] = ends.desc ? [greatest, least] : [least, greatest];
    keys = { first: sql`${first} as "firstK", `, last: sql`${last} as "lastK", ` };
  }
  return sql<JsonPage>`select ${also}coalesce(json_agg(d.j), '[]')::text as rows,
      ${keys.first}(array_agg(d.id))[1] as "firstId",
      ${keys.last}(array_agg(d.id))[count(*)] as "lastId"
    from (${rows}) d`;
}

/** How a page's keys are read at its ends (`pageOf`): the order's direction, and whether it compares text in "C". */
interface KeyEnds {
  desc: boolean;
  collateC: boolean;
}

/** The ends of an order's pages read over `src` (sorted as orderByMatched sorts), or null in an order by the id alone (no key read). */
function endsOf(order: ListOrder): KeyEnds | null {
  return order.byId ? null : { desc: order.keyDesc, collateC: order.kind === 'text' };
}

/**
 * A page read in one pass (one index scan, no second look-up of each row): the matches in list order,
 * the first `limit`, each built as JSON as it is read. Only without an offset (rows skipped by an offset
 * would be built too) and for a shape without joins or common table expressions (they would join the
 * list's scan and could change its plan); its lookups (declaration.ts) are joined to the scan, memoized.
 */
export function onePassPage<F>(d: KeysetDeclaration<F>, json: RawBuilder<unknown>, where: RawBuilder<unknown>, order: ListOrder, limit: RawBuilder<unknown>, idsInRows: boolean): RawBuilder<JsonPage | { rows: string }> {
  const t = sql.raw(d.alias);
  const from = sql`from ${sql.table(d.table)} ${t}${d.rows.page.lookups ?? sql``} where ${where} order by ${orderBy(order)} limit ${limit}`;
  // rows that start with their id: the JSON alone, its end ids read from it (row-ends.ts, ADR 0257)
  if (idsInRows) return sql<{ rows: string }>`select coalesce(json_agg(d.j), '[]')::text as rows from (select ${json} as j ${from}) d`;
  // no key is read (its cursors carry the ids alone: the next seek reads its row's key, ADR 0256)
  return pageOf(sql`select ${t}.${sql.raw(d.id)} as id, ${json} as j ${from}`, null);
}

/**
 * A page from its keys: `keys` reads the page's id and sk (its order key) in any order, limited to the page;
 * they are kept as `src` (a shape's common table expressions read it), their rows joined, built as JSON
 * and put in list order (`by`, over `src`). `before`: common table expressions ahead of `src`, each
 * followed by a comma; `also`: columns ahead of the page's, each followed by a comma; `order`: the list's
 * order, whose keys are read at the page's ends (without it no key is read: see `pageOf`).
 */
export function keyedPage<F>(d: KeysetDeclaration<F>, json: RawBuilder<unknown>, keys: RawBuilder<unknown>, by: RawBuilder<unknown>, o: { before?: RawBuilder<unknown>; also?: RawBuilder<unknown>; order?: ListOrder } = {}): RawBuilder<JsonPage> {
  const t = sql.raw(d.alias);
  const shape = d.rows.page;
  const ends = o.order ? endsOf(o.order) : null;
  return sql<JsonPage>`with ${o.before ?? sql``}src as materialized (${keys})${shape.with ?? sql``}
    ${pageOf(sql`select src.id, ${ends ? sql`src.sk, ` : sql``}${json} as j
      from src join ${sql.table(d.table)} ${t} on ${t}.${sql.raw(d.id)} = src.id${shape.joins ?? sql``}${shape.lookups ?? sql``}
      order by ${by}`, ends, o.also)}`;
}

/** Whether a page of the shape may be read in one pass (see onePassPage): lookups do not prevent it. */
export const onePass = (shape: RowShape): boolean => !shape.with && !shape.joins;

/** A key source of these ids, numbered in the order given (no order key). */
export function idsInOrder(ids: number[]): RawBuilder<unknown> {
  return sql`(select x.id, null::text as k, x.rn from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as x(id, rn))`;
}

/** A bulk row's timestamps (milliseconds since 1970) as Dates. */
export function withDates<F, R>(decl: KeysetDeclaration<F>, row: Record<string, unknown>): R {
  const out: Record<string, unknown> = { ...row };
  for (const c of decl.rows.bulk.columns) if (c.time) out[c.as] = out[c.as] === null ? null : new Date(out[c.as] as number);
  return out as R;
}
