import type { Column, RowData } from '@tanstack/react-table';
import type { CSSProperties } from 'react';

declare module '@tanstack/react-table' {
  // the library's own declaration, widened: both type parameters must stay as it names them
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** 'left': the column stays in view at the left while the others scroll sideways (a list's sample column) */
    pin?: 'left';
    /** the column's name in the column chooser, where its header is not a plain text */
    label?: string;
  }
}

/** How a pinned column's cells are drawn: a class of app.css (`sw-pin`) and where the cell sticks. */
export interface PinnedCell {
  className: string;
  style: CSSProperties;
}

/**
 * Where the visible columns of a list stay while the others scroll sideways inside the list's own box (issue 34,
 * ADR 0135): the columns marked `meta.pin = 'left'` at the left, each after the widths of those before it (their
 * `size`, which they then keep), and the row actions (the column `actions`, last) at the right. So a list wider
 * than its window keeps its sample column and its actions in view.
 */
export function pinsOf<R>(columns: Column<R, unknown>[]): Map<string, PinnedCell> {
  const pins = new Map<string, PinnedCell>();
  let left = 0;
  for (const c of columns) {
    if (c.columnDef.meta?.pin !== 'left') continue;
    const width = c.getSize();
    pins.set(c.id, { className: 'sw-pin sw-pin-left', style: { left, width, minWidth: width, maxWidth: width } });
    left += width;
  }
  const last = columns.at(-1);
  if (last?.id === 'actions') pins.set(last.id, { className: 'sw-pin sw-pin-right', style: { right: 0 } });
  return pins;
}

/** The name a column shows in the column chooser: its meta label, else its header when that is a text. */
export function columnLabel<R>(c: Column<R, unknown>): string | undefined {
  const header = c.columnDef.header;
  return c.columnDef.meta?.label ?? (typeof header === 'string' ? header : undefined);
}
