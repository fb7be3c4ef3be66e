import { ActionIcon, Alert, Box, Button, Group, LoadingOverlay, Table, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import type { EndpointDef, HttpMethod, InputOf, OutputOf, PagedRequestInput } from '@sapwood/contracts';
import { ApiError, call, endpointUrl } from '../../../lib/api';
import { queryKeyOf } from '../../../lib/query';
import { ColumnChooser } from './ColumnChooser';
import { useColumnChoice } from './columnChoice';
import { Pager } from './Pager';
import { columnLabel, pinsOf } from './pinning';
import { type TableState, useTableState } from './useTableState';

const ROW_HEIGHT = 31;
const VIRTUAL_FROM = 100;

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
type Anchor = { page: number; first: string; last: string };

/** The request of a paged endpoint: the paging fields, its filters and (keyset lists) the anchor. */
function pagedInput<E extends PagedEndpoint>(paging: PagedRequestInput, filters: FiltersOf<E> | undefined, anchor?: Anchor): InputOf<E> {
  // the endpoint's input is PagedRequest extended by its filters (and `anchor` where it pages by keys)
  return { ...paging, ...filters, ...(anchor ? { anchor } : {}) } as InputOf<E>;
}

export interface PagedTableProps<E extends PagedEndpoint> {
  /** a paged endpoint: PagedRequest (plus filters) in, { rows, total } out; the rows' type comes from it */
  endpoint: E;
  columns: ColumnDef<RowOf<E>, unknown>[];
  /** the row's key: its `id` unless told */
  rowId?: (row: RowOf<E>) => string | number;
  /** extra request fields (filters) sent with the paging fields */
  filters?: FiltersOf<E>;
  /** a GET download endpoint: shows the Excel icon, downloading exactly what the current search shows */
  excelEndpoint?: EndpointDef;
  /** what the Excel download takes besides the list's request (which of a screen's lists, say) */
  excelParams?: Record<string, string>;
  /** URL key for this table's paging state (needed when a screen has two tables) */
  stateKey?: string;
  defaultPageSize?: number;
  toolbar?: ReactNode;
  onRowDoubleClick?: (row: RowOf<E>) => void;
  rowStyle?: (row: RowOf<E>) => React.CSSProperties | undefined;
  /** height of the scrolling body */
  maxHeight?: string;
  searchPlaceholder?: string;
  testId?: string;
  /** the data-testid of each row (its `data-row-id` is the row's id) */
  rowTestId?: string;
  /**
   * The endpoint answers firstKey/lastKey (and takes `anchor`): moving to another page, or loading the
   * same one again, sends where the last loaded page sits, so the server seeks instead of counting past
   * every earlier row. Where the shown page starts is kept in the URL too, so a reload or a shared link
   * of a deep page seeks as well.
   */
  keyset?: boolean;
  /** told the rows of every page as it arrives */
  onRows?: (rows: RowOf<E>[]) => void;
  /**
   * Rows that come ordered by a group: each group starts with a header row naming it (`label`), so the groups are
   * visibly apart; `key` tells where one group ends.
   */
  groupOf?: (row: RowOf<E>) => { key: string; label: string };
  /** a note under a row spanning all its columns (a row's error text), styled as its row; null: none */
  rowNote?: (row: RowOf<E>) => ReactNode;
  /**
   * A list with many columns: its name for the column chooser, which shows in the toolbar and keeps the columns
   * the user hid, per user on the server (ADR 0135). Pinned columns and the row actions are always shown.
   */
  columnChoice?: string;
}

/** A line of the table's body: a row, or the header of the group that starts at a row. */
type Line<R> = { kind: 'row'; row: R } | { kind: 'group'; key: string; label: string; first: R };

function linesOf<R>(rows: R[], groupOf?: (row: R) => { key: string; label: string }): Line<R>[] {
  if (!groupOf) return rows.map((row) => ({ kind: 'row', row }));
  const lines: Line<R>[] = [];
  let key: string | null = null;
  for (const row of rows) {
    const g = groupOf(row);
    if (g.key !== key) {
      key = g.key;
      lines.push({ kind: 'group', key: g.key, label: g.label, first: row });
    }
    lines.push({ kind: 'row', row });
  }
  return lines;
}

/** A short hash of a list's request (without its page): a saved page start belongs to that list only. */
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** The page start kept in the URL: page, request hash and the first row's key, joined by '~'. */
function readPageStart(at: string): { page: number; sig: string; first: string } | null {
  const [page, sig, first] = at.split('~');
  return page && sig && first ? { page: Number(page), sig, first } : null;
}

/** Paging request fields for the current table state. */
export function pagingParams(s: TableState): PagedRequestInput {
  return { page: s.page, rowsPerPage: s.rowsPerPage, search: s.search, sortBy: s.sortBy, ascending: s.ascending, all: false };
}

/**
 * The searchable paged table of every list screen: search box and button, optional Excel icon,
 * sortable headers, pager, loading overlay and 'Error loading table data'. Pages of hundreds of rows
 * are virtualized so that 1000 rows scroll without lag.
 */
export function PagedTable<E extends PagedEndpoint>(props: PagedTableProps<E>) {
  const rowKey = props.rowId ?? ((r: RowOf<E>) => (r as { id: string | number }).id);
  const { endpoint, columns, filters } = props;
  const [state, update] = useTableState(props.stateKey ?? '', { rowsPerPage: props.defaultPageSize ?? 20 });
  const [searchText, setSearchText] = useState(state.search);
  useEffect(() => setSearchText(state.search), [state.search]);

  const request = pagedInput<E>(pagingParams(state), filters);
  const sig = JSON.stringify({ ...request, page: undefined });
  const lastLoaded = useRef<{ sig: string; page: number; first: string; last: string } | null>(null);
  const query = useQuery({
    queryKey: queryKeyOf(endpoint, request),
    queryFn: async ({ signal }): Promise<PagedAnswer<RowOf<E>>> => {
      const page = state.page;
      const at = lastLoaded.current;
      let anchor = props.keyset && at && at.sig === sig ? { page: at.page, first: at.first, last: at.last } : undefined;
      // first load (a reload, a shared link): the URL says where this page started when it was shown
      const saved = props.keyset && !at ? readPageStart(state.at) : null;
      if (saved && saved.page === page && saved.sig === hashOf(sig)) anchor = { page, first: saved.first, last: saved.first };
      const answer: PagedAnswer<RowOf<E>> = await call(endpoint, pagedInput<E>(pagingParams(state), filters, anchor), { signal });
      if (props.keyset && answer.firstKey && answer.lastKey) lastLoaded.current = { sig, page, first: answer.firstKey, last: answer.lastKey };
      return answer;
    },
    placeholderData: keepPreviousData,
  });
  // where the shown page starts, kept in the URL (written while this table is on screen, never after)
  const shownStart = query.data?.firstKey && state.page > 1 ? `${state.page}~${hashOf(sig)}~${query.data.firstKey}` : '';
  const showsCurrent = !!props.keyset && !!query.data && !query.isPlaceholderData;
  useEffect(() => {
    if (showsCurrent && shownStart !== state.at) update({ at: shownStart });
  }, [showsCurrent, shownStart, state.at, update]);
  const rows = query.data?.rows ?? [];
  const onRows = props.onRows;
  useEffect(() => {
    if (query.data) onRows?.(query.data.rows);
  }, [query.data, onRows]);
  // a page refused as too deep to open by its number keeps the pager of the list as last shown (its Last)
  const known = useRef<{ total: number; estimated: boolean }>({ total: 0, estimated: false });
  if (query.data) known.current = { total: query.data.total, estimated: query.data.estimated ?? false };
  const tooDeep = query.error instanceof ApiError ? query.error.fieldMessage('page') : undefined;
  // opened at such a page straight away (a typed address): page 1 of the same list says how long it is
  const firstPage = pagedInput<E>(pagingParams({ ...state, page: 1 }), filters);
  const probe = useQuery({
    queryKey: queryKeyOf(endpoint, firstPage),
    queryFn: ({ signal }): Promise<PagedAnswer<RowOf<E>>> => call(endpoint, firstPage, { signal }),
    enabled: !!tooDeep && known.current.total === 0,
  });
  if (tooDeep && known.current.total === 0 && probe.data) known.current = { total: probe.data.total, estimated: probe.data.estimated ?? false };
  const total = query.data?.total ?? (tooDeep ? known.current.total : 0);
  const searchRef = useRef<HTMLInputElement>(null);

  const choice = useColumnChoice(props.columnChoice);
  const columnVisibility = useMemo(() => Object.fromEntries(choice.hidden.map((id) => [id, false])), [choice.hidden]);
  const table = useReactTable({
    data: rows,
    columns,
    state: { columnVisibility },
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r) => String(rowKey(r)),
    manualSorting: true,
    manualPagination: true,
  });

  const shownColumns = table.getVisibleLeafColumns();
  const pins = pinsOf(shownColumns);
  const choosable = table.getAllLeafColumns().flatMap((c) => {
    const label = columnLabel(c);
    return label && !c.columnDef.meta?.pin && c.id !== 'actions' ? [{ id: c.id, label }] : [];
  });
  const span = shownColumns.length;
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRows = table.getRowModel().rows;
  const groupOf = props.groupOf;
  const lines = useMemo(() => linesOf(tableRows, groupOf && ((r) => groupOf(r.original))), [tableRows, groupOf]);
  const virtual = lines.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
    enabled: virtual,
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const padTop = virtual && items.length ? items[0].start : 0;
  const padBottom = virtual && items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const visible = virtual ? items.map((i) => lines[i.index]) : lines;

  const noteOf = (row: RowOf<E>) => {
    const note = props.rowNote?.(row);
    if (note === null || note === undefined || note === false) return null;
    return (
      <Table.Tr style={props.rowStyle?.(row)} data-note-of={String(rowKey(row))}>
        <Table.Td colSpan={span} pt={0}>{note}</Table.Td>
      </Table.Tr>
    );
  };

  const submitSearch = () => update({ search: searchText.trim(), page: 1 });
  const toggleSort = (id: string) =>
    update(state.sortBy === id ? { ascending: !state.ascending } : { sortBy: id, ascending: true });

  return (
    <Box data-testid={props.testId ?? 'paged-table'}>
      <Group gap="xs" mb={6} wrap="nowrap">
        <TextInput
          placeholder={props.searchPlaceholder ?? 'Search'}
          aria-label="Search"
          ref={searchRef}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && submitSearch()}
          w={260}
        />
        <ActionIcon variant="light" onClick={submitSearch} aria-label="Search button">
          <IconSearch size={16} />
        </ActionIcon>
        {props.excelEndpoint && (
          <Tooltip label="Download Excel">
            <ActionIcon
              component="a"
              variant="light"
              color="green"
              aria-label="Download Excel"
              href={endpointUrl(props.excelEndpoint, { ...request, ...props.excelParams, all: true })}
              download
            >
              <IconFileSpreadsheet size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {props.columnChoice && <ColumnChooser columns={choosable} choice={choice} />}
        <Box style={{ flex: 1 }} />
        {props.toolbar}
      </Group>
      <Box pos="relative">
        <LoadingOverlay visible={query.isFetching} zIndex={5} overlayProps={{ blur: 0.5 }} loaderProps={{ size: 'sm' }} />
        {tooDeep ? (
          <Alert color="yellow" data-testid="table-too-deep">
            {tooDeep}
            <Group gap="xs" mt={6}>
              <Button size="compact-xs" variant="light" disabled={total === 0} onClick={() => update({ page: Math.max(1, Math.ceil(total / state.rowsPerPage)) })}>Last</Button>
              <Button size="compact-xs" variant="light" onClick={() => searchRef.current?.focus()}>Search</Button>
              <Button size="compact-xs" variant="subtle" onClick={() => update({ page: 1 })}>First</Button>
            </Group>
          </Alert>
        ) : query.isError ? (
          <Alert color="red" data-testid="table-error">Error loading table data</Alert>
        ) : (
          // focusable: a keyboard scrolls it (WCAG 2.1.1)
          <Box ref={scrollRef} tabIndex={0} style={{ maxHeight: props.maxHeight ?? 'calc(100vh - 220px)', overflow: 'auto' }} bg="white">
            <Table stickyHeader striped highlightOnHover withTableBorder>
              <Table.Thead>
                {table.getHeaderGroups().map((hg) => (
                  <Table.Tr key={hg.id}>
                    {hg.headers.map((h) => {
                      const sortable = h.column.columnDef.enableSorting !== false && typeof h.column.columnDef.header === 'string';
                      const sorted = state.sortBy === h.column.id;
                      const pin = pins.get(h.column.id);
                      return (
                        <Table.Th
                          key={h.id}
                          className={pin?.className}
                          style={{ cursor: sortable ? 'pointer' : undefined, whiteSpace: 'nowrap', width: h.column.columnDef.size, ...pin?.style }}
                          onClick={sortable ? () => toggleSort(h.column.id) : undefined}
                          aria-sort={sorted ? (state.ascending ? 'ascending' : 'descending') : undefined}
                        >
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          {sorted && (state.ascending ? <IconArrowUp size={12} /> : <IconArrowDown size={12} />)}
                        </Table.Th>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Thead>
              <Table.Tbody>
                {padTop > 0 && <tr style={{ height: padTop }} />}
                {visible.map((line) => line.kind === 'group' ? (
                  <Table.Tr key={`group-${line.key}`} className="sw-group-head" style={{ height: ROW_HEIGHT }} data-testid="group-header"
                    onDoubleClick={props.onRowDoubleClick ? () => props.onRowDoubleClick?.(line.first.original) : undefined}>
                    <Table.Td colSpan={span} fw={600} fz="xs">{line.label}</Table.Td>
                  </Table.Tr>
                ) : (
                  <Fragment key={line.row.id}>
                    <Table.Tr
                      style={{ height: ROW_HEIGHT, ...props.rowStyle?.(line.row.original) }}
                      onDoubleClick={props.onRowDoubleClick ? () => props.onRowDoubleClick?.(line.row.original) : undefined}
                      data-row-id={line.row.id}
                      data-testid={props.rowTestId}
                    >
                      {line.row.getVisibleCells().map((cell) => {
                        const pin = pins.get(cell.column.id);
                        // a pinned cell covers the ones scrolling under it: in its row's own colour
                        const tint = pin && props.rowStyle?.(line.row.original)?.background;
                        return (
                          <Table.Td key={cell.id} className={pin?.className} style={pin && { ...pin.style, ...(tint ? { background: tint } : {}) }}>
                            {flexRender(cell.column.columnDef.cell, cell.getContext())}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                    {noteOf(line.row.original)}
                  </Fragment>
                ))}
                {padBottom > 0 && <tr style={{ height: padBottom }} />}
                {!query.isPending && rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={span} ta="center" c="dimmed">No data available</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Box>
        )}
      </Box>
      <Pager
        page={state.page}
        rowsPerPage={state.rowsPerPage}
        total={total}
        estimated={query.data?.estimated ?? (tooDeep ? known.current.estimated : false)}
        onPage={(page) => update({ page })}
        onRowsPerPage={(rowsPerPage) => update({ rowsPerPage, page: 1 })}
      />
    </Box>
  );
}
