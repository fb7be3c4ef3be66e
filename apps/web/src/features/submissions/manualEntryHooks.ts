import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MANUAL_ENTRY_MESSAGES as M, isManualMultiPaste, manualColumnsOf, manualCsv, parseManualCsv } from '@sapwood/contracts';
import { useConfirm } from '../../components/ui/confirm';
import { type CellRegistry, type GridMove, gridMoveOf, nextRow } from '../../components/ui/grid/gridNav';
import { UNSAVED_MESSAGE, UNSAVED_TITLE } from '../../components/ui/unsaved';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useEndpointQuery, useInvalidate } from '../../lib/query';
import { type SubmissionKind, endpointsOf, resultEndpointsOf } from './kind';
import type { ManualGridActions } from './ManualEntryGrid';
import type { ManualEntryStore, ManualField } from './manualEntry';
import { type ImportPlan, csvPlan, pastePlan, planNote } from './manualImport';
import { UnconfirmedValues, problemsOf, type useManualSaves } from './manualSaves';

type Saves = ReturnType<typeof useManualSaves>;
/** the dialog's messages above the grid */
export interface ManualSay {
  error: (m: string | null) => void;
  info: (m: string | null) => void;
}

const MAX_CSV_BYTES = 2_000_000;

/**
 * The sheet of the submission, loaded once per opening (a background refetch would only re-render under the
 * typist); a row reloaded after a conflict refetches it and takes only that row. The first cell takes the focus.
 */
export function useManualSheet(kind: SubmissionKind, submissionId: number, store: ManualEntryStore, cells: CellRegistry<ManualField>) {
  const ep = resultEndpointsOf(kind);
  const sheet = useEndpointQuery(ep.sampleNumbers, { submissionId }, {
    gcTime: 0, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false,
  });
  const loaded = useRef(false);
  const [rowCount, setRowCount] = useState(0);
  const { refetch } = sheet;
  const refetchSheet = useCallback(async () => (await refetch({ throwOnError: true })).data, [refetch]);
  useEffect(() => {
    if (!sheet.data || loaded.current) return;
    loaded.current = true;
    store.load(sheet.data.rows);
    setRowCount(sheet.data.rows.length);
  }, [sheet.data, store]);
  const hasRows = rowCount > 0;
  useEffect(() => {
    if (!hasRows) return;
    // after the modal's own focus trap has placed its first focus
    const t = setTimeout(() => cells.focus(0, 'labNumber'), 30);
    return () => clearTimeout(t);
  }, [hasRows, cells]);
  return { sheet, rowCount, refetchSheet };
}

/** The grid's moves: gridNav's, Shift+Enter up, and Left/Right also when the whole text is selected (a cell just entered). */
function moveOf(e: KeyboardEvent<HTMLInputElement>): GridMove | null {
  const plain = !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey;
  if (e.key === 'Enter' && e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) return 'up';
  const el = e.currentTarget;
  const all = el.value.length > 0 && el.selectionStart === 0 && el.selectionEnd === el.value.length;
  if (plain && all && e.key === 'ArrowLeft') return 'left';
  if (plain && all && e.key === 'ArrowRight') return 'right';
  return gridMoveOf(e);
}

/** The keyboard of the grid: Enter and Shift+Enter down and up (skipping N/A rows), Tab across, the arrows; Enter on the last row saves it. */
function keyHandler(store: ManualEntryStore, cells: CellRegistry<ManualField>, fields: readonly ManualField[], saves: Saves) {
  const usable = (f: ManualField) => (k: number) => {
    const el = cells.get(k, f);
    return !!el && !el.disabled;
  };
  const vertical = (index: number, field: ManualField, step: 1 | -1) => {
    const k = nextRow(index, step, store.length, usable(field));
    return k >= 0 && cells.focus(k, field);
  };
  const across = (index: number, from: number, step: 1 | -1) => {
    for (let c = from + step; c >= 0 && c < fields.length; c += step) if (cells.focus(index, fields[c])) return true;
    return false;
  };
  return (e: KeyboardEvent<HTMLInputElement>, index: number, field: ManualField) => {
    const move = moveOf(e);
    if (!move) return;
    const col = fields.indexOf(field);
    if (move === 'enter') {
      if (!vertical(index, field, 1)) void saves.saveRows([index]);
      e.preventDefault();
      return;
    }
    const moved = move === 'down' ? vertical(index, field, 1) : move === 'up' ? vertical(index, field, -1)
      : move === 'left' ? across(index, col, -1) : move === 'right' ? across(index, col, 1)
        : move === 'next' ? across(index, col, 1) || across(index + 1, -1, 1) : across(index, col, -1) || across(index - 1, fields.length, -1);
    if (moved || move === 'up' || move === 'down') e.preventDefault();
  };
}

/**
 * What the grid's cells do: typing, the keyboard, a paste of several cells (a preview first), N/A (on a row
 * holding values it clears them, after asking: a row is never both), leaving a row saves it, reloading a
 * conflicting row.
 */
