import { Box, Table } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { type Cell, type Row, type Table as RowTable, flexRender } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, type ReactNode, memo, useCallback, useMemo, useRef } from 'react';
import { pinsOf } from './pinning';
import { CELL_CLASS, ROW_PROPS } from './rowParts';

type Pins = ReturnType<typeof pinsOf>;

const ROW_HEIGHT = 31;
const VIRTUAL_FROM = 100;

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

/** How the rows look and answer: the paged table's own props, passed on. */
export interface RowLook<R> {
  onRowDoubleClick?: (row: R) => void;
  rowStyle?: (row: R) => React.CSSProperties | undefined;
  groupOf?: (row: R) => { key: string; label: string };
  rowNote?: (row: R) => ReactNode;
  rowTestId?: string;
}

export interface PagedRowsProps<R> extends RowLook<R> {
  table: RowTable<R>;
  sort: { sortBy: string; ascending: boolean; onSort: (id: string) => void };
  maxHeight?: string;
  /** the list answered no rows: 'No data available' */
  empty: boolean;
}

/**
 * The paged table's scrolling body: sortable sticky headers, the rows (with group headers and row notes),
 * pinned columns, and more than a hundred lines virtualized so that 1000 rows scroll without lag.
 */
export function PagedRows<R>(props: PagedRowsProps<R>) {
  const { table } = props;
  const shownColumns = table.getVisibleLeafColumns();
  const pins = useMemo(() => pinsOf(shownColumns), [shownColumns]);
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
  // the same function on every render, calling the latest handler: a row is drawn again only when it changes
  const dblClick = useRef(props.onRowDoubleClick);
  dblClick.current = props.onRowDoubleClick;
  const onRowDoubleClick = useCallback((row: R) => dblClick.current?.(row), []);
  const rowLook = { rowStyle: props.rowStyle, rowNote: props.rowNote, rowTestId: props.rowTestId, onRowDoubleClick: props.onRowDoubleClick && onRowDoubleClick };

  return (
    // focusable: a keyboard scrolls it (WCAG 2.1.1)
    <Box ref={scrollRef} tabIndex={0} style={{ maxHeight: props.maxHeight ?? 'calc(100vh - 220px)', overflow: 'auto' }} bg="white">
      <Table stickyHeader striped highlightOnHover withTableBorder>
        <SortableHead table={table} sort={props.sort} pins={pins} />
        <Table.Tbody>
          {padTop > 0 && <tr style={{ height: padTop }} />}
          {visible.map((line) => line.kind === 'group' ? (
            <Table.Tr key={`group-${line.key}`} className="sw-group-head" style={{ height: ROW_HEIGHT }} data-testid="group-header"
              onDoubleClick={props.onRowDoubleClick ? () => props.onRowDoubleClick?.(line.first.original) : undefined}>
              <Table.Td colSpan={span} fw={600} fz="xs">{line.label}</Table.Td>
            </Table.Tr>
          ) : <BodyRow key={line.row.id} row={line.row} cells={line.row.getVisibleCells()} pins={pins} span={span} {...rowLook} />)}
          {padBottom > 0 && <tr style={{ height: padBottom }} />}
          {props.empty && (
            <Table.Tr>
              <Table.Td colSpan={span} ta="center" c="dimmed">No data available</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** The header row: a string header sorts by its column (again: the other way), with an arrow while it does. */
function SortableHead<R>({ table, sort, pins }: Pick<PagedRowsProps<R>, 'table' | 'sort'> & { pins: Pins }) {
  return (
    <Table.Thead>
      {table.getHeaderGroups().map((hg) => (
        <Table.Tr key={hg.id}>
          {hg.headers.map((h) => {
            const sortable = h.column.columnDef.enableSorting !== false && typeof h.column.columnDef.header === 'string';
            const sorted = sort.sortBy === h.column.id;
            const pin = pins.get(h.column.id);
            return (
              <Table.Th
                key={h.id}
                className={pin?.className}
                style={{ cursor: sortable ? 'pointer' : undefined, whiteSpace: 'nowrap', width: h.column.columnDef.size, ...pin?.style }}
                onClick={sortable ? () => sort.onSort(h.column.id) : undefined}
                aria-sort={sorted ? (sort.ascending ? 'ascending' : 'descending') : undefined}
              >
                {flexRender(h.column.columnDef.header, h.getContext())}
                {sorted && (sort.ascending ? <IconArrowUp size={12} /> : <IconArrowDown size={12} />)}
              </Table.Th>
            );
          })}
        </Table.Tr>
      ))}
    </Table.Thead>
  );
}

type BodyRowProps<R> = Pick<RowLook<R>, 'rowStyle' | 'rowNote' | 'rowTestId' | 'onRowDoubleClick'> & {
  row: Row<R>;
  /** the row's shown cells: another array when the columns or their visibility change */
  cells: Cell<R, unknown>[];
  pins: Pins;
  span: number;
};

/**
 * A row, its pinned cells in its own colour, and its note (if any) spanning the columns under it: plain elements in
 * the look of Table.Tr and Table.Td (rowParts). Drawn again only when one of its props changes (its data, the
 * columns, the look's functions): a page's other renders (the request under way, the answer's page start kept in
 * the URL) leave its rows alone (issue 36, ADR 0225).
 */
const BodyRow = memo(function BodyRow<R>({ row, cells, pins, span, rowStyle, rowNote, rowTestId, onRowDoubleClick }: BodyRowProps<R>) {
  const style = rowStyle?.(row.original);
  const note = rowNote?.(row.original);
  return (
    <Fragment>
      <tr
        {...ROW_PROPS}
        style={{ height: ROW_HEIGHT, ...style }}
        onDoubleClick={onRowDoubleClick ? () => onRowDoubleClick(row.original) : undefined}
        data-row-id={row.id}
        data-testid={rowTestId}
      >
        {cells.map((cell) => {
          const pin = pins.get(cell.column.id);
          // a pinned cell covers the ones scrolling under it: in its row's own colour
          const tint = pin && style?.background;
          return (
            <td key={cell.id} className={pin ? `${CELL_CLASS} ${pin.className}` : CELL_CLASS} style={pin && { ...pin.style, ...(tint ? { background: tint } : {}) }}>
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          );
        })}
      </tr>
      {note !== null && note !== undefined && note !== false && (
        <Table.Tr style={style} data-note-of={row.id}>
          <Table.Td colSpan={span} pt={0}>{note}</Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}) as <R>(props: BodyRowProps<R>) => ReactNode;
