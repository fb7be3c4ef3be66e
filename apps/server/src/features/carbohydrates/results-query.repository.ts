import { type RawBuilder, sql } from 'kysely';
import type { CarbohydrateFilter } from '@sapwood/contracts';

/**
 * The SQL pieces of the result lists: which rows (filters and search) and in which order (a keyset:
 * a key column plus id, each served by one partial index of migration 0070).
 */

/** text: lower-cased in the "C" collation; plain: text in the default collation (the location key) */
export type KeyKind = 'text' | 'plain' | 'time' | 'int';
export interface ListOrder {
  /** the order's name, part of every cursor so that a cursor of another order is never used */
  name: string;
  key: RawBuilder<unknown>;
  kind: KeyKind;
  keyDesc: boolean;
  idDesc: boolean;
}

/** The stored, lower-cased "C"-collation copy of a text column (migration 0110). */
type TextKey = 'sample_key' | 'entity_key' | 'farm_key' | 'block_key';
const textKey = (col: TextKey) => sql.ref(`e.${col}`);
const SEARCHED: TextKey[] = ['sample_key', 'entity_key', 'farm_key', 'block_key'];

const ORDERS: Record<string, { key: RawBuilder<unknown>; kind: KeyKind }> = {
  sampleNumber: { key: sql`${textKey('sample_key')}`, kind: 'text' },
  entity: { key: sql`${textKey('entity_key')}`, kind: 'text' },
  farmName: { key: sql`${textKey('farm_key')}`, kind: 'text' },
  fieldBlockNumber: { key: sql`${textKey('block_key')}`, kind: 'text' },
  completedOn: { key: sql`e.result_on`, kind: 'time' },
  createdOn: { key: sql`e.id`, kind: 'int' },
};

/** The results tab: a whitelisted column, or newest entry first. */
export function resultsOrder(sortBy: string, ascending: boolean): ListOrder {
  const o = ORDERS[sortBy];
  if (!o) return { name: 'default', key: sql`e.id`, kind: 'int', keyDesc: true, idDesc: true };
  return { name: `${sortBy}:${ascending ? 'a' : 'd'}`, ...o, keyDesc: !ascending, idDesc: !ascending };
}

/** The grouped tab: newest location group first (merged groups before the rest), entries in entry order. */
export const GROUPED_ORDER: ListOrder = { name: 'group', key: sql`e.location_key`, kind: 'plain', keyDesc: true, idDesc: false };

/**
 * The first string after every string that starts with `prefix`, in code point order (the "C"
 * collation's byte order of UTF-8), or null when there is none.
 */
export function prefixEnd(prefix: string): string | null {
  const cps = Array.from(prefix, (c) => c.codePointAt(0) ?? 0);
  while (cps.length > 0) {
    const last = (cps.pop() ?? 0) + 1;
    if (last <= 0x10ffff) {
      cps.push(last >= 0xd800 && last <= 0xdfff ? 0xe000 : last);
      return String.fromCodePoint(...cps);
    }
  }
  return null;
}

/**
 * The rows whose lower-cased text key starts with `text`, as a range of the key's index. A range
 * rather than LIKE: the same index range, without testing the pattern again on every row it reads.
 */
function startsWith(col: TextKey, text: string): RawBuilder<unknown> {
  const from = text.toLowerCase();
  const to = prefixEnd(from);
  return to === null ? sql`${textKey(col)} >= ${from}` : sql`(${textKey(col)} >= ${from} and ${textKey(col)} < ${to})`;
}

/** The filters of a list, without the search text, as conditions (measured results only). */
function filterParts(f: CarbohydrateFilter): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [sql`e.result_on is not null`];
  if (f.client) parts.push(startsWith('entity_key', f.client));
  if (f.farmName) parts.push(startsWith('farm_key', f.farmName));
  if (f.fieldBlockNumber) parts.push(startsWith('block_key', f.fieldBlockNumber));
  if (f.cropId) parts.push(sql`e.crop_id = ${f.cropId}`);
  if (f.cropGrowthId) parts.push(sql`e.growth_stage_id = ${f.cropGrowthId}`);
  if (f.organ) parts.push(sql`e.tissue_id = ${f.organ}`);
  if (f.group) parts.push(sql`e.location_key = ${f.group}`);
  return parts;
}

