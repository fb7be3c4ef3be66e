import { useCallback, useMemo, useRef, useState } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import {
  type CropOption, type HeaderValues, type Match, type TissueOption, apiFeatures, nextSampleNumber, parsePaste, propagateHeader,
} from '@sapwood/contracts';
import { call } from '../../lib/api';
import { EMPTY_HEADER, type EntryState, type JobCardValues, applyChange, matchPatch, newEntry, pastedPatch } from './entryModel';
import type { EntryRowActions } from './EntryRow';

/**
 * The job card's entries (the form's `rows`, a field array) and header: new entries default from the
 * header, header edits propagate to the entries (tissue and growth only to the entries that still hold the
 * previous header value), paste spreads rows over the grid from the pasted row on, and a sample number looks
 * up matches when left.
 */
export function useJobEntries(form: UseFormReturn<JobCardValues>, jobId: number | null, crops: CropOption[], tissues: TissueOption[]) {
  const { control, getValues, setValue, trigger } = form;
  const { fields, append, remove } = useFieldArray<JobCardValues, 'rows', 'fieldKey'>({ control, name: 'rows', keyName: 'fieldKey' });
  const [header, setHeader] = useState<HeaderValues>(EMPTY_HEADER);
  const state = useRef({ header, crops, tissues });
  state.current = { header, crops, tissues };
  const looked = useRef(new Map<number, string>());
  /** a save was tried: from then on the messages follow every change */
  const submitted = useRef(false);

  /** after a change made for the user (header, paste, a match, a pick list), the messages follow once a save was tried */
  const recheck = useCallback(() => {
    if (submitted.current) void trigger();
  }, [trigger]);

  /** a row's new values into the form, field by field, only what changed (its inputs follow) */
  const write = useCallback((index: number, next: EntryState) => {
    const cur = getValues(`rows.${index}`);
    for (const k of Object.keys(next) as (keyof EntryState)[]) {
      if (!Object.is(cur[k], next[k])) setValue(`rows.${index}.${k}`, next[k] as never, { shouldDirty: true });
    }
  }, [getValues, setValue]);

  const changeHeader = useCallback((patch: Partial<HeaderValues>) => {
    const before = state.current.header;
    const after = applyChange(before, patch, state.current.crops);
    setHeader(after);
    const list = getValues('rows');
    let next = list;
    for (const field of Object.keys(after) as (keyof HeaderValues)[]) {
      if (after[field] !== before[field]) next = propagateHeader(next, field, before, after);
    }
    next.forEach((e, i) => {
      if (e !== list[i]) write(i, e);
    });
    recheck();
  }, [getValues, write, recheck]);

  const add = useCallback(() => {
    const list = getValues('rows');
    append(newEntry(state.current.header, nextSampleNumber(list[list.length - 1]?.sampleNumber)), { shouldFocus: false });
  }, [getValues, append]);

  const actions: EntryRowActions = useMemo(() => ({
    change: (index, patch) => {
      write(index, applyChange(getValues(`rows.${index}`), patch, state.current.crops));
      recheck();
    },
    typed: (index) => {
      const e = getValues(`rows.${index}`);
      if (e.testCarbohydrateId !== null || e.matches !== null) write(index, { ...e, testCarbohydrateId: null, matches: null });
      // a sample number is checked against the other rows' too: a repeated one cleared here clears there
      recheck();
    },
    paste: (index, text) => {
      const rows = parsePaste(text);
      const list = getValues('rows');
      const next = [...list];
      rows.forEach((row, k) => {
        const at = index + k;
        const base = next[at] ?? newEntry(state.current.header, row.sampleNumber ? '' : nextSampleNumber(next[at - 1]?.sampleNumber));
        const patch = pastedPatch(row, base, state.current.crops, state.current.tissues);
        next[at] = { ...base, ...patch, testCarbohydrateId: patch.sampleNumber !== undefined ? null : base.testCarbohydrateId, matches: null };
      });
      for (let i = index; i < list.length; i += 1) if (next[i] !== list[i]) write(i, next[i]);
      if (next.length > list.length) append(next.slice(list.length), { shouldFocus: false });
      recheck();
    },
    lookup: (index) => {
      const e = getValues(`rows.${index}`);
      const value = e?.sampleNumber.trim();
      if (!e || !value || e.testCarbohydrateId || looked.current.get(e.key) === value) return;
      looked.current.set(e.key, value);
      void call(apiFeatures.lab.matches, { value, jobId }).then((matches) => {
        const at = getValues('rows').findIndex((x) => x.key === e.key && x.sampleNumber.trim() === value);
        if (at >= 0) setValue(`rows.${at}.matches`, matches);
      }).catch(() => looked.current.delete(e.key));
    },
    choose: (index: number, m: Match) => {
      write(index, { ...getValues(`rows.${index}`), ...matchPatch(m) });
      recheck();
    },
    remove: (index) => {
      remove(index);
      recheck();
    },
  }), [jobId, getValues, setValue, write, recheck, remove, append]);

  return { fields, header, changeHeader, add, actions, submitted };
}
