import type { KeyboardEvent } from 'react';

/**
 * The inputs of an editable grid by row index and column, so focus moves at once (ADR 0073: by element refs,
 * not react-hook-form's `setFocus`, which waits a tick and lets a fast typist's next key land in the old row).
 */
export interface CellRegistry<C extends string> {
  /** a cell's `ref` callback: `ref={(el) => cells.set(index, column, el)}` */
  set(row: number, column: C, el: HTMLInputElement | null): void;
  get(row: number, column: C): HTMLInputElement | undefined;
  /**
   * focuses the cell and selects its text (typing replaces it); false when there is no such cell. In a windowed
   * grid (gridWindow.ts) a row not rendered is scrolled into view and its cell focused as soon as it is there.
   */
  focus(row: number, column: C): boolean;
  /** whether `el` is one of the grid's cells (the focus is in the grid: an opening focus must not take it away) */
  holds(el: Element | null): boolean;
  /**
   * how a windowed grid brings a row not rendered into view: `scrollTo` for the rows `owns` (all when not given; a
   * grid of several windowed tables, one each); answers its removal. None: every row is rendered.
   */
  reveal(scrollTo: (row: number) => void, owns?: (row: number) => boolean): () => void;
}

export function createCellRegistry<C extends string>(): CellRegistry<C> {
  const cells = new Map<string, HTMLInputElement>();
  const key = (row: number, column: C) => `${row}:${column}`;
  const revealers = new Set<{ scrollTo: (row: number) => void; owns?: (row: number) => boolean }>();
  /** the cell to focus once it is rendered (asked of a row out of the window) */
  let pending: string | null = null;
  const take = (el: HTMLInputElement) => {
    if (el.disabled) return false;
    el.focus();
    el.select();
    return true;
  };
  return {
    set(row, column, el) {
      if (el) cells.set(key(row, column), el);
      else cells.delete(key(row, column));
      if (el && pending === key(row, column)) {
        pending = null;
        take(el);
      }
    },
    get: (row, column) => cells.get(key(row, column)),
    holds: (el) => el !== null && [...cells.values()].includes(el as HTMLInputElement),
    focus(row, column) {
      const el = cells.get(key(row, column));
      pending = null;
      if (el) return take(el);
      const by = row < 0 ? undefined : [...revealers].find((r) => !r.owns || r.owns(row));
      if (!by) return false;
      pending = key(row, column);
      by.scrollTo(row);
      return true;
    },
    reveal(scrollTo, owns) {
      const r = { scrollTo, owns };
      revealers.add(r);
      return () => void revealers.delete(r);
    },
  };
}

/** The first row after `from` (step 1) or before it (step -1) that `usable` accepts, or -1. */
export function nextRow(from: number, step: 1 | -1, count: number, usable: (row: number) => boolean): number {
  for (let k = from + step; k >= 0 && k < count; k += step) if (usable(k)) return k;
  return -1;
}

/**
 * Where a key moves out of a text cell of a grid: Enter (Shift+Enter up, as in a spreadsheet), Tab / Shift+Tab
 * ('next' / 'prev'), ArrowUp / ArrowDown,
 * and ArrowLeft / ArrowRight only when the caret sits at that edge of the text. Null: the key stays in the cell.
 */
export type GridMove = 'enter' | 'next' | 'prev' | 'up' | 'down' | 'left' | 'right';

export function gridMoveOf(e: KeyboardEvent<HTMLInputElement>): GridMove | null {
  if (e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing) return null;
  const el = e.currentTarget;
  const collapsed = el.selectionStart === el.selectionEnd;
  switch (e.key) {
    case 'Enter': return e.shiftKey ? 'up' : 'enter';
    case 'Tab': return e.shiftKey ? 'prev' : 'next';
    case 'ArrowUp': return e.shiftKey ? null : 'up';
    case 'ArrowDown': return e.shiftKey ? null : 'down';
    case 'ArrowLeft': return !e.shiftKey && collapsed && el.selectionStart === 0 ? 'left' : null;
    case 'ArrowRight': return !e.shiftKey && collapsed && el.selectionEnd === el.value.length ? 'right' : null;
    default: return null;
  }
}

/** A pasted column: its values in order, or the first line that is not a value (1-based) with its text. */
export type PastedColumn<T> = { values: T[] } | { badLine: number; text: string };

/**
 * A column copied from a spreadsheet (one value a line; of a wider block, each line's first cell), read with
 * `parse` (undefined: not a value). Null when the text is a single line: an ordinary paste into the cell.
 */
export function parsePastedColumn<T>(text: string, parse: (cell: string) => T | undefined): PastedColumn<T> | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  if (lines.length < 2) return null;
  const values: T[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const cell = lines[i].split('\t')[0].trim();
    const v = parse(cell);
    if (v === undefined) return { badLine: i + 1, text: cell };
    values.push(v);
  }
  return { values };
}
