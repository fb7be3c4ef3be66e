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

/** The whitelisted sort column for the request's sortBy, or the fallback. */
export function sortColumn<C extends string>(columns: Record<string, C>, sortBy: string, fallback: C): C {
  return Object.hasOwn(columns, sortBy) ? columns[sortBy] : fallback;
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
