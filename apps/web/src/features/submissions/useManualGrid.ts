import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  type ManualGridRow, type ManualResultRow, heldValueCodes, manualColumnsOf, manualGridRow, manualRowValues, resultValueProblems, unusualItem,
} from '@sapwood/contracts';
import type { EntryGridSpec } from '../../components/ui/grid/gridSpec';
import type { RowKey, RowSaves } from '../../components/ui/grid/rowSaves';
import { useEntryGrid } from '../../components/ui/grid/useEntryGrid';
import { call } from '../../lib/api';
import { useEndpointQuery } from '../../lib/query';
import { useAskUnusual } from '../../lib/unusual';
import { type SubmissionKind, resultEndpointsOf } from './kind';
import { manualFields, manualHeader, manualNa, manualValueFields } from './manualPlans';

/** A sheet row as the grid holds it: the values as text (typed text stays as typed). */
export function manualRowOf(kind: SubmissionKind, r: ManualResultRow): ManualGridRow {
  const texts = Object.fromEntries(manualColumnsOf(kind).map((c) => [c.code, r.values[c.code] === undefined || r.values[c.code] === null ? '' : String(r.values[c.code])]));
  return { sampleId: r.sampleId, sampleNumber: r.sampleNumber, labNumber: r.labNumber, isNa: r.na, ...texts };
}

/**
 * The server's field of a save of one row (`manualResult.0.values.N`, `manualResult.0.labNumber`, `manualResult.0`)
 * as the row's field ('' the row): the row's N/A (`manualResult.0.na`) is the grid's `isNa`, a value keeps its code
 * (the farmers' sodium, `values.na`, is the `na` cell).
 */
export const manualFieldOfError = (field: string) => {
  const m = /^manualResult\.\d+(?:\.(values\.)?(.+))?$/.exec(field);
  if (!m) return field;
  if (m[2] === undefined || (!m[1] && m[2] === 'sampleId')) return '';
  return !m[1] && m[2] === 'na' ? 'isNa' : m[2];
};

/** The values outside their usual range a row would save, not yet confirmed nor held by the sample. */
function unusualOf(kind: SubmissionKind, row: ManualGridRow, held: ManualGridRow | undefined, confirmed: Record<string, number> | undefined) {
  if (row.isNa) return [];
  const values = manualRowValues(kind, row);
  const ok = [...Object.keys(values).filter((c) => values[c] !== null && confirmed?.[c] === values[c]), ...heldValueCodes(values, held && manualRowValues(kind, held))];
  return resultValueProblems(kind, values, ok).filter((p) => p.level === 'unusual');
}

/**
 * Values outside their usual range (issue 31): asked once for the rows saved together. Yes: confirmed as they stand
 * (sent so). No: sent unconfirmed, and the server, the one judge of the rule (capture-results.service), refuses the
 * row with a 400 at its cells (`manualResult.0.values.K`; the grid engine shows it, the row stays unsaved).
 */
function useUnusualRows(kind: SubmissionKind, savesRef: { current: RowSaves<ManualGridRow> | null }) {
  const ask = useAskUnusual();
  const confirmed = useRef(new Map<RowKey, Record<string, number>>());
  const labels = useMemo(() => new Map(manualColumnsOf(kind).map((c) => [c.code, c.label])), [kind]);
  /** never refuses a row itself: those declined are still sent, for the server to refuse */
  const before = async (rows: ManualGridRow[]): Promise<Set<RowKey>> => {
    const saves = savesRef.current!;
    const asked = rows.map((row) => ({ row, problems: unusualOf(kind, row, saves.held.get(row.sampleId)?.values, confirmed.current.get(row.sampleId)) })).filter((x) => x.problems.length);
    if (asked.length === 0 || !(await ask(asked.flatMap(({ row, problems }) => problems.map((p) => unusualItem(`${row.sampleNumber} ${labels.get(p.at) ?? p.at}`, p.value, p.bounds)))))) return new Set();
    for (const { row, problems } of asked) confirmed.current.set(row.sampleId, { ...confirmed.current.get(row.sampleId), ...Object.fromEntries(problems.map((p) => [p.at, p.value])) });
    return new Set();
  };
  /** the codes of the row's values confirmed as they stand */
  const confirmedOf = (row: ManualGridRow) => {
    const values = manualRowValues(kind, row);
    const c = confirmed.current.get(row.sampleId);
    return Object.keys(values).filter((k) => values[k] !== null && c?.[k] === values[k]);
  };
  // stable: the grid's cells take it (a new one each render would re-render every row of the memoized grid)
  const isConfirmed = useCallback((key: RowKey, code: string, value: number) => confirmed.current.get(key)?.[code] === value, []);
  return { before, confirmedOf, isConfirmed };
}

