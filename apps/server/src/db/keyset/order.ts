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
  /** the key of the list's row of this id, as a scalar subquery: a seek from a cursor that carries the id alone */
  keyOfRow: (id: RawBuilder<unknown>) => RawBuilder<unknown>;
}

/**
 * The key of the row of an id, read where a seek needs it: the key expression over the table under the list's own
 * alias (a subquery's alias hides the outer one, so the expression reads the row looked up).
 */
function keyOfRowIn<F>(d: KeysetDeclaration<F>, key: RawBuilder<unknown>): ListOrder['keyOfRow'] {
  return (id) => sql`(select ${key} from ${sql.table(d.table)} ${sql.raw(d.alias)} where ${columnOf(d, d.id)} = ${id})`;
}

/** A column of the declared table, as its alias writes it (names are checked by the declaration). */
export const columnOf = (d: Pick<KeysetDeclaration<unknown>, 'alias'>, column: string): RawBuilder<unknown> => sql.raw(`${d.alias}.${column}`);

/** The order a request asks for: a whitelisted sort (ties by id in the same direction), or the default. */
export function orderOf<F>(d: KeysetDeclaration<F>, sortBy: string, ascending: boolean): ListOrder {
  const id = columnOf(d, d.id);
  const s = Object.hasOwn(d.sorts, sortBy) ? d.sorts[sortBy] : undefined;
  if (!s) {
    const desc = d.defaultSort.desc;
    const key = columnOf(d, d.defaultSort.column);
    return { name: 'default', key, id, kind: d.defaultSort.kind, keyDesc: desc, idDesc: desc, byId: d.defaultSort.column === d.id, keyOfRow: keyOfRowIn(d, key) };
  }
  const key = s.key ?? columnOf(d, s.column);
  return { name: `${sortBy}:${ascending ? 'a' : 'd'}`, key, id, kind: s.kind, keyDesc: !ascending, idDesc: !ascending, keyOfRow: keyOfRowIn(d, key) };
}

/** A fixed order of a list (e.g. a grouped list): a key column and the directions of key and id. */
export function fixedOrder<F>(d: KeysetDeclaration<F>, o: { name: string; column: string; kind: KeyKind; keyDesc: boolean; idDesc: boolean }): ListOrder {
  const key = columnOf(d, o.column);
  return { name: o.name, key, id: columnOf(d, d.id), kind: o.kind, keyDesc: o.keyDesc, idDesc: o.idDesc, keyOfRow: keyOfRowIn(d, key) };
}

/** A seek's key: the cursor's value, or (null: a cursor of the id alone) the key of that row, read by the statement. */
function keyValue(o: ListOrder, v: string | null, id: number): RawBuilder<unknown> {
  const kind = o.kind;
  if (v === null) return o.keyOfRow(sql`${id}::int`);
  if (kind === 'int') return sql`${Number(v)}::int`;
  if (kind === 'num') return sql`${Number(v)}::double precision`;
  if (kind === 'time') return sql`${v}::timestamptz`;
  if (kind === 'plain') return sql`${v}::text`;
  return sql`(${v} collate "C")`;
}

/**
 * Rows strictly after (forward) or before (backward) the key (v, id) in the given order, or from it
 * on (`inclusive`, forward: the row itself first). The first clause bounds the index range; the second
 * breaks ties on id. `v` null: the key is the row's own, read by the statement (a cursor of the id alone,
 * ADR 0256); a row no longer there gives no rows (the caller reads the page another way). An order by the id alone compares the id once: PostgreSQL's generic plan of a
 * prepared page estimates one comparison as it does a value's, where the three of the general form
 * made it cost the generic plan far above the page's own and plan the statement again on every call.
 */
export function seek(o: ListOrder, v: string | null, id: number, forward: boolean, inclusive = false): RawBuilder<unknown> {
  const keyDesc = forward ? o.keyDesc : !o.keyDesc;
  const idDesc = forward ? o.idDesc : !o.idDesc;
  if (o.byId) return sql`${o.id} ${comparison(idDesc, !inclusive)} ${id}`;
  const val = keyValue(o, v, id);
  return sql`(${o.key} ${comparison(keyDesc, false)} ${val} and (${o.key} ${comparison(keyDesc, true)} ${keyValue(o, v, id)} or ${o.id} ${comparison(idDesc, !inclusive)} ${id}))`;
}

