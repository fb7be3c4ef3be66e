import type { z } from 'zod';
import { type EndpointDef, type HttpMethod, type InputOf, type OutputOf, PAGE_SIZES, type PagedRequestInput } from '@sapwood/contracts';
import { startEarly } from '../../../lib/earlyRequests';

// A list's request made from its state in the URL: what a paged table sends (usePagedRows.ts), and what a page
// load sends before the table is drawn (startEarlyList). Kept apart from the table's components so that the
// early start loads only this (ADR 0229).

export interface TableState {
  page: number;
  rowsPerPage: number;
  search: string;
  sortBy: string;
  ascending: boolean;
  /** where the shown page starts, for lists that page by keys (see PagedTable): '' when unknown */
  at: string;
}

/**
 * A list's state as the URL keeps it (`key` separates two tables on one screen): what `useTableState` reads,
 * and what a list's first request is made of before its screen is drawn (lib/earlyRequests.ts).
 */
export function readTableState(params: URLSearchParams, key: string, defaults: Partial<TableState> = {}): TableState {
  const p = (name: string) => params.get(key ? `${key}.${name}` : name);
  const size = Number(p('size'));
  return {
    page: Math.max(1, Number(p('page')) || 1),
    rowsPerPage: (PAGE_SIZES as readonly number[]).includes(size) ? size : (defaults.rowsPerPage ?? 20),
    search: p('q') ?? '',
    sortBy: p('sort') ?? defaults.sortBy ?? '',
    ascending: p('dir') ? p('dir') !== 'desc' : (defaults.ascending ?? true),
    at: p('at') ?? '',
  };
}

/** What a paged endpoint answers: a page of rows and the total (keyset lists also say where the page sits). */
export interface PagedAnswer<Row = unknown> {
  rows: Row[];
  total: number;
  estimated?: boolean;
  firstKey?: string | null;
  lastKey?: string | null;
}

/** A paged endpoint: PagedRequest (plus filters) in, `{ rows, total }` out. */
export type PagedEndpoint = EndpointDef<HttpMethod, z.ZodType<unknown, PagedRequestInput>, z.ZodType<PagedAnswer>>;

/** The row type of a paged endpoint, from its declared output. */
export type RowOf<E extends PagedEndpoint> = OutputOf<E>['rows'][number];

/** The fields a paged endpoint takes besides the paging ones: its filters. */
export type FiltersOf<E extends PagedEndpoint> = Omit<InputOf<E>, keyof PagedRequestInput | 'anchor'>;

/** A page start the server seeks from (keyset lists). */
export type Anchor = { page: number; first: string; last: string };

/** The request of a paged endpoint: the paging fields, its filters and (keyset lists) the anchor. */
export function pagedInput<E extends PagedEndpoint>(paging: PagedRequestInput, filters: FiltersOf<E> | undefined, anchor?: Anchor): InputOf<E> {
  // the endpoint's input is PagedRequest extended by its filters (and `anchor` where it pages by keys)
  return { ...paging, ...filters, ...(anchor ? { anchor } : {}) } as InputOf<E>;
}

/** Paging request fields for the current table state. */
export function pagingParams(s: TableState): PagedRequestInput {
  return { page: s.page, rowsPerPage: s.rowsPerPage, search: s.search, sortBy: s.sortBy, ascending: s.ascending, all: false };
}

/**
 * Sends the first request of a list now, as `usePagedRows` will make it for the same state and filters (a page
 * start kept in the URL makes that request seek: left to the table): a screen opened by a page load has its rows
 * on the way while the session is asked and the screen's code loads (ADR 0229).
 */
export function startEarlyList<E extends PagedEndpoint>(endpoint: E, filters: FiltersOf<E> | undefined, state: TableState): void {
  if (!state.at) startEarly(endpoint, pagedInput<E>(pagingParams(state), filters));
}

