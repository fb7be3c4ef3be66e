import { type RawBuilder, sql } from 'kysely';
import type { KeyKind, KeysetDeclaration } from './declaration';

/** An order of a list: a key plus the id, each ascending or descending (a keyset). */
export interface ListOrder {
  /** the order's name, part of every cursor so that a cursor of another order is never used */
  name: string;
  key: RawBuilder<unknown>;
  /** the list's id column (ties) */
  id: RawBuilder<unknown>;
  kind: KeyKind;
  keyDesc: boolean;
  idDesc: boolean;
  /** the key is the id itself (a list's default order by id): a seek is one comparison of the id */
  byId?: boolean;
}

/** A column of the declared table, as its alias writes it (names are checked by the declaration). */
export const columnOf = (d: Pick<KeysetDeclaration<unknown>, 'alias'>, column: string): RawBuilder<unknown> => sql.raw(`${d.alias}.${column}`);

/** The order a request asks for: a whitelisted sort (ties by id in the same direction), or the default. */
export function orderOf<F>(d: KeysetDeclaration<F>, sortBy: string, ascending: boolean): ListOrder {
  const id = columnOf(d, d.id);
  const s = Object.hasOwn(d.sorts, sortBy) ? d.sorts[sortBy] : undefined;
  if (!s) {
    const desc = d.defaultSort.desc;
    return { name: 'default', key: columnOf(d, d.defaultSort.column), id, kind: d.defaultSort.kind, keyDesc: desc, idDesc: desc, byId: d.defaultSort.column === d.id };
  }
  const key = s.key ?? columnOf(d, s.column);
  return { name: `${sortBy}:${ascending ? 'a' : 'd'}`, key, id, kind: s.kind, keyDesc: !ascending, idDesc: !ascending };
}

/** A fixed order of a list (e.g. a grouped list): a key column and the directions of key and id. */
export function fixedOrder<F>(d: KeysetDeclaration<F>, o: { name: string; column: string; kind: KeyKind; keyDesc: boolean; idDesc: boolean }): ListOrder {
  return { name: o.name, key: columnOf(d, o.column), id: columnOf(d, d.id), kind: o.kind, keyDesc: o.keyDesc, idDesc: o.idDesc };
}

function keyValue(kind: KeyKind, v: string): RawBuilder<unknown> {
  if (kind === 'int') return sql`${Number(v)}::int`;
  if (kind === 'num') return sql`${Number(v)}::double precision`;
  if (kind === 'time') return sql`${v}::timestamptz`;
  if (kind === 'plain') return sql`${v}::text`;
  return sql`(${v} collate "C")`;
}

/**
 * Rows strictly after (forward) or before (backward) the key (v, id) in the given order, or from it
 * on (`inclusive`, forward: the row itself first). The first clause bounds the index range; the second
 * breaks ties on id. An order by the id alone compares the id once: PostgreSQL's generic plan of a
 * prepared page estimates one comparison as it does a value's, where the three of the general form
 * made it cost the generic plan far above the page's own and plan the statement again on every call.
 */
export function seek(o: ListOrder, v: string, id: number, forward: boolean, inclusive = false): RawBuilder<unknown> {
  const keyDesc = forward ? o.keyDesc : !o.keyDesc;
  const idDesc = forward ? o.idDesc : !o.idDesc;
  if (o.byId) return sql`${o.id} ${comparison(idDesc, !inclusive)} ${id}`;
  const val = keyValue(o.kind, v);
  return sql`(${o.key} ${comparison(keyDesc, false)} ${val} and (${o.key} ${comparison(keyDesc, true)} ${val} or ${o.id} ${comparison(idDesc, !inclusive)} ${id}))`;
}

const comparison = (desc: boolean, strict: boolean) => sql.raw(desc ? (strict ? '<' : '<=') : strict ? '>' : '>=');

/** The parameters `seek` writes, in their order: the key's value (twice) and the id; the id alone in an order by id. */
export function seekValues(o: ListOrder, v: string, id: number): unknown[] {
  if (o.byId) return [id];
  const key = o.kind === 'int' || o.kind === 'num' ? Number(v) : v;
  return [key, key, id];
}

export function orderBy(o: ListOrder, forward = true): RawBuilder<unknown> {
  const dir = (desc: boolean) => sql.raw((forward ? desc : !desc) ? 'desc' : 'asc');
  return sql`${o.key} ${dir(o.keyDesc)}, ${o.id} ${dir(o.idDesc)}`;
}

/** The same order over a relation of keys (`m`, the materialized match set, by default) with columns id and sk (the key). */
export function orderByMatched(o: ListOrder, forward = true, alias: 'm' | 'src' = 'm'): RawBuilder<unknown> {
  const dir = (desc: boolean) => sql.raw((forward ? desc : !desc) ? 'desc' : 'asc');
  const [sk, id] = [sql.raw(`${alias}.sk`), sql.raw(`${alias}.id`)];
  const key = o.kind === 'text' ? sql`${sk} collate "C"` : sk;
  return sql`${key} ${dir(o.keyDesc)}, ${id} ${dir(o.idDesc)}`;
}

/** A row's position in an order, as an opaque string the client sends back with the next page. */
export function encodeCursor(o: ListOrder, k: string, id: number): string {
  return Buffer.from(JSON.stringify([o.name, k, id])).toString('base64url');
}

export function decodeCursor(o: ListOrder, cursor: string): { k: string; id: number } | null {
  try {
    const [name, k, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (name !== o.name || typeof k !== 'string' || typeof id !== 'number' || !Number.isInteger(id)) return null;
    if (o.kind === 'int' && !/^-?\d+$/.test(k)) return null;
    if (o.kind === 'num' && !/^-?\d+(\.\d+)?(e[-+]?\d+)?$/.test(k)) return null;
    if (o.kind === 'time' && !/^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2}){0,2}|Z)?$/.test(k)) return null;
    return { k, id };
  } catch {
    return null;
  }
}
