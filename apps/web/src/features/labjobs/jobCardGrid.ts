import { useCallback, useMemo, useRef, useState } from 'react';
import {
  type CropOption, type HeaderValues, JobCardForm, JobEntryRow, type Match, PASTE_COLUMNS, type PastedRow, type TissueOption, apiFeatures, nextSampleNumber,
  parsePaste, propagateHeader,
} from '@sapwood/contracts';
import type { CsvRow } from '../../components/ui/grid/csv';
import type { GridColumn } from '../../components/ui/grid/gridSpec';
import type { GridPlan, PlannedRow } from '../../components/ui/grid/rowModel';
import { useEntryGrid } from '../../components/ui/grid/useEntryGrid';
import { call } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { EMPTY_HEADER, type EntryColumn, type EntryState, type JobCardValues, applyChange, matchPatch, newEntry, pastedPatch } from './entryModel';
import type { EntryRowActions } from './EntryRow';

const HEADINGS = ['Sample Number', 'Entity', 'Agent', 'Agronomist', 'Farm Name', 'Field Block Number', 'Sample Date', 'Tissue', 'Crop', 'Cultivar', 'Region', 'Growth'];
/** the job card's CSV: the grid's headings, read into the paste's columns */
export const ENTRY_CSV = PASTE_COLUMNS.map((id, i) => ({ id, name: HEADINGS[i] }));
/** the cells the keyboard moves through (the text cells), in Tab order */
export const ENTRY_COLUMNS: GridColumn<EntryColumn>[] = ENTRY_CSV.slice(0, 6) as GridColumn<EntryColumn>[];
const VALUES = ['sampleNumber', 'entity', 'agent', 'agronomist', 'farmName', 'fieldBlockNumber', 'sampleDate', 'tissueId', 'cropId', 'cultivarId', 'regionId', 'testCarboCropGrowthId', 'testCarbohydrateId'];

/** An entry as a preview shows it. */
export const showEntry = (e: EntryState | null) =>
  (e ? [e.sampleNumber, e.entity, e.agent, e.farmName, e.fieldBlockNumber, formatDate(e.sampleDate)].filter(Boolean).join(' · ') : '—');

/**
 * The job card's entries on the entry-grid engine (checked with the contract's `JobCardForm`; saved whole on
 * Submit), with its header: new entries default from the header, header edits propagate to the entries, a pasted
 * block or a CSV fills rows after a preview, and a sample number looks up matches when left.
 */
export function useJobCardGrid(p: { jobId: number | null; crops: CropOption[]; tissues: TissueOption[]; defaults: JobCardValues; onClose: () => void; onDirtyChange?: (dirty: boolean) => void }) {
  const grid = useEntryGrid<EntryState, EntryColumn, never, JobCardValues & { rows: EntryState[] }>({
    row: JobEntryRow, form: JobCardForm, key: (r) => r.key, label: (r) => `Sample ${r.sampleNumber}`, columns: ENTRY_COLUMNS, values: VALUES,
  }, { defaults: p.defaults, onClose: p.onClose, onDirtyChange: p.onDirtyChange });
  const [header, setHeader] = useState<HeaderValues>(EMPTY_HEADER);
  const state = useRef({ header, ...p });
  state.current = { header, ...p };
  /** a save was tried: from then on the messages follow every change */
  const submitted = useRef(false);
  const { form, rows, write, append, remove } = grid;
  const recheck = useCallback(() => {
    if (submitted.current) void form.trigger();
  }, [form]);
  const changeHeader = useCallback((patch: Partial<HeaderValues>) => {
    const before = state.current.header;
    const after = applyChange(before, patch, state.current.crops);
    setHeader(after);
    const list = rows();
    let next = list;
    for (const field of Object.keys(after) as (keyof HeaderValues)[]) {
      if (after[field] !== before[field]) next = propagateHeader(next, field, before, after);
    }
    next.forEach((e, i) => e !== list[i] && write(i, e));
    recheck();
  }, [rows, write, recheck]);
  const add = useCallback(() => {
    const list = rows();
    append(newEntry(state.current.header, nextSampleNumber(list[list.length - 1]?.sampleNumber)), { shouldFocus: false });
  }, [rows, append]);
  const plan = useCallback((pasted: PastedRow[], index: number) => entryPlan(rows(), index, pasted, state.current), [rows]);
  const actions = useEntryActions({ grid, state, plan, recheck, remove });
  const importCsv = (file: File) => grid.importCsv(file, ENTRY_CSV, (csv: CsvRow[]) => plan(csv.map((r) => r.values as PastedRow), rows().length), showEntry);
  return { grid, header, changeHeader, add, actions, submitted, importCsv };
}

