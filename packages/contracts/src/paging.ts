import { z } from 'zod';
import { formInt, text } from './fields';

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
