import { useCallback, useMemo, useRef, useState } from 'react';
import type { LabResultRow } from '@sapwood/contracts';
import { parsePastedColumn } from '../../../components/ui/grid/gridNav';
import { columnPlan } from '../../../components/ui/grid/rowModel';
import type { Ask } from '../../../components/ui/confirm-context';
import { parseNumberInput } from '../../../lib/format';
import { COLUMN_NAME, type ResultColumn, type ResultRowActions } from '../ResultRow';
import { valuesOf } from './resultValues';
import { RESULT_NA, type useResultsGrid } from './useResultsGrid';

const shown = (n: number | null | undefined) => (n === null || n === undefined ? '—' : n.toFixed(2));

/**
 * The rows' actions of the results dialog on its grid: the keyboard, values, N/A, a pasted column (a preview, N/A
 * rows skipped), the limits' and refused text's counts, redo (queued for Submit), Retry. Stable while its inputs are.
 */
export function useResultActions({ grid, info, confirm, counts }: {
  grid: ReturnType<typeof useResultsGrid>['grid'];
  info: Map<number, LabResultRow>;
  confirm: Ask;
  counts: ReturnType<typeof useCellCounts>;
}) {
  const [removed, setRemoved] = useState<number[]>([]);
  const { form, rows, setNa, onKey, cells, saves, say, propose, remove: removeField } = grid;
  const actions: ResultRowActions = useMemo(() => ({
    key: onKey,
    set: (name, value) => form.setValue(name as never, value as never, { shouldDirty: true }),
    setNa,
    element: (index, column, el) => cells.set(index, column, el),
    over: counts.over,
    invalid: counts.invalid,
    paste: (index, column, text) => {
      const parsed = parsePastedColumn(text, parseNumberInput);
      if (!parsed) return false;
      if ('badLine' in parsed) {
        say(`Line ${parsed.badLine} of the pasted column is not a number ('${parsed.text}'). Nothing was pasted.`);
        return true;
      }
      const label = (r: { id: number }) => info.get(r.id)?.sampleNumber ?? String(r.id);
      propose(columnPlan(rows(), index, column, parsed.values, { na: RESULT_NA, label, columnName: COLUMN_NAME[column] }), (r) => shown(r?.[column]));
      return true;
    },
    remove: async (index, row) => {
      if (!(await confirm(`Are you sure you want to redo sample ${row.sampleNumber}? It will be removed from this job.`))) return;
      const at = rows().findIndex((x) => x.id === row.id);
      if (at >= 0) removeField(at);
      saves.status.set(row.id, undefined);
      setRemoved((ids) => [...ids, row.id]);
    },
    retry: (id) => void saves.retry(id),
    status: saves.status,
    saved: (id) => {
      const held = saves.held.get(id);
      return held && valuesOf(held.values);
    },
    cellMessages: saves.cells,
  }), [confirm, form, rows, setNa, onKey, cells, saves, say, propose, removeField, info, counts.over, counts.invalid]);
  return { actions, removed };
}

/** The columns' counts of values over their limit (the heads name the limit) and the cells holding text that is not a number. */
export function useCellCounts() {
  const [overCount, setOver] = useState({ sugar: 0, starch: 0 });
  const [badCount, setBadCount] = useState(0);
  const overIds = useRef({ sugar: new Set<number>(), starch: new Set<number>() });
  /** cells holding text that is not a number, as `${id}:${column}` */
  const badCells = useRef(new Set<string>());
  const over = useCallback((id: number, column: ResultColumn, isOver: boolean) => {
    const set = overIds.current[column];
    if (isOver === set.has(id)) return;
    if (isOver) set.add(id);
    else set.delete(id);
    setOver((o) => ({ ...o, [column]: set.size }));
  }, []);
  const invalid = useCallback((id: number, column: ResultColumn, isBad: boolean) => {
    const key = `${id}:${column}`;
    if (isBad === badCells.current.has(key)) return;
    if (isBad) badCells.current.add(key);
    else badCells.current.delete(key);
    setBadCount(badCells.current.size);
  }, []);
  return { overCount, badCount, badCells, over, invalid };
}