/** The filter and search of a list as one WHERE condition (measured results only). */
export function listWhere(f: CarbohydrateFilter & { search?: string }): RawBuilder<unknown> {
  const parts = filterParts(f);
  if (f.search) {
    const search = f.search;
    parts.push(sql`(${sql.join(SEARCHED.map((k) => startsWith(k, search)), sql` or `)})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * The same matches as `listWhere` as conditions whose union they are, one per searched column, when
 * there is a search text: each is answered by one index alone, where the OR of all four would read
 * every matching row.
 */
function listBranches(f: CarbohydrateFilter & { search?: string }): RawBuilder<unknown>[] | undefined {
  if (!f.search) return undefined;
  const { search } = f;
  const parts = filterParts(f);
  return SEARCHED.map((k) => sql.join([...parts, startsWith(k, search)], sql` and `));
}

function keyValue(kind: KeyKind, v: string): RawBuilder<unknown> {
  if (kind === 'int') return sql`${Number(v)}::int`;
  if (kind === 'time') return sql`${v}::timestamptz`;
  if (kind === 'plain') return sql`${v}::text`;
  return sql`(${v} collate "C")`;
}

/**
 * Rows strictly after (forward) or before (backward) the key (v, id) in the given order, or from it
 * on (`inclusive`, forward: the row itself first). The first clause bounds the index range; the second
 * breaks ties on id.
 */
export function seek(o: ListOrder, v: string, id: number, forward: boolean, inclusive = false): RawBuilder<unknown> {
  const keyDesc = forward ? o.keyDesc : !o.keyDesc;
  const idDesc = forward ? o.idDesc : !o.idDesc;
  const val = keyValue(o.kind, v);
  const op = (desc: boolean, strict: boolean) => sql.raw(desc ? (strict ? '<' : '<=') : strict ? '>' : '>=');
  return sql`(${o.key} ${op(keyDesc, false)} ${val} and (${o.key} ${op(keyDesc, true)} ${val} or e.id ${op(idDesc, !inclusive)} ${id}))`;
}

export function orderBy(o: ListOrder, forward = true): RawBuilder<unknown> {
  const dir = (desc: boolean) => sql.raw((forward ? desc : !desc) ? 'desc' : 'asc');
  return sql`${o.key} ${dir(o.keyDesc)}, e.id ${dir(o.idDesc)}`;
}

/** The same order over the materialized match set `m` (columns id and sk, the key). */
export function orderByMatched(o: ListOrder, forward = true): RawBuilder<unknown> {
  const dir = (desc: boolean) => sql.raw((forward ? desc : !desc) ? 'desc' : 'asc');
  const key = o.kind === 'text' ? sql`m.sk collate "C"` : sql`m.sk`;
  return sql`${key} ${dir(o.keyDesc)}, m.id ${dir(o.idDesc)}`;
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
    if (o.kind === 'time' && !/^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2}){0,2}|Z)?$/.test(k)) return null;
    return { k, id };
  } catch {
    return null;
  }
}

/** A list's matches as the paging needs them (see ResultsRepository.smallPage). */
export interface ListMatch {
  where: RawBuilder<unknown>;
  /** the filter compares text columns: each match's sort key is read in the same pass */
  readsRows: boolean;
  /** conditions whose union is `where`, each served by one index (a search over several columns) */
  branches?: RawBuilder<unknown>[];
}

export function listMatch(f: CarbohydrateFilter & { search?: string }): ListMatch {
  return { where: listWhere(f), readsRows: !!(f.client || f.farmName || f.fieldBlockNumber || f.search), branches: listBranches(f) };
}
