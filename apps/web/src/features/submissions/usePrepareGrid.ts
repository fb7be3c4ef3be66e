import { type CsvSampleRow, type PrepareData, SampleRow, parsePastedRows } from '@sapwood/contracts';
import { useCallback, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { type EntryGridSpec, useEntryGrid } from '../../components/ui/grid/useEntryGrid';
import { type DraftRow, type NameChoices, type PrepareRow, blankRow, groupsOf, rowKey, rowsOf, splitSelected, withUploadedRows } from './draft';
import { preparePastePlan, showPrepareRow } from './preparePaste';
import type { SubmissionKind } from './kind';
import type { CellProps, PrepareColumn } from './SampleGroupTable';

type Column = PrepareColumn;

const SPEC: EntryGridSpec<PrepareRow, Column> = {
  row: SampleRow,
  key: (r) => r.key,
  label: (r) => r.sampleNumber || 'a new row',
  columns: [{ id: 'sampleNumber', name: 'Sample Number' }, { id: 'blockNumber', name: 'Block' }, { id: 'growthStage', name: 'Growth phase' }, { id: 'notes', name: 'notes' }],
  values: ['sampleNumber', 'blockNumber', 'cropId', 'cultivars', 'growthStage', 'organTypeEnum', 'test', 'optionalTests', 'notes', 'delete', 'group'],
};

/**
 * The Prepare dialog's sample groups on the entry-grid engine (components/ui/grid, issue 34): the rows with
 * their group live in the engine's form (dirty tracking, the unsaved-changes guard), without a save of their
 * own: the dialog submits the draft whole. Each change is a change of the rows: a row's fields, add, remove,
 * split the selected rows into a new group, a test on the selected rows, pasted rows (after the engine's preview) and
 * uploaded rows.
 */
export function usePrepareGrid(kind: SubmissionKind, initial: PrepareData, onClose: () => void, headerDirty: boolean) {
  const defaults = useMemo(() => ({
    rows: rowsOf([initial.samples.length ? initial.samples.map((s) => ({ ...s, key: rowKey(), selected: false })) : [blankRow(kind)]]),
  }), [initial, kind]);
  const grid = useEntryGrid<PrepareRow, Column>(SPEC, { defaults, onClose, extraDirty: headerDirty });
  const watched = useWatch({ control: grid.form.control, name: 'rows' }) as PrepareRow[] | undefined;
  const rows = useMemo(() => watched ?? [], [watched]);
  const groups = useMemo(() => groupsOf(rows), [rows]);
  const { form, rows: current } = grid;
  /** every row anew, from what the groups become */
  const change = useCallback((next: (groups: DraftRow[][]) => DraftRow[][]) => {
    form.setValue('rows', rowsOf(next(groupsOf(current()))), { shouldDirty: true });
  }, [form, current]);
  const at = useCallback((g: number, r: number) => {
    const key = groupsOf(current())[g]?.[r]?.key;
    return current().findIndex((x) => x.key === key);
  }, [current]);
  const changeRow = useCallback((g: number, r: number, patch: Partial<DraftRow>) => {
    const i = at(g, r);
    const row = current()[i];
    if (!row) return;
    // selecting a row is no change of the draft
    if (Object.keys(patch).length === 1 && 'selected' in patch) form.setValue(`rows.${i}.selected`, !!patch.selected);
    else grid.write(i, { ...row, ...patch });
  }, [at, current, form, grid]);
  const { cells, onKey } = grid;
  /**
   * A text cell's part of the engine's keyboard: Enter down the column and the arrows between rows; Tab stays the
   * browser's, through every control of the row (crop, cultivars, tests) in order.
   */
  const cell = useCallback((g: number, r: number, column: Column): CellProps => {
    const i = at(g, r);
    return {
      ref: (el) => cells.set(i, column, el),
      onKeyDown: (e) => {
        // Enter in the last row keeps the dialog's own meaning (Submit)
        if (e.key === 'Enter' && i >= current().length - 1) return;
        if (e.key === 'Enter' || e.key === 'ArrowUp' || e.key === 'ArrowDown') onKey(i, column, e);
      },
      'data-testid': `prepare-${i}-${column}`,
    };
  }, [at, cells, onKey, current]);
  return {
    grid, groups, cell,
    selected: rows.filter((r) => r.selected).length,
    changeRow,
    removeRow: (g: number, r: number) => grid.remove(at(g, r)),
    addRow: () => grid.append([{ ...blankRow(kind), group: Math.max(0, ...rows.map((r) => r.group)) }]),
    split: () => change(splitSelected),
    setTest: (test: string) => change((gs) => gs.map((g) => g.map((r) => (r.selected ? { ...r, test } : r)))),
    /** lines pasted into a row's sample number: the engine's preview first, Apply fills the rows */
    paste: (g: number, r: number, text: string, choices: NameChoices) => grid.propose(preparePastePlan(kind, current(), g, r, parsePastedRows(text, kind), choices), showPrepareRow),
    upload: (list: CsvSampleRow[], choices: NameChoices) => change((gs) => withUploadedRows(kind, gs, list, choices)),
  };
}
