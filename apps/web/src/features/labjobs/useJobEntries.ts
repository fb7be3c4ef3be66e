import { useCallback, useMemo, useRef, useState } from 'react';
import {
  type CropOption, type HeaderValues, type Match, type TissueOption, apiFeatures, nextSampleNumber, parsePaste, propagateHeader,
} from '@sapwood/contracts';
import { call } from '../../lib/api';
import { EMPTY_HEADER, type EntryState, applyChange, matchPatch, newEntry, pastedPatch } from './entryModel';
import type { EntryRowActions } from './EntryRow';

/**
 * The job card's entries and header: new entries default from the header, header edits propagate to
 * the entries (tissue and growth only to the entries that still hold the previous header value), paste
 * spreads rows over the grid from the pasted row on, and a sample number looks up matches when left.
 */
export function useJobEntries(jobId: number | null, crops: CropOption[], tissues: TissueOption[]) {
  const [header, setHeader] = useState<HeaderValues>(EMPTY_HEADER);
  const [entries, setEntries] = useState<EntryState[]>([]);
  const state = useRef({ header, entries, crops, tissues });
  state.current = { header, entries, crops, tissues };
  const looked = useRef(new Map<number, string>());

  const changeHeader = useCallback((patch: Partial<HeaderValues>) => {
    const before = state.current.header;
    const after = applyChange(before, patch, state.current.crops);
    setHeader(after);
    setEntries((list) => {
      let next = list;
      for (const field of Object.keys(after) as (keyof HeaderValues)[]) {
        if (after[field] !== before[field]) next = propagateHeader(next, field, before, after);
      }
      return next;
    });
  }, []);

  const add = useCallback(() => {
    setEntries((list) => [...list, newEntry(state.current.header, nextSampleNumber(list[list.length - 1]?.sampleNumber))]);
  }, []);

  const actions: EntryRowActions = useMemo(() => ({
    change: (index, patch) =>
      setEntries((list) => list.map((e, i) => (i === index ? applyChange(e, patch, state.current.crops) : e))),
    paste: (index, text) => {
      const rows = parsePaste(text);
      setEntries((list) => {
        const next = [...list];
        rows.forEach((row, k) => {
          const at = index + k;
          const base = next[at] ?? newEntry(state.current.header, row.sampleNumber ? '' : nextSampleNumber(next[at - 1]?.sampleNumber));
          const patch = pastedPatch(row, base, state.current.crops, state.current.tissues);
          next[at] = { ...base, ...patch, testCarbohydrateId: patch.sampleNumber !== undefined ? null : base.testCarbohydrateId, matches: null };
        });
        return next;
      });
    },
    lookup: (index) => {
      const e = state.current.entries[index];
      const value = e?.sampleNumber.trim();
      if (!e || !value || e.testCarbohydrateId || looked.current.get(e.key) === value) return;
      looked.current.set(e.key, value);
      void call(apiFeatures.lab.matches, { value, jobId }).then((matches) => {
        setEntries((list) => list.map((x) => (x.key === e.key && x.sampleNumber.trim() === value ? { ...x, matches } : x)));
      }).catch(() => looked.current.delete(e.key));
    },
    choose: (index: number, m: Match) => setEntries((list) => list.map((e, i) => (i === index ? { ...e, ...matchPatch(m) } : e))),
    remove: (index) => setEntries((list) => list.filter((_, i) => i !== index)),
  }), [jobId]);

  return { header, setHeader, changeHeader, entries, setEntries, add, actions };
}