export function useManualActions({ kind, store, cells, saves, say, propose }: {
  kind: SubmissionKind; store: ManualEntryStore; cells: CellRegistry<ManualField>; saves: Saves; say: ManualSay; propose: (p: ImportPlan) => void;
}): ManualGridActions {
  const confirm = useConfirm();
  return useMemo(() => {
    const columns = manualColumnsOf(kind);
    const fields: ManualField[] = ['labNumber', ...columns.map((c) => c.code)];
    return {
      typed: (index, field, text) => store.setText(index, field, text),
      key: keyHandler(store, cells, fields, saves),
      paste: (index, field, text) => {
        if (!isManualMultiPaste(text)) return false;
        const p = pastePlan(store, kind, columns, index, field, text);
        say.error(null);
        if (p.changes.length === 0) say.info(`Nothing to change${planNote(p) ? ` · ${planNote(p)}` : ''}`);
        else propose(p);
        return true;
      },
      setNa: (index, na) => void (async () => {
        if (na && store.hasValues(index)) {
          if (!(await confirm(M.naClears(store.sampleNumber(index), store.valueCount(index)), 'N/A'))) return;
          store.apply(index, { na: true, values: Object.fromEntries(store.codes.map((c) => [c, null])) });
        } else store.setNa(index, na);
        await saves.saveRows([index]);
      })(),
      leave: (index) => void saves.saveRows([index]),
      element: (index, field, el) => cells.set(index, field, el),
      reload: (index) => void saves.reloadRow(index).catch(() => say.error(M.loadFailed)),
    };
  }, [kind, store, cells, saves, say, propose, confirm]);
}

/** data.csv down (the sheet as it stands), a CSV up: its rows matched by sample number and saved; a broken file names its line and nothing is taken. */
export function useManualCsv(kind: SubmissionKind, store: ManualEntryStore, apply: (p: ImportPlan) => void, say: ManualSay) {
  const upload = async (file: File | null) => {
    if (!file) return;
    say.error(null);
    say.info(null);
    if (file.size > MAX_CSV_BYTES) return say.error('The file is larger than 2 MB');
    const parsed = parseManualCsv(kind, await file.text());
    if (parsed.error) return say.error(parsed.error);
    const p = csvPlan(store, parsed);
    apply(p);
    const note = planNote(p);
    say.info(`${p.patches.size} rows uploaded${note ? ` ${note}` : ''}`);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([manualCsv(kind, store.csvRows())], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'data.csv';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return { upload, download };
}

/** The words of a refused Save. */
function submitError(err: Error): string {
  if (err instanceof UnconfirmedValues) return err.message;
  if (err instanceof ApiError && err.status === 409) return M.changed;
  if (!(err instanceof ApiError && err.status === 400)) return M.saveFailed;
  const { sent, sheet, other } = problemsOf(err, true);
  const rows = sent.size + sheet.size;
  return [...other, rows > 0 ? `${M.saveFailed} See the rows marked red.` : ''].filter(Boolean).join(' ') || M.saveFailed;
}

/**
 * Save (the unsaved rows, and the submission handed over to Results, after asking; a cell that is not a number
 * or a row with nothing entered stops it first) and Close (asks first while rows hold unsaved or refused work).
 */
export function useManualSubmit({ kind, store, cells, saves, say, header, onClose }: {
  kind: SubmissionKind; store: ManualEntryStore; cells: CellRegistry<ManualField>; saves: Saves; say: ManualSay;
  header: (field: string) => string; onClose: () => void;
}) {
  const confirm = useConfirm();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const close = async () => {
    await saves.settled();
    const s = store.summary();
    if (s.unsaved + s.failed > 0 && !(await confirm(UNSAVED_MESSAGE, UNSAVED_TITLE))) return;
    onClose();
  };
  const ready = (): boolean => {
    const bad = store.firstBad();
    if (bad) {
      say.error(`Sample ${store.sampleNumber(bad.index)}: ${header(bad.field)}: ${bad.message}`);
      cells.focus(bad.index, bad.field);
      return false;
    }
    const pending = store.pendingRows();
    const empty = pending.filter((i) => !store.hasEntry(i));
    empty.forEach((i) => store.failed(i, M.rowEmpty));
    if (empty.length > 0) say.error(M.rowEmpty);
    else if (pending.some((i) => store.view(i).state === 'conflict')) say.error(M.changed);
    return empty.length === 0 && !pending.some((i) => store.view(i).state === 'conflict');
  };
  const save = async () => {
    say.error(null);
    say.info(null);
    if (!ready() || !(await confirm(M.confirm, 'Submit'))) return;
    setBusy(true);
    try {
      const err = await saves.submit();
      if (err) return say.error(submitError(err));
      notify.success('Results saved');
      void invalidate([endpointsOf(kind).waiting, endpointsOf(kind).results, resultEndpointsOf(kind).getResults]);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return { close, save, busy };
}
