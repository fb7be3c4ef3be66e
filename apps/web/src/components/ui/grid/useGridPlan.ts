import { useCallback, useMemo, useRef, useState } from 'react';
import type { EndpointDef } from '@sapwood/contracts';
import { type CsvColumn, type CsvRow, parseGridCsv } from './csv';
import type { CellRegistry } from './gridNav';
import type { GridPlan, RowValues } from './rowModel';
import type { RowKey, RowSaves } from './rowSaves';
import type { EntryGridSpec } from './gridSpec';

/** A paste or a CSV waiting for Apply (the preview), and how it is made. */
export function useGridPlan<R extends RowValues, C extends string>(p: {
  rows: () => R[];
  write: (index: number, row: R) => void;
  append: (rows: R[]) => void;
  cells: CellRegistry<C>;
  say: (m: string | null) => void;
  saves: RowSaves<R>;
  spec: EntryGridSpec<R, C, EndpointDef>;
  /** after the rows' saves: the failed ones named by their place, the first brought into view */
  tellFailed: (keys: readonly RowKey[]) => boolean;
}) {
  const [pending, setPending] = useState<(GridPlan<R> & { show: (row: R | null) => string }) | null>(null);
  const latest = useRef(p);
  latest.current = p;
  /** shows the plan for Apply or Cancel (a plan of no rows: its notes are said instead) */
  const propose = useCallback((plan: GridPlan<R>, show: (row: R | null) => string) => {
    if (plan.rows.length === 0) return latest.current.say(plan.notes.join(' ') || 'Nothing to paste.');
    latest.current.say(null);
    setPending({ ...plan, show });
  }, []);
  const current = useRef(pending);
  current.current = pending;
  const apply = useCallback(() => {
    const plan = current.current;
    setPending(null);
    if (!plan) return;
    const { rows, write, append, saves, spec, cells } = latest.current;
    const list = rows();
    plan.rows.filter((r) => r.index < list.length).forEach((r) => write(r.index, r.to));
    const added = plan.rows.filter((r) => r.index >= list.length).map((r) => r.to);
    if (added.length) append(added);
    const keys = plan.rows.map((r) => spec.key(r.to));
    // a row of a long paste refused may not be drawn: named by its place, and brought into view
    if (spec.save) void saves.saveRows(keys).then(() => latest.current.tellFailed(keys));
    if (plan.focus) cells.focus(plan.focus.row, plan.focus.column as C);
  }, []);
  const cancel = useCallback(() => {
    const plan = current.current;
    setPending(null);
    if (plan?.focus) latest.current.cells.focus(plan.focus.row, plan.focus.column as C);
  }, []);
  /** a CSV file: its problems said by line (nothing taken), else its rows planned by the host and previewed */
  const importCsv = useCallback(async (file: File | string, columns: readonly CsvColumn[], toPlan: (rows: CsvRow[]) => GridPlan<R> | string[], show: (row: R | null) => string, heading?: (text: string) => string | null) => {
    const text = typeof file === 'string' ? file : await file.text();
    const parsed = parseGridCsv(text, columns, heading);
    if (parsed.messages.length) return latest.current.say(parsed.messages.slice(0, 12).join('\n'));
    const plan = toPlan(parsed.rows);
    if (Array.isArray(plan)) return latest.current.say(plan.slice(0, 12).join('\n'));
    propose(plan, show);
  }, [propose]);
  const preview = useMemo(() => pending && {
    title: pending.title,
    rows: pending.rows.map((r, i) => ({ key: i, label: r.label, from: pending.show(r.from), to: pending.show(r.to) })),
    note: pending.notes.join(' ') || undefined,
    onApply: apply,
    onCancel: cancel,
  }, [pending, apply, cancel]);
  return { propose, importCsv, preview };
}
