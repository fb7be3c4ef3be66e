import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { PagedRequest } from '@sapwood/contracts';

/** The most rows one list answer may carry, even when `all` is asked for. */
export const MAX_ROWS = 10_000;

/** A LIKE pattern matching `search` anywhere, with its wildcards taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** limit and offset of the requested page (or of everything, capped). */
export function pageSlice(req: PagedRequest): { limit: number; offset: number } {
  if (req.all) return { limit: MAX_ROWS, offset: 0 };
  return { limit: req.rowsPerPage, offset: (req.page - 1) * req.rowsPerPage };
}

/** A column (`'users.email'`, an output alias such as `'growthCounts'`) or an expression (sql`lower(name)`). */
export type ListColumn = string | Expression<unknown>;

/**
 * A searched column: its text contains the search (ILIKE, wildcards literal), or a condition built
 * from the pattern (e.g. an `exists` over related rows).
 */
export type SearchTerm = ListColumn | ((pattern: string) => Expression<SqlBool>);

/**
 * An ordinary paged list. `from`: the rows that may be listed (tables, joins, fixed filters; no
 * selection); `select`: its columns. A sort is one column, or columns of which the first takes the
 * request's direction and the rest break its ties ascending; `tieBreak` (ascending) always ends the
 * order, so a page is stable.
 */
export interface PagedList<DB, TB extends keyof DB, B, O> {
  from: SelectQueryBuilder<DB, TB, B>;
  select: (q: SelectQueryBuilder<DB, TB, B>) => SelectQueryBuilder<DB, TB, O>;
  search?: SearchTerm[];
  sorts: Record<string, ListColumn | ListColumn[]>;
  /** the sort of a request without a (whitelisted) sortBy: an id of `sorts` */
  defaultSort: string;
  tieBreak?: ListColumn[];
}

const expr = (c: ListColumn): Expression<unknown> => (typeof c === 'string' ? sql.ref(c) : c);

/** The list's search as one condition: any searched column contains the text. */
function searchCondition(terms: SearchTerm[], search: string): Expression<SqlBool> {
  const pattern = containsPattern(search);
  const parts = terms.map((t) => (typeof t === 'function' ? t(pattern) : sql<SqlBool>`${expr(t)} ilike ${pattern}`));
  return parts.length === 1 ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * One page of an ordinary list and how many rows match (two statements, run together): the search
 * over its searched columns, the whitelisted sort, the page or (`all`) the first MAX_ROWS rows.
 */
export async function pagedQuery<DB, TB extends keyof DB, B, O>(req: PagedRequest, list: PagedList<DB, TB, B, O>): Promise<{ rows: O[]; total: number }> {
  const from = req.search && list.search?.length ? list.from.where(searchCondition(list.search, req.search)) : list.from;
  const sort = list.sorts[Object.hasOwn(list.sorts, req.sortBy) ? req.sortBy : list.defaultSort] ?? [];
  const [first, ...ties] = [...(Array.isArray(sort) ? sort : [sort]), ...(list.tieBreak ?? [])];
  let q = list.select(from);
  if (first !== undefined) q = q.orderBy(expr(first), req.ascending ? 'asc' : 'desc');
  for (const c of ties) q = q.orderBy(expr(c), 'asc');
  const { limit, offset } = pageSlice(req);
  const [rows, count] = await Promise.all([
    q.limit(limit).offset(offset).execute(),
    from.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { n: string }).n) };
}

/** True when the error is PostgreSQL's unique violation (optionally of the named index). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return false;
  return !constraint || e.constraint === constraint || (e.message ?? '').includes(constraint);
}

/** True when the error is PostgreSQL's foreign key violation. */
export function isForeignKeyViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23503';
}