/**
 * Manual result entry on the entry-grid engine (components/ui/grid, issue 34): the sheet's rows (`manualGridRow`,
 * the contract's rules of values/result-row.ts), saved one row at a time through `updateManual` with the version
 * read (409: the other user's values and the choice; 400: at the cells the server names), the values outside their
 * usual range asked once (No: sent unconfirmed, refused by the server at their cells). The sheet is read once per
 * opening; after a 409 a row is read again from it.
 */
export function useManualGrid(kind: SubmissionKind, submissionId: number, onClose: () => void) {
  const ep = resultEndpointsOf(kind);
  const sheet = useEndpointQuery(ep.sampleNumbers, { submissionId }, { gcTime: 0, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false });
  const savesRef = useRef<RowSaves<ManualGridRow> | null>(null);
  const unusual = useUnusualRows(kind, savesRef);
  const schema = useMemo(() => manualGridRow(kind), [kind]);
  const spec: EntryGridSpec<ManualGridRow, string, typeof ep.updateManual> = {
    row: schema,
    key: (r) => r.sampleId,
    label: (r) => `Sample ${r.sampleNumber}`,
    columns: manualFields(kind).map((id) => ({ id, name: manualHeader(kind, id) })),
    values: manualValueFields(kind),
    na: manualNa(kind),
    save: {
      endpoint: ep.updateManual,
      input: (row, rowVersion) => ({
        submissionId, submit: false, reason: '',
        manualResult: [{ sampleId: row.sampleId, labNumber: row.labNumber.trim(), na: row.isNa, values: manualRowValues(kind, row), confirmed: unusual.confirmedOf(row), rowVersion }],
      }),
      version: (out) => out.rows[0]?.rowVersion ?? 0,
      fresh: async (key) => {
        const r = (await call(ep.sampleNumbers, { submissionId })).rows.find((x) => x.sampleId === key);
        return r && { row: manualRowOf(kind, r), version: r.rowVersion };
      },
      field: manualFieldOfError,
    },
    describe: (r) => (r.isNa ? 'N/A' : manualValueFields(kind).filter((f) => f !== 'isNa' && String(r[f] ?? '').trim() !== '').map((f) => `${manualHeader(kind, f)} ${String(r[f])}`).join(' · ') || 'nothing'),
    before: unusual.before,
  };
  const grid = useEntryGrid<ManualGridRow, string, typeof ep.updateManual>(spec, { onClose, quietDirty: true });
  savesRef.current = grid.saves;
  const loaded = useRef(false);
  const { load, cells } = grid;
  useEffect(() => {
    if (!sheet.data || loaded.current) return;
    loaded.current = true;
    load(sheet.data.rows.map((r) => ({ row: manualRowOf(kind, r), version: r.rowVersion })));
  }, [sheet.data, load, kind]);
  const hasRows = grid.fields.length > 0;
  useEffect(() => {
    if (!hasRows) return;
    // after the modal's own focus trap has placed its first focus; not when the user is in a cell already (on a
    // slow machine the timer fired after a click into a cell, and the typing went on in the first row's lab number)
    const t = setTimeout(() => {
      if (!cells.holds(document.activeElement)) cells.focus(0, 'labNumber');
    }, 30);
    return () => clearTimeout(t);
  }, [hasRows, cells]);
  return { sheet, grid, isConfirmed: unusual.isConfirmed };
}
