import { type CsvSampleRow, type PrepareData, SampleRow, parsePastedRows } from '@sapwood/contracts';
import { useCallback, useMemo } from 'react';
import { useGridValue } from '../../components/ui/grid/gridValues';
import { type EntryGridSpec, useEntryGrid } from '../../components/ui/grid/useEntryGrid';
import { type DraftRow, type NameChoices, type PrepareRow, blankRow, groupsOf, rowKey, rowsOf, shownOrder, splitSelected, withUploadedRows } from './draft';
import { preparePastePlan, showPrepareRow } from './preparePaste';
import type { SubmissionKind } from './kind';
import type { CellProps, PrepareColumn, PrepareList } from './SampleGroupTable';

type Column = PrepareColumn;
/** a row's fields in the engine's cell registry: its text cells (the keyboard's) and its lists (a refused Submit focuses one) */
type Field = PrepareColumn | PrepareList;

const SPEC: EntryGridSpec<PrepareRow, Field> = {
  row: SampleRow,
  key: (r) => r.key,
  label: (r) => r.sampleNumber || 'a new row',
  columns: [{ id: 'sampleNumber', name: 'Sample Number' }, { id: 'blockNumber', name: 'Block' }, { id: 'growthStage', name: 'Growth phase' }, { id: 'notes', name: 'notes' }],
  values: ['sampleNumber', 'blockNumber', 'cropId', 'cultivars', 'growthStage', 'organTypeEnum', 'test', 'optionalTests', 'notes', 'delete', 'group'],
  // the keyboard goes to the row drawn next: by group, not by the rows' order (pasted rows are stored at the end)
  order: shownOrder,
};

/** a row's fields the engine's cell registry holds: its text cells (the keyboard's) and its lists */
const FIELDS: readonly string[] = ['sampleNumber', 'blockNumber', 'growthStage', 'notes', 'cropId', 'cultivars', 'organTypeEnum', 'test', 'optionalTests'] satisfies Field[];

/** A sample group as the dialog draws it: its rows' indexes in the grid's rows and their keys. */
export interface PrepareGroup { rows: number[]; keys: string[] }

/** each row's group and key, one a line: what the groups are drawn from (a value typed into a row leaves it the same) */
const layoutOf = (rows: unknown) => ((rows ?? []) as PrepareRow[]).map((r) => `${r.group} ${r.key}`).join('\n');
const selectedOf = (rows: unknown) => ((rows ?? []) as PrepareRow[]).reduce((n, r) => n + (r.selected ? 1 : 0), 0);

/** the groups of a layout (layoutOf), in their numbers' order, each its rows' indexes in order */
function groupsOfLayout(layout: string): PrepareGroup[] {
  const byGroup = new Map<number, PrepareGroup>();
  (layout ? layout.split('\n') : []).forEach((line, i) => {
    const [group, key] = line.split(' ');
    const g = byGroup.get(Number(group));
    if (g) {
      g.rows.push(i);
      g.keys.push(key);
    } else byGroup.set(Number(group), { rows: [i], keys: [key] });
  });
  return [...byGroup].sort((a, b) => a[0] - b[0]).map(([, g]) => g);
}

/**
 * The Prepare dialog's sample groups on the entry-grid engine (components/ui/grid, issue 34): the rows with
 * their group live in the engine's form (dirty tracking, the unsaved-changes guard), without a save of their
 * own: the dialog submits the draft whole. Each change is a change of the rows: a row's fields, add, remove,
 * split the selected rows into a new group, a test on the selected rows, pasted rows (after the engine's preview) and
 * uploaded rows. The dialog watches only which rows are in which group and how many are selected (the engine's
 * `live`, ADR 0230): a key typed into a row re-renders that row's cell, not the dialog and its groups.
 */
