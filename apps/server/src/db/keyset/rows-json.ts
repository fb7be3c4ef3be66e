import { type RawBuilder, sql } from 'kysely';
import type { KeysetDeclaration, RowShape } from './declaration';

/**
 * A list's rows from a key source (a relation of id, k and rn): as rows (bulk reads; timestamps as
 * milliseconds since 1970, see `withDates`) or as JSON built by PostgreSQL (pages: the answer is that
 * JSON as it stands, no row parsing, no date parsing, no serializing in the app).
 */

/** milliseconds since 1970 (a Date is made of it faster than of the timestamp's text) */
const epochMs = (ts: RawBuilder<unknown>) => sql`(extract(epoch from ${ts}) * 1000)::float8`;
const isoTime = (ts: RawBuilder<unknown>) => sql`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The full rows of a key source: `_rn` and `_k` (its position and order key), then either every column
 * of the shape (`rows`) or `id` and the row as a JSON object `j` (`json`).
 */
export function detailsOf<F>(d: KeysetDeclaration<F>, source: RawBuilder<unknown>, shape: RowShape, as: 'rows' | 'json'): RawBuilder<unknown> {
  const t = sql.raw(d.alias);
  const select = as === 'rows'
    ? sql.join(shape.columns.map((c) => sql`${c.time ? epochMs(c.value) : c.value} as ${sql.ref(c.as)}`))
    : sql`${t}.${sql.raw(d.id)} as id, json_build_object(${sql.join(shape.columns.map((c) => sql`${sql.lit(c.as)}, ${c.time ? isoTime(c.value) : c.value}`))}) as j`;
  return sql`
    with src as materialized (select s.id, s.k, s.rn from ${source} s)${shape.with ?? sql``}
    select src.rn as _rn, src.k as _k, ${select}
    from src
      join ${sql.table(d.table)} ${t} on ${t}.${sql.raw(d.id)} = src.id${shape.joins ?? sql``}`;
}

/** A page as JSON text, with the order keys and ids of its first and last rows (for the cursors). */
export interface JsonPage {
  rows: string;
  firstK: string | null;
  firstId: number | null;
  lastK: string | null;
  lastId: number | null;
}

/** The rows of a details relation `d` as one JSON array, in `rn` order. */
const ROWS_JSON = sql`coalesce(json_agg(d.j order by d._rn), '[]')::text`;

/** One row: the page rows of a key source as one JSON array in `rn` order, and the keys of its first and last rows. */
export function jsonPageOf<F>(decl: KeysetDeclaration<F>, source: RawBuilder<unknown>): RawBuilder<JsonPage> {
  return sql<JsonPage>`select ${ROWS_JSON} as rows,
      (array_agg(d._k order by d._rn))[1] as "firstK", (array_agg(d.id order by d._rn))[1] as "firstId",
      (array_agg(d._k order by d._rn desc))[1] as "lastK", (array_agg(d.id order by d._rn desc))[1] as "lastId"
    from (${detailsOf(decl, source, decl.rows.page, 'json')}) d`;
}

/** A key source of these ids, numbered in the order given (no order key). */
export function idsInOrder(ids: number[]): RawBuilder<unknown> {
  return sql`(select x.id, null::text as k, x.rn from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as x(id, rn))`;
}

/** The page rows of these ids as one JSON array, in the order given. */
export function jsonRowsOf<F>(decl: KeysetDeclaration<F>, ids: number[]): RawBuilder<{ rows: string }> {
  return sql<{ rows: string }>`select ${ROWS_JSON} as rows from (${detailsOf(decl, idsInOrder(ids), decl.rows.page, 'json')}) d`;
}

/** A bulk row's timestamps (milliseconds since 1970) as Dates. */
export function withDates<F, R>(decl: KeysetDeclaration<F>, row: Record<string, unknown>): R {
  const out: Record<string, unknown> = { ...row };
  for (const c of decl.rows.bulk.columns) if (c.time) out[c.as] = out[c.as] === null ? null : new Date(out[c.as] as number);
  return out as R;
}
