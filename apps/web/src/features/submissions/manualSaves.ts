import { MANUAL_ENTRY_MESSAGES as M, type ManualEntrySheet, type ManualResultInput, type ManualSaveResult } from '@sapwood/contracts';
import { useCallback, useMemo, useRef } from 'react';
import { ApiError } from '../../lib/api';
import { useEndpointMutation } from '../../lib/query';
import { UNCONFIRMED } from '../../lib/unusual';
import { CONFLICT_MESSAGE, type ManualEntryStore, type ManualField } from './manualEntry';
import { type SubmissionKind, resultEndpointsOf } from './kind';

/** A refused save's words by sent row: the row's own message and its cells'. */
type Problems = Map<number, { message?: string; cells: Record<ManualField, string> }>;

/**
 * The server's field messages of a refused save, by the index of the row they name: `manualResult.{i}` and
 * deeper (`.values.{code}`, `.labNumber`) by the sent row; with `submit`, a bare `manualResult.{n}` is the
 * sheet's row n holding no result (the submission's check), `bySheet` says so.
 */
export function problemsOf(err: ApiError, bySheet: boolean): { sent: Problems; sheet: Problems; other: string[] } {
  const sent: Problems = new Map();
  const sheet: Problems = new Map();
  const other: string[] = [];
  for (const f of err.body?.fields ?? []) {
    const m = /^manualResult\.(\d+)(?:\.(.+))?$/.exec(f.field);
    if (!m) {
      other.push(f.message);
      continue;
    }
    const target = bySheet && m[2] === undefined ? sheet : sent;
    const at = Number(m[1]);
    const p = target.get(at) ?? { cells: {} };
    const rest = m[2] ?? '';
    const cell = rest.startsWith('values.') ? rest.slice('values.'.length) : rest === 'labNumber' ? 'labNumber' : null;
    if (cell) p.cells[cell] = f.message;
    else p.message = p.message ? `${p.message}; ${f.message}` : f.message;
    target.set(at, p);
  }
  return { sent, sheet, other };
}

/** A save that stopped because the typist did not confirm values outside their usual range. */
export class UnconfirmedValues extends Error {
  constructor() {
    super(UNCONFIRMED);
  }
}

/**
 * The rows' saves in the background: one call for the rows given (a row left, a paste, a CSV), each row's
 * save waiting for its previous one (its version comes from it). `submit` saves the rows still unsaved and
 * hands the submission over (Save). Values outside their usual range are asked once per save (`ask`, the
 * one question of lib/unusual.ts): confirmed, they are sent so; not, their rows stay unsaved with the cells
 * marked as the server would mark them, and Save stops.
 */
export function useManualSaves(
  kind: SubmissionKind, submissionId: number, store: ManualEntryStore, ask: (items: readonly string[]) => Promise<boolean>,
  /** the sheet read again (the dialog's query refetched) */
  refetchSheet: () => Promise<ManualEntrySheet | undefined>,
) {
  const ep = resultEndpointsOf(kind);
  // the rows report their own failures (onError: false); the lab result view of the submission is stale after a save
  const { mutateAsync: update } = useEndpointMutation(ep.updateManual, { invalidates: [ep.getResults], onError: false });
  const inflight = useRef(new Map<number, Promise<unknown>>());

  const send = useCallback(async (all: number[], submit: boolean): Promise<ManualSaveResult | ApiError | Error> => {
    const unusual = store.unusual(all);
    let indices = all;
    if (unusual.length > 0) {
      if (await ask(unusual.map((u) => u.item))) store.confirm(unusual);
      else {
        const refused = new Set(unusual.map((u) => u.index));
        refused.forEach((i) => store.failed(i, undefined, Object.fromEntries(unusual.filter((u) => u.index === i).map((u) => [u.code, store.view(i).cellWarnings[u.code]]))));
        if (submit) return new UnconfirmedValues();
        indices = all.filter((i) => !refused.has(i));
        if (indices.length === 0) return new UnconfirmedValues();
      }
    }
    const rows: { index: number; input: ManualResultInput }[] = indices.flatMap((index) => {
      const input = store.input(index);
      return input ? [{ index, input }] : [];
    });
    rows.forEach((r) => store.saving(r.index));
    try {
      const result = await update({ submissionId, manualResult: rows.map((r) => r.input), submit, reason: '' });
      rows.forEach((r, k) => store.saved(r.index, r.input, result.rows[k]?.rowVersion ?? r.input.rowVersion));
      return result;
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      if (e instanceof ApiError && e.status === 409) {
        rows.forEach((r) => store.failed(r.index, CONFLICT_MESSAGE, {}, true));
      } else if (e instanceof ApiError && e.status === 400) {
        const { sent, sheet } = problemsOf(e, submit);
        rows.forEach((r, k) => {
          const p = sent.get(k);
          if (p) store.failed(r.index, p.message, p.cells);
          else store.settle(r.index);
        });
        sheet.forEach((p, n) => store.failed(n, p.message, p.cells));
      } else {
        rows.forEach((r) => store.failed(r.index, M.saveFailed));
      }
      return e;
    }
  }, [update, submissionId, store, ask]);

  /** saves these rows (those unsaved, savable and holding something) once their earlier saves are done */
  const saveRows = useCallback(async (indices: number[]) => {
    const before = indices.map((i) => inflight.current.get(i)).filter(Boolean);
    const run = Promise.all(before).then(() => {
      const due = indices.filter((i) => store.isUnsaved(i) && store.hasEntry(i) && store.view(i).state !== 'conflict');
      return due.length ? send(due, false) : null;
    });
    indices.forEach((i) => inflight.current.set(i, run));
    await run;
    indices.forEach((i) => {
      if (inflight.current.get(i) === run) inflight.current.delete(i);
    });
  }, [send, store]);

  /** waits for every save under way */
  const settled = useCallback(() => Promise.all([...inflight.current.values()]), []);

  /** Save: the unsaved rows, and the submission handed over; the error (or null on success) */
  const submit = useCallback(async () => {
    await settled();
    const result = await send(store.pendingRows(), true);
    return result instanceof Error ? result : null;
  }, [settled, send, store]);

  /** a refused row taken back as the server holds it */
  const reloadRow = useCallback(async (index: number) => {
    const sheet = await refetchSheet();
    const fresh = sheet?.rows.find((r) => r.sampleNumber === store.sampleNumber(index));
    if (fresh) store.reload(index, fresh);
  }, [refetchSheet, store]);

  return useMemo(() => ({ saveRows, submit, reloadRow, settled }), [saveRows, submit, reloadRow, settled]);
}
