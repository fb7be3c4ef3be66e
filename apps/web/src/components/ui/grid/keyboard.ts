import type { GridMove } from './gridNav';

/** A cell of a grid: its row index and column id. */
export interface CellAt<C extends string> {
  row: number;
  column: C;
}

/** What a grid looks like to the keyboard: its columns in Tab order, its row count, and the rows that take values (not N/A). */
export interface GridShape<C extends string> {
  columns: readonly C[];
  rows: number;
  usable: (row: number) => boolean;
}

/** Where a key goes: the cell to focus (or null: none, the key keeps its own meaning), and whether the row is left (its save). */
export interface KeyOutcome<C extends string> {
  to: CellAt<C> | null;
  leaves: boolean;
}

/** The first row after `from` (step 1) or before it (step -1) that `usable` accepts, or -1. */
export function nextUsable(from: number, step: 1 | -1, count: number, usable: (row: number) => boolean): number {
  for (let k = from + step; k >= 0 && k < count; k += step) if (usable(k)) return k;
  return -1;
}

/**
 * The keyboard model of every entry grid: Enter down the column (past N/A rows; on the last row it stays and the
 * row is left, i.e. saved), Tab across the row and on to the next row's first column (Shift+Tab back), the arrows
 * between rows in a column and between columns at the edge of the text. Tab out of the last row leaves it to the
 * page's buttons (`to` null, `leaves` true).
 */
export function keyTarget<C extends string>(move: GridMove, at: CellAt<C>, shape: GridShape<C>): KeyOutcome<C> {
  const { columns, rows, usable } = shape;
  const col = columns.indexOf(at.column);
  const cell = (row: number, column: C | undefined): KeyOutcome<C> =>
    row < 0 || column === undefined ? { to: null, leaves: false } : { to: { row, column }, leaves: row !== at.row };
  const down = nextUsable(at.row, 1, rows, usable);
  const up = nextUsable(at.row, -1, rows, usable);
  switch (move) {
    case 'enter':
      return down < 0 ? { to: null, leaves: true } : cell(down, at.column);
    case 'down':
      return cell(down, at.column);
    case 'up':
      return cell(up, at.column);
    case 'right':
      return cell(at.row, columns[col + 1]);
    case 'left':
      return col > 0 ? cell(at.row, columns[col - 1]) : { to: null, leaves: false };
    case 'next':
      if (col + 1 < columns.length) return cell(at.row, columns[col + 1]);
      return down < 0 ? { to: null, leaves: true } : cell(down, columns[0]);
    case 'prev':
      if (col > 0) return cell(at.row, columns[col - 1]);
      return cell(up, columns[columns.length - 1]);
  }
}

/**
 * `keyTarget` over the rows in the order they are drawn, when that is not their order in the grid's rows (`order`:
 * the rows' indexes as shown; Prepare's groups, where rows pasted past a group's end are stored after the later
 * groups' rows): Enter, the arrows and Tab's wrap go to the row shown next. A row not in `order` goes nowhere.
 */
export function keyTargetShown<C extends string>(move: GridMove, at: CellAt<C>, shape: GridShape<C>, order?: readonly number[]): KeyOutcome<C> {
  if (!order) return keyTarget(move, at, shape);
  const place = order.indexOf(at.row);
  if (place < 0) return { to: null, leaves: false };
  const out = keyTarget(move, { row: place, column: at.column }, { columns: shape.columns, rows: order.length, usable: (k) => shape.usable(order[k]) });
  return out.to ? { to: { row: order[out.to.row], column: out.to.column }, leaves: out.leaves } : out;
}
