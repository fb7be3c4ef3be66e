import { useCallback, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { type LabResultRow, apiFeatures } from '@sapwood/contracts';
import { createRowStatusStore, type RowSaveStatus } from '../../../components/ui/grid/rowStatus';
import type { Ask } from '../../../components/ui/confirm-context';
import { ApiError, call } from '../../../lib/api';
import { useEndpointCall } from '../../../lib/query';
import type { ResultRowsValues } from '../ResultRow';
import { errorText } from './errorText';
import { type Confirmed, type ResultValues, confirmedKeys, describe, same, unconfirmed, unusualResultItem, valuesOf } from './resultValues';

const lab = apiFeatures.lab;

/**
 * Saving the results dialog's rows one at a time (Enter, leaving a row, N/A): what the server holds for each row
 * (values and version), each row's save status, the saves queued per row (a second save waits for the first's new
 * version), and Retry of a refused save (after a 409 the user chooses between theirs and someone else's values).
 * Every function returned is stable while its inputs are, so the memoized rows keep their actions.
 */
export function useResultSaves({ jobId, form, confirm, askUnusual, sampleOf, reasonMissing, reasonNow, rowsInvalid, setError, setReasonAsked }: {
  jobId: number;
  form: UseFormReturn<ResultRowsValues>;
  confirm: Ask;
  /** the one question before saving values outside their usual range (lib/unusual.ts) */
  askUnusual: (items: readonly string[]) => Promise<boolean>;
  sampleOf: (id: number) => string;
  /** true when a reason for the change is needed and not (validly) given */
  reasonMissing: () => Promise<boolean>;
  reasonNow: () => string | undefined;
  /** the contract's check of a row: its message when refused (the dialog shows it), else null */
  rowsInvalid: (name: `rows.${number}`) => Promise<string | null>;
  setError: (message: string | null) => void;
  /** the server asked a reason for the change (the job was completed meanwhile) */
  setReasonAsked: (asked: boolean) => void;
}) {
  const { getValues, setValue, reset, register, resetField } = form;
  // The dialog shows a refused save itself (at the row and above the rows); the page refreshes the lab answers
  // once it closes, so a row saved with Enter does not reload the job under the typist.
  const saveResult = useEndpointCall(lab.updateResult);
  // what the server holds (values and versions): the rows' values are the form's, their versions live here
  const saved = useRef(new Map<number, ResultValues & { rowVersion: number }>());
  const [status] = useState(() => createRowStatusStore<number, RowSaveStatus>());
  /** each row's saves, one after another (a second save waits for the first's new version) */
  const queue = useRef(new Map<number, Promise<void>>());
  /** a row was saved while open: closing refreshes the page's lists */
  const savedAny = useRef(false);
  /** values confirmed outside their usual range, by row id */
  const confirmedRef = useRef(new Map<number, Confirmed>());

  /**
   * Asks once about the rows' values outside their usual range (issue 31); yes: they are confirmed as they stand,
   * no: each such row is marked failed with the words the server would say. Answers the rows declined (none: go on).
   */
  const confirmUnusual = useCallback(async (rows: (ResultValues & { id: number })[]): Promise<Set<number>> => {
    const asked = rows.flatMap((v) => unconfirmed(v, saved.current.get(v.id), confirmedRef.current.get(v.id)).map((p) => ({ id: v.id, p })));
    if (asked.length === 0) return new Set();
    if (await askUnusual(asked.map((a) => unusualResultItem(sampleOf(a.id), a.p)))) {
      for (const { id, p } of asked) confirmedRef.current.set(id, { ...confirmedRef.current.get(id), [p.at]: p.value });
      return new Set();
    }
    const declined = new Set(asked.map((a) => a.id));
    for (const id of declined) {
      status.set(id, { state: 'failed', message: asked.filter((a) => a.id === id).map((a) => `${a.p.at === 'sugar' ? 'Sugar' : 'Starch'}: ${a.p.message}`).join('; ') });
    }
    return declined;
  }, [askUnusual, sampleOf, status]);
  /** the keys of a row's values confirmed as they stand (sent so) */
  const confirmedOf = useCallback((id: number, v: ResultValues) => confirmedKeys(v, confirmedRef.current.get(id)), []);

  /** the job's rows (loaded or loaded again) become the form's rows and what the server holds */
  const load = useCallback((list: LabResultRow[]) => {
    // A value typed but not yet saved survives a reload of the job: it is still what the row shows.
    const before = saved.current;
    const mine = new Map(getValues('rows').map((v) => [v.id, valuesOf(v)]));
    saved.current = new Map(list.map((r) => [r.id, { sugar: r.sugar, starch: r.starch, na: r.na, rowVersion: r.rowVersion }]));
    reset({ rows: list.map((r) => ({ id: r.id, sugar: r.sugar, starch: r.starch, na: r.na })) });
    list.forEach((r, i) => {
      const v = mine.get(r.id);
      const was = before.get(r.id);
      if (v && was && !same(v, was)) setValue(`rows.${i}`, { id: r.id, ...v }, { shouldDirty: true });
    });
  }, [getValues, setValue, reset]);

  const indexOf = useCallback((id: number) => getValues('rows').findIndex((x) => x.id === id), [getValues]);

  /** the row's values are now what the server holds: they become the form's baseline (the row is no longer dirty) */
  const settle = useCallback((id: number, v: ResultValues, setValues: boolean) => {
    const at = indexOf(id);
    if (at < 0) return;
    for (const k of ['sugar', 'starch', 'na'] as const) {
      if (!setValues && valuesOf(getValues(`rows.${at}`))[k] !== v[k]) continue; // typed over meanwhile: stays dirty
      register(`rows.${at}.${k}`); // react-hook-form resets only a registered field (a reload of the job drops registrations)
      resetField(`rows.${at}.${k}`, { defaultValue: v[k] as never, keepError: true });
    }
  }, [indexOf, getValues, register, resetField]);

  const saveNow = useCallback(async (id: number) => {
    const at = indexOf(id);
    const s = saved.current.get(id);
    if (at < 0 || !s) return;
    const v = valuesOf(getValues(`rows.${at}`));
    if (same(v, s)) {
      if (status.get(id)?.state === 'failed') status.set(id, undefined);
      return;
    }
    if (await reasonMissing()) return;
    const invalid = await rowsInvalid(`rows.${at}`);
    if (invalid) {
      status.set(id, { state: 'failed', message: invalid });
      return;
    }
    if ((await confirmUnusual([{ id, ...v }])).size > 0) return;
    status.set(id, { state: 'saving' });
    try {
      const r = await saveResult({ id, ...v, confirmed: confirmedOf(id, v), rowVersion: s.rowVersion, reason: reasonNow() });
      saved.current.set(id, { ...v, rowVersion: r.rowVersion });
      savedAny.current = true;
      settle(id, v, false);
      status.set(id, { state: 'saved' });
      setError(null);
    } catch (err) {
      const message = errorText(err);
      if (err instanceof ApiError && err.fieldMessage('reason')) setReasonAsked(true);
      status.set(id, { state: 'failed', message, conflict: err instanceof ApiError && err.status === 409 });
      setError(`Sample ${sampleOf(id)}: ${message}`);
    }
  }, [indexOf, getValues, status, reasonMissing, rowsInvalid, confirmUnusual, saveResult, confirmedOf, reasonNow, settle, sampleOf, setError, setReasonAsked]);

  /** saves the row (after any save of it still under way); never throws */
  const saveRow = useCallback((id: number) => {
    const run = (queue.current.get(id) ?? Promise.resolve()).then(() => saveNow(id)).catch(() => undefined);
    queue.current.set(id, run);
    void run.then(() => { if (queue.current.get(id) === run) queue.current.delete(id); });
    return run;
  }, [saveNow]);

  /**
   * Retry of a refused save. After a 409 the row is loaded again first: when someone else's values differ from
   * the typed ones the user chooses (Yes: save mine over theirs; No: take theirs); nothing is overwritten unasked.
   */
  const retry = useCallback(async (id: number) => {
    const st = status.get(id);
    if (st?.state === 'failed' && st.conflict) {
      let fresh: LabResultRow | undefined;
      try {
        fresh = (await call(lab.jobData, { id: jobId })).testCarbohydrateLabResults.find((r) => r.id === id);
      } catch (err) {
        status.set(id, { ...st, message: errorText(err) });
        return;
      }
      if (!fresh) {
        status.set(id, { state: 'failed', message: `Sample ${sampleOf(id)} is no longer part of this job.` });
        return;
      }
      const theirs = { sugar: fresh.sugar, starch: fresh.starch, na: fresh.na };
      saved.current.set(id, { ...theirs, rowVersion: fresh.rowVersion });
      const at = indexOf(id);
      if (at < 0) return;
      const mine = valuesOf(getValues(`rows.${at}`));
      if (!same(mine, theirs)) {
        const replace = await confirm(
          `Sample ${sampleOf(id)} was changed by someone else: it now holds ${describe(theirs)}. Replace it with yours (${describe(mine)})? No keeps theirs.`,
          'Changed by someone else',
        );
        if (!replace) {
          settle(id, theirs, true);
          status.set(id, { state: 'saved' });
          setError(null);
          return;
        }
      }
    }
    await saveRow(id);
  }, [status, jobId, sampleOf, indexOf, getValues, confirm, settle, saveRow, setError]);

  /** what the server holds for the row */
  const savedOf = useCallback((id: number) => saved.current.get(id), []);
  /** waits for the rows' saves still under way */
  const pending = useCallback(() => Promise.all([...queue.current.values()]), []);
  /** the rows whose values differ from what the server holds, with the versions they change and the values confirmed */
  const changes = useCallback(() => getValues('rows')
    .filter((v) => !same(valuesOf(v), saved.current.get(v.id)!))
    .map((v) => ({ id: v.id, ...valuesOf(v), confirmed: confirmedOf(v.id, valuesOf(v)), rowVersion: saved.current.get(v.id)!.rowVersion })), [getValues, confirmedOf]);
  /** whether a row was saved while the dialog is open */
  const savedSome = useCallback(() => savedAny.current, []);

  return { status, load, indexOf, saveRow, retry, savedOf, pending, changes, savedSome, confirmUnusual };
}
