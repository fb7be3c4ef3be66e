import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { CellRegistry } from './gridNav';

/** Grids of more rows than this render only the rows in view (and some either side). */
export const WINDOW_FROM = 100;

/** A line of a windowed grid's body: a row (by index), or the height of the rows not rendered there (a spacer). */
export type GridSlot = { row: number } | { gap: number; key: string };

/**
 * The rows of a long entry grid that are rendered (ADR 0206): those in view of `scroller`, `overscan` either side,
 * and the row holding the focus wherever it is (its typing, its save on leaving it). Every painted frame of a grid
 * costs in proportion to its inputs (style, layout, paint of 500 rows of 17 inputs took ~100 ms a key press);
 * rendered rows alone cost the same whatever the count. The keyboard goes on working: `cells.focus` on a row not
 * rendered scrolls it into view and focuses the cell once it is there. Rows are measured (a message under a cell
 * makes its row taller): a row's element takes `measure` as its ref, with `data-index` its index in this table.
 */
export function useGridWindow<C extends string>(p: {
  count: number;
  scroller: RefObject<HTMLElement | null>;
  cells: CellRegistry<C>;
  rowHeight: number;
  overscan?: number;
  /** the index in the grid's rows (the registry's) of this table's first row: a grid of several tables (Prepare's groups) */
  first?: number;
}) {
  const { count, scroller, cells } = p;
  const first = p.first ?? 0;
  const windowed = count > WINDOW_FROM;
  const [active, setActive] = useState<number | null>(null);
  const activeRef = useRef(active);
  activeRef.current = active;
  const rangeExtractor = useCallback((range: Parameters<typeof defaultRangeExtractor>[0]) => {
    const rows = defaultRangeExtractor(range);
    const a = activeRef.current;
    return a === null || a >= range.count || rows.includes(a) ? rows : [...rows, a].sort((x, y) => x - y);
  }, []);
  const v = useVirtualizer({
    count, getScrollElement: () => scroller.current, estimateSize: () => p.rowHeight, overscan: p.overscan ?? 6,
    enabled: windowed, rangeExtractor,
  });
  useEffect(() => {
    const el = scroller.current;
    if (!el || !windowed) return;
    // the row holding the focus stays rendered (data-index on its row)
    const onFocus = (e: FocusEvent) => {
      const row = (e.target as HTMLElement).closest?.('[data-index]')?.getAttribute('data-index');
      if (row != null) setActive(Number(row));
    };
    el.addEventListener('focusin', onFocus);
    return () => el.removeEventListener('focusin', onFocus);
  }, [scroller, windowed]);
  useEffect(() => {
    if (!windowed) return undefined;
    return cells.reveal((row) => v.scrollToIndex(row - first, { align: 'auto' }), (row) => row >= first && row < first + count);
  }, [cells, v, windowed, first, count]);
  if (!windowed) return { slots: Array.from({ length: count }, (_, row): GridSlot => ({ row })), measure: undefined };
  return { slots: slotsOf(v.getVirtualItems(), v.getTotalSize()), measure: v.measureElement };
}

/** the rendered rows with spacers for the rows between them (before, between a far focused row, after) */
function slotsOf(items: { index: number; start: number; end: number }[], total: number): GridSlot[] {
  const out: GridSlot[] = [];
  let at = 0;
  for (const it of items) {
    if (it.start > at) out.push({ gap: it.start - at, key: `gap-${it.index}` });
    out.push({ row: it.index });
    at = it.end;
  }
  if (total > at) out.push({ gap: total - at, key: 'gap-end' });
  return out;
}
