import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import type { EndpointDef } from '@sapwood/contracts';
import { useEndpointCall } from '../../../lib/query';
import { useConfirm } from '../confirm-context';
import { useGuardedClose } from '../unsaved';
import { useGridForm } from './gridForm';
import { type GridValues, createGridValues } from './gridValues';
import { hostOf, saverOf, writeRow } from './gridRows';
import type { EntryGridSpec } from './gridSpec';
import { type CellRegistry, createCellRegistry, gridMoveOf } from './gridNav';
import { keyTargetShown } from './keyboard';
import { tellFailedRows } from './failedRows';
import { type RowValues, isNa, withNa } from './rowModel';
import { RowSaves, type RowKey } from './rowSaves';
import { useRowStatus } from './rowStatus';
import { useGridPlan } from './useGridPlan';

export type { EntryGridSpec, GridColumn, GridRowSave } from './gridSpec';

type Form<R> = { rows: R[] } & FieldValues;

/**
 * One entry grid: the row model (react-hook-form's field array, checked with the contract), dirty tracking, the
 * per-row save queue with versions (409: the choice; 400: at the cells), the keyboard, N/A, paste and CSV with a
 * preview, and the unsaved-changes guard. See README.md.
 */
export function useEntryGrid<R extends RowValues, C extends string, E extends EndpointDef = EndpointDef, F extends Form<R> = Form<R>>(
  spec: EntryGridSpec<R, C, E>,
  opts: {
    defaults?: DefaultValues<F>; onClose: () => void; onDirtyChange?: (dirty: boolean) => void; extraDirty?: boolean;
    /**
     * the host is not re-rendered as the form turns dirty or clean (twice a row in a grid that saves per row: a
     * render of the whole dialog each time, ADR 0230): `dirty` stays false and `isDirty()` answers; the guarded
     * close asks it
     */
    quietDirty?: boolean;
  },
) {
  const form = useGridForm<F>(spec.form ?? z.object({ rows: z.array(spec.row) }), (opts.defaults ?? { rows: [] }) as DefaultValues<F>, { shouldFocusError: false });
  const rowsName = 'rows' as Path<F>;
  const array = useFieldArray<Form<R>, 'rows', '_k'>({ control: form.control as never, name: 'rows', keyName: '_k' });
  const confirm = useConfirm();
  const [message, say] = useState<string | null>(null);
  const [cells] = useState<CellRegistry<C>>(() => createCellRegistry<C>());
  const [live] = useState<GridValues>(() => createGridValues(form as never));
  const saveCall = useEndpointCall((spec.save?.endpoint ?? { path: '', method: 'POST' }) as E);
  const latest = useRef({ spec, form, say, confirm, saveCall });
  latest.current = { spec, form, say, confirm, saveCall };
  const rows = useCallback(() => (latest.current.form.getValues(rowsName) ?? []) as R[], [rowsName]);
  const indexOf = useCallback((key: RowKey) => rows().findIndex((r) => latest.current.spec.key(r) === key), [rows]);
  const [saves] = useState(() => new RowSaves<R>(() => hostOf(latest.current, rows, indexOf), () => saverOf(latest.current)));

  const write = useCallback((index: number, next: R) => writeRow(latest.current.form, index, next), []);
  const load = useCallback((list: { row: R; version: number | null }[], extra?: Partial<F>) => {
    saves.load(list.map(({ row, version }) => [latest.current.spec.key(row), row, version ?? 0]));
    latest.current.form.reset({ ...extra, rows: list.map((x) => x.row) } as F);
  }, [saves]);

  const setNa = useCallback((index: number, flag: boolean) => {
    const na = latest.current.spec.na;
    const row = rows()[index];
    if (!na || !row) return;
    write(index, withNa(row, na, flag));
    if (latest.current.spec.save) void saves.save(latest.current.spec.key(row));
  }, [rows, write, saves]);

  const onKey = useGridKeys(latest, rows, cells, saves);
  /** after a save of several rows: the failed ones named by their place above the grid, the first brought into view (failedRows.ts) */
  const tellFailed = useCallback((keys: readonly RowKey[], lead?: string) => {
    const { spec: s } = latest.current;
    return tellFailedRows({ rows, key: s.key, columns: s.columns.map((c) => c.id), saves, cells, say }, keys, lead);
  }, [rows, saves, cells]);
  const plan = useGridPlan<R, C>({ rows, write, append: array.append as (rows: R[]) => void, cells, say, saves, spec, tellFailed });
  const isDirty = useQuietDirty(form as never, !!opts.quietDirty, !!opts.extraDirty);
  // read in render (react-hook-form's proxy): the host re-renders as it changes, unless quiet
  const dirty = !opts.quietDirty && (form.formState.isDirty || !!opts.extraDirty);
  useEffect(() => opts.onDirtyChange?.(dirty), [dirty, opts.onDirtyChange]); // eslint-disable-line react-hooks/exhaustive-deps
  const close = useGuardedClose(opts.quietDirty ? isDirty : dirty, opts.onClose);
  return { form, fields: array.fields, append: array.append, remove: array.remove, rows, indexOf, write, load, setNa, onKey, cells, live, saves, tellFailed, message, say, dirty, isDirty, close, ...plan };
}


/**
 * Whether the form holds unsaved work, as a getter: with `quiet`, react-hook-form tracks its dirty state for a
 * subscription that renders nothing (read in render, its proxy would re-render the host on every change of it).
 */
function useQuietDirty(form: { subscribe: (o: { formState: { isDirty: true }; callback: () => void }) => () => void; control: { _formState: { isDirty: boolean } } }, quiet: boolean, extra: boolean) {
  useEffect(() => (quiet ? form.subscribe({ formState: { isDirty: true }, callback: () => undefined }) : undefined), [form, quiet]);
  const latest = useRef(extra);
  latest.current = extra;
  return useCallback(() => form.control._formState.isDirty || latest.current, [form]);
}

/** The keyboard of the grid's cells (keyboard.ts), in the rows' drawn order: a cell's `onKeyDown`; leaving a row by keyboard saves it. */
function useGridKeys<R extends RowValues, C extends string>(
  latest: { current: { spec: EntryGridSpec<R, C, EndpointDef> } },
  rows: () => R[],
  cells: CellRegistry<C>,
  saves: RowSaves<R>,
) {
  return useCallback((index: number, column: C, e: KeyboardEvent<HTMLElement>) => {
    const move = gridMoveOf(e as KeyboardEvent<HTMLInputElement>);
    if (!move) return;
    const { spec } = latest.current;
    const list = rows();
    const shape = { columns: spec.columns.map((c) => c.id), rows: list.length, usable: (k: number) => !!list[k] && !isNa(list[k], spec.na) };
    const out = keyTargetShown(move, { row: index, column }, shape, spec.order?.(list));
    const moved = !!out.to && cells.focus(out.to.row, out.to.column);
    if (out.leaves && (moved || !out.to) && list[index] && spec.save) void saves.save(spec.key(list[index]));
    if (moved || (move === 'enter' && !out.to)) e.preventDefault();
  }, [latest, rows, cells, saves]);
}

/** The message of a cell (the contract's rule broken, or the server's 400 at that field), re-rendering only that cell. */
export function useCellMessage<R extends RowValues>(saves: RowSaves<R>, key: RowKey, field: string): string | undefined {
  return useRowStatus(saves.cells, `${key}:${field}`);
}