const comparison = (desc: boolean, strict: boolean) => sql.raw(desc ? (strict ? '<' : '<=') : strict ? '>' : '>=');

/**
 * The parameters `seek` writes, in their order: the key's value (twice) and the id; the id alone in an order by id;
 * the id three times in a seek from a cursor of the id alone (its row's key is looked up by it).
 */
export function seekValues(o: ListOrder, v: string | null, id: number): unknown[] {
  if (o.byId) return [id];
  if (v === null) return [id, id, id];
  const key = o.kind === 'int' || o.kind === 'num' ? Number(v) : v;
  return [key, key, id];
}

export function orderBy(o: ListOrder, forward = true): RawBuilder<unknown> {
  const dir = (desc: boolean) => sql.raw((forward ? desc : !desc) ? 'desc' : 'asc');
  return sql`${o.key} ${dir(o.keyDesc)}, ${o.id} ${dir(o.idDesc)}`;
}

/** The same order over a relation of keys (`m`, the materialized match set, by default) with columns id and sk (the key). */
export function orderByMatched(o: ListOrder, forward = true, alias = 'm'): RawBuilder<unknown> {
  const dir = (desc: boolean) => sql.raw((forward ? desc : !desc) ? 'desc' : 'asc');
  const [sk, id] = [sql.raw(`${alias}.sk`), sql.raw(`${alias}.id`)];
  const key = o.kind === 'text' ? sql`${sk} collate "C"` : sk;
  return sql`${key} ${dir(o.keyDesc)}, ${id} ${dir(o.idDesc)}`;
}

/**
 * A row's position in an order, as an opaque string the client sends back with the next page: its key and id, or
 * its id alone (k null: a page read without its keys, whose seek reads the row's key then; ADR 0256).
 */
export function encodeCursor(o: ListOrder, k: string | null, id: number): string {
  // the text JSON.stringify([name, k, id]) writes, without building the array on every page (two cursors a page)
  return Buffer.from(`[${nameJson(o.name)},${k === null ? 'null' : JSON.stringify(k)},${id}]`).toString('base64url');
}

/** Orders' names as JSON, each written once (the names are the declared sorts' and fixed orders': few). */
const namesJson = new Map<string, string>();
function nameJson(name: string): string {
  let json = namesJson.get(name);
  if (json === undefined) {
    json = JSON.stringify(name);
    if (namesJson.size >= 1000) namesJson.clear();
    namesJson.set(name, json);
  }
  return json;
}

export function decodeCursor(o: ListOrder, cursor: string): { k: string | null; id: number } | null {
  try {
    const [name, k, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (name !== o.name || !(typeof k === 'string' || (k === null && !o.byId)) || !isRowId(id)) return null;
    return k === null || keyFits(o.kind, k) ? { k, id } : null;
  } catch {
    return null;
  }
}

/** An id PostgreSQL's integer holds: a cursor written by hand with any other is no cursor (never a 500). */
const isRowId = (id: unknown): id is number => typeof id === 'number' && Number.isInteger(id) && id >= -2_147_483_648 && id <= 2_147_483_647;

const TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?$/;

/**
 * Whether a cursor's key is a value of the order's kind that PostgreSQL takes: an integer in range, a finite
 * number, a real day and time of day with an offset PostgreSQL accepts, any text without NUL.
 */
function keyFits(kind: KeyKind, k: string): boolean {
  if (k.includes('\u0000')) return false;
  if (kind === 'int') return /^-?\d{1,10}$/.test(k) && isRowId(Number(k));
  if (kind === 'num') return /^-?\d+(\.\d+)?(e[-+]?\d+)?$/.test(k) && Number.isFinite(Number(k));
  if (kind !== 'time') return true;
  const t = TIME.exec(k);
  if (!t) return false;
  const [year, month, day, hour, minute, second, offHours, offMinutes, offSeconds] = t.slice(1).map((x) => Number(x ?? 0));
  const date = new Date(Date.UTC(year, month - 1, day));
  const realDay = year >= 1 && month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return realDay && hour <= 23 && minute <= 59 && second <= 59 && offHours <= 15 && offMinutes <= 59 && offSeconds <= 59;
}
