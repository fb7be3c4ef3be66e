import { ActionIcon, Alert, Box, Button, Group, LoadingOverlay, TextInput, Tooltip } from '@mantine/core';
import { IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EndpointDef } from '@sapwood/contracts';
import { endpointUrl } from '../../../lib/api';
import { ColumnChooser } from './ColumnChooser';
import { useColumnChoice } from './columnChoice';
import { PagedRows } from './PagedRows';
import { Pager } from './Pager';
import { columnLabel } from './pinning';
import { type FiltersOf, type PagedEndpoint, type RowOf, usePagedRows } from './usePagedRows';
import { useTableState } from './useTableState';

export type { FiltersOf, PagedAnswer, PagedEndpoint, RowOf } from './usePagedRows';
export { pagingParams } from './usePagedRows';

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

  const { request, query, rows, total, estimated, tooDeep } = usePagedRows(endpoint, filters, { state, update }, props);
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

  const choosable = table.getAllLeafColumns().flatMap((c) => {
    const label = columnLabel(c);
    return label && !c.columnDef.meta?.pin && c.id !== 'actions' ? [{ id: c.id, label }] : [];
  });
  const onPage = useCallback((page: number) => update({ page }), [update]);
  const onRowsPerPage = useCallback((rowsPerPage: number) => update({ rowsPerPage, page: 1 }), [update]);
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
        {props.excelEndpoint && <ExcelLink href={endpointUrl(props.excelEndpoint, { ...request, ...props.excelParams, all: true })} />}
        {props.columnChoice && <ColumnChooser columns={choosable} choice={choice} />}
        <Box style={{ flex: 1 }} />
        {props.toolbar}
      </Group>
      <Box pos="relative">
        <LoadingOverlay visible={query.isFetching} zIndex={5} overlayProps={{ blur: 0.5 }} loaderProps={{ size: 'sm' }} />
        {tooDeep ? (
          <TooDeep message={tooDeep} lastPage={total === 0 ? null : Math.max(1, Math.ceil(total / state.rowsPerPage))} onPage={(page) => update({ page })}
            onSearch={() => searchRef.current?.focus()} />
        ) : query.isError ? (
          <Alert color="red" data-testid="table-error">Error loading table data</Alert>
        ) : (
          <PagedRows table={table} sort={{ sortBy: state.sortBy, ascending: state.ascending, onSort: toggleSort }} maxHeight={props.maxHeight}
            groupOf={props.groupOf} rowStyle={props.rowStyle} rowNote={props.rowNote} onRowDoubleClick={props.onRowDoubleClick} rowTestId={props.rowTestId}
            empty={!query.isPending && rows.length === 0} />
        )}
      </Box>
      <Pager
        page={state.page}
        rowsPerPage={state.rowsPerPage}
        total={total}
        estimated={estimated}
        onPage={onPage}
        onRowsPerPage={onRowsPerPage}
      />
    </Box>
  );
}

/** The Excel icon: downloads exactly what the current search shows. */
function ExcelLink({ href }: { href: string }) {
  return (
    <Tooltip label="Download Excel">
      <ActionIcon
        component="a"
        variant="light"
        color="green"
        aria-label="Download Excel"
        href={href}
        download
      >
        <IconFileSpreadsheet size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** A page too deep to open by its number: the server's words, and Last, Search or First instead. */
function TooDeep({ message, lastPage, onPage, onSearch }: { message: string; lastPage: number | null; onPage: (page: number) => void; onSearch: () => void }) {
  return (
    <Alert color="yellow" data-testid="table-too-deep">
      {message}
      <Group gap="xs" mt={6}>
        <Button size="compact-xs" variant="light" disabled={lastPage === null} onClick={() => lastPage !== null && onPage(lastPage)}>Last</Button>
        <Button size="compact-xs" variant="light" onClick={onSearch}>Search</Button>
        <Button size="compact-xs" variant="subtle" onClick={() => onPage(1)}>First</Button>
      </Group>
    </Alert>
  );
}
