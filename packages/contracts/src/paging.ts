import { z } from 'zod';
import { formInt, int, text } from './fields';

export const PAGE_SIZES = [5, 10, 20, 30, 50, 100, 200, 500, 1000] as const;
export const MAX_TEXT = 200;

/**
 * The one paging contract of every list (spec part 1 §7): page is 1-based; `all` asks for every row
 * (used by pick lists and downloads, still capped by the server).
 */
export const PagedRequest = z.object({
  page: formInt({ min: 1 }).default(1),
  rowsPerPage: formInt({ min: 1, max: 1000 }).default(20),
  search: text({ max: MAX_TEXT }).default(''),
  sortBy: text({ max: 64 }).default(''),
  ascending: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(true),
  all: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
});
export type PagedRequest = z.output<typeof PagedRequest>;
export type PagedRequestInput = z.input<typeof PagedRequest>;

export function pagedResponse<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int() });
}

/**
 * Where the page being left sits (the first and last row keys the server answered with), so that the
 * next page of a keyset list is a seek from there instead of an OFFSET over everything before it. The
 * same page asked for again (a refresh) is read from its first row on.
 */
export const PageAnchor = z.object({ page: int({ min: 1 }), first: text({ max: 400, trim: false }), last: text({ max: 400, trim: false }) });

/** The paging request of a keyset list (ADR 0071): the paging fields and the anchor of the page on screen. */
export const KeysetPagedRequest = PagedRequest.extend({ anchor: PageAnchor.optional() });

/** A keyset list's page: its rows, the total (an estimate beyond the exact-count cap) and its first and last keys. */
export function keysetPage<T extends z.ZodType>(row: T) {
  return pagedResponse(row).extend({
    /** true when total is a planner estimate (beyond the exact-count cap) */
    estimated: z.boolean(),
    firstKey: z.string().nullable(),
    lastKey: z.string().nullable(),
  });
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

/**
 * A long list (counted by estimate) is read by seeking from the page on screen; a page number opened
 * directly (a typed or shared address) is read by counting rows from the start or the end, up to this
 * many. Past it the page is refused with `pageTooDeepMessage`, which offers the Last page and the search.
 */
export const MAX_PAGE_SKIP = 10_000;
export const pageTooDeepMessage = (page: number) =>
  `Page ${page} is too far from the start and the end of the list to open by its number. Use Last to go to the end, or search to narrow the list.`;