/** The rows a pasted block (or a CSV) fills from row `index` on, new entries past the end. */
function entryPlan(list: EntryState[], index: number, pasted: PastedRow[], s: { header: HeaderValues; crops: CropOption[]; tissues: TissueOption[] }): GridPlan<EntryState> {
  const planned: PlannedRow<EntryState>[] = [];
  pasted.forEach((row, k) => {
    const at = index + k;
    const prev = planned[k - 1]?.to ?? list[at - 1];
    const base = list[at] ?? newEntry(s.header, row.sampleNumber ? '' : nextSampleNumber(prev?.sampleNumber));
    const patch = pastedPatch(row, base, s.crops, s.tissues);
    const to = { ...base, ...patch, testCarbohydrateId: patch.sampleNumber !== undefined ? null : base.testCarbohydrateId, matches: null };
    planned.push({ index: at, label: to.sampleNumber || `Row ${at + 1}`, from: list[at] ?? null, to });
  });
  const n = planned.length;
  return { title: `Paste entries · ${n} ${n === 1 ? 'row' : 'rows'}`, rows: planned, notes: planned.some((r) => !r.from) ? [`${planned.filter((r) => !r.from).length} new entries are added.`] : [] };
}

function useEntryActions({ grid, state, plan, recheck, remove }: {
  grid: ReturnType<typeof useEntryGrid<EntryState, EntryColumn, never, JobCardValues & { rows: EntryState[] }>>;
  state: { current: { jobId: number | null; crops: CropOption[] } };
  plan: (pasted: PastedRow[], index: number) => GridPlan<EntryState>;
  recheck: () => void;
  remove: (index: number) => void;
}): EntryRowActions {
  const looked = useRef(new Map<number, string>());
  const { rows, write, form, propose, onKey, cells } = grid;
  return useMemo(() => ({
    change: (index, patch) => {
      write(index, applyChange(rows()[index], patch, state.current.crops));
      recheck();
    },
    typed: (index) => {
      const e = rows()[index];
      if (e.testCarbohydrateId !== null || e.matches !== null) write(index, { ...e, testCarbohydrateId: null, matches: null });
      recheck(); // a sample number is checked against the other rows' too
    },
    paste: (index, text) => propose(plan(parsePaste(text), index), showEntry),
    lookup: (index) => {
      const e = rows()[index];
      const value = e?.sampleNumber.trim();
      if (!e || !value || e.testCarbohydrateId || looked.current.get(e.key) === value) return;
      looked.current.set(e.key, value);
      void call(apiFeatures.lab.matches, { value, jobId: state.current.jobId }).then((matches) => {
        const at = rows().findIndex((x) => x.key === e.key && x.sampleNumber.trim() === value);
        if (at >= 0) form.setValue(`rows.${at}.matches`, matches);
      }).catch(() => looked.current.delete(e.key));
    },
    choose: (index: number, m: Match) => {
      write(index, { ...rows()[index], ...matchPatch(m) });
      recheck();
    },
    remove: (index) => {
      remove(index);
      recheck();
    },
    key: onKey,
    element: (index, column, el) => cells.set(index, column, el),
  }), [rows, write, form, propose, plan, recheck, remove, onKey, cells, state]);
}