export function usePrepareGrid(kind: SubmissionKind, initial: PrepareData, onClose: () => void, headerDirty: boolean) {
  const defaults = useMemo(() => ({
    rows: rowsOf([initial.samples.length ? initial.samples.map((s) => ({ ...s, key: rowKey(), selected: false })) : [blankRow(kind)]]),
  }), [initial, kind]);
  const grid = useEntryGrid<PrepareRow, Field>(SPEC, { defaults, onClose, extraDirty: headerDirty });
  const layout = useGridValue(grid.live, 'rows', layoutOf);
  const selected = useGridValue(grid.live, 'rows', selectedOf);
  const groups = useMemo(() => groupsOfLayout(layout), [layout]);
  const { form, rows: current } = grid;
  /** every row anew, from what the groups become */
  const change = useCallback((next: (groups: DraftRow[][]) => DraftRow[][]) => {
    form.setValue('rows', rowsOf(next(groupsOf(current()))), { shouldDirty: true });
  }, [form, current]);
  const changeRow = useCallback((i: number, patch: Partial<DraftRow>) => {
    const row = current()[i];
    if (!row) return;
    // selecting a row is no change of the draft
    if (Object.keys(patch).length === 1 && 'selected' in patch) form.setValue(`rows.${i}.selected`, !!patch.selected);
    else grid.write(i, { ...row, ...patch });
  }, [current, form, grid]);
  const { cells, onKey } = grid;
  /**
   * A text cell's part of the engine's keyboard (by the row's index in the grid's rows): Enter down the column and
   * the arrows between rows, in the order the rows are drawn; Tab stays the browser's, through every control of the
   * row (crop, cultivars, tests) in order.
   */
  const cell = useCallback((i: number, column: Column): CellProps => ({
    ref: (el) => cells.set(i, column, el),
    onKeyDown: (e) => {
      // Enter in the last row drawn keeps the dialog's own meaning (Submit)
      if (e.key === 'Enter' && i === shownOrder(current()).at(-1)) return;
      if (e.key === 'Enter' || e.key === 'ArrowUp' || e.key === 'ArrowDown') onKey(i, column, e);
    },
    'data-testid': `prepare-${i}-${column}`,
  }), [cells, onKey, current]);
  /** a list's input (crop, cultivars, organ type, tests) in the engine's cell registry, by the row's index */
  const list = useCallback((i: number, field: PrepareList) => (el: HTMLInputElement | null) => cells.set(i, field, el), [cells]);
  /**
   * Row `r` of group `g` brought into view (a long group draws the rows in view) and its field focused: a text cell,
   * or a list's input (a list opens on focus); another field (none now) the row's sample number.
   */
  const reveal = useCallback((g: number, r: number, field: string) => {
    const rows = current();
    const group = [...new Set(rows.map((x) => x.group))].sort((a, b) => a - b)[g];
    const i = rows.flatMap((x, k) => (x.group === group ? [k] : []))[r];
    if (i === undefined) return;
    cells.focus(i, FIELDS.includes(field) ? field as Field : 'sampleNumber');
  }, [cells, current]);
  return {
    grid, groups, cell, list, selected, changeRow, reveal,
    /** the groups' rows as they are now (for Submit: not drawn, so not watched) */
    groupsNow: () => groupsOf(current()),
    removeRow: (i: number) => grid.remove(i),
    addRow: () => grid.append([{ ...blankRow(kind), group: Math.max(0, ...current().map((r) => r.group)) }]),
    split: () => change(splitSelected),
    setTest: (test: string) => change((gs) => gs.map((g) => g.map((r) => (r.selected ? { ...r, test } : r)))),
    /** lines pasted into row `r` of group `g`'s sample number: the engine's preview first, Apply fills the rows */
    paste: (g: number, r: number, text: string, choices: NameChoices) => grid.propose(preparePastePlan(kind, current(), g, r, parsePastedRows(text, kind), choices), showPrepareRow),
    upload: (list: CsvSampleRow[], choices: NameChoices) => change((gs) => withUploadedRows(kind, gs, list, choices)),
  };
}
