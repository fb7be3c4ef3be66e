import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  /**
   * the indexes in the grid's rows (the registry's) of this table's rows, in order, when they are not the grid's rows
   * from 0: a grid of several tables (Prepare's groups). They need not be one run: rows pasted past a group's end
   * are added after the grid's last row, behind the next group's.
   */
  rows?: readonly number[];
}) {
  const { count, scroller, cells, rows } = p;
  const windowed = count > WINDOW_FROM;
  const [active, setActive] = useState<number | null>(null);
  const activeRef = useRef(active);
  activeRef.current = active;
  const rangeExtractor = useCallback((range: Parameters<typeof defaultRangeExtractor>[0]) => {
    const drawn = defaultRangeExtractor(range);
    const a = activeRef.current;
    return a === null || a >= range.count || drawn.includes(a) ? drawn : [...drawn, a].sort((x, y) => x - y);
  }, []);
  const head = useHeadHeight(scroller, windowed);
  const v = useVirtualizer({
    count, getScrollElement: () => scroller.current, estimateSize: () => p.rowHeight, overscan: p.overscan ?? 6,
    enabled: windowed, rangeExtractor,
    // the rows start below the table's header: a row brought into view by the keyboard is not left under the
    // scroller's edge by the header's height (below), nor under a sticky header (above)
    scrollMargin: head, scrollPaddingStart: head,
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
    // where in this table a row of the grid is (undefined: not this table's)
    const places = rows && new Map(rows.map((row, k) => [row, k]));
    const place = (row: number) => (places ? places.get(row) : row < count ? row : undefined);
    return cells.reveal((row) => v.scrollToIndex(place(row) ?? 0, { align: 'auto' }), (row) => place(row) !== undefined);
  }, [cells, v, windowed, rows, count]);
  if (!windowed) return { slots: Array.from({ length: count }, (_, row): GridSlot => ({ row })), measure: undefined };
  return { slots: slotsOf(v.getVirtualItems(), head, head + v.getTotalSize()), measure: v.measureElement };
}

/**
 * Where the table's body starts in the scroller (the header's height, and the table's border): measured, and again
 * when the header changes size (its headings wrap in a narrower window).
 */
function useHeadHeight(scroller: RefObject<HTMLElement | null>, windowed: boolean): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const box = scroller.current;
    const body = box?.querySelector('tbody');
    const head = box?.querySelector('thead');
    if (!windowed || !box || !body || !head) return undefined;
    const fit = () => setHeight(Math.round(body.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop));
    fit();
    const watch = new ResizeObserver(fit);
    watch.observe(head);
    return () => watch.disconnect();
  }, [scroller, windowed]);
  return height;
}

/** the rendered rows with spacers for the rows between them (before, between a far focused row, after); `from` where the first row starts */
function slotsOf(items: { index: number; start: number; end: number }[], from: number, total: number): GridSlot[] {
  const out: GridSlot[] = [];
  let at = from;
  for (const it of items) {
    if (it.start > at) out.push({ gap: it.start - at, key: `gap-${it.index}` });
    out.push({ row: it.index });
    at = it.end;
  }
  if (total > at) out.push({ gap: total - at, key: 'gap-end' });
  return out;
}
