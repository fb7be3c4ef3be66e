import { useMemo, useRef } from 'react';
import { FIELD_MESSAGES, type LabResultRow, ResultRowValues, apiFeatures } from '@sapwood/contracts';
import type { EntryGridSpec, GridColumn } from '../../../components/ui/grid/gridSpec';
import { useEntryGrid } from '../../../components/ui/grid/useEntryGrid';
import { ApiError, call } from '../../../lib/api';
import { parseNumberInput } from '../../../lib/format';
import { type ResultValues, describe, valuesOf } from './resultValues';
import { useUnusual } from './useUnusual';

const lab = apiFeatures.lab;
export type ResultColumn = 'sugar' | 'starch';

const number = (text: string) => {
  const n = parseNumberInput(text);
  return n === undefined ? FIELD_MESSAGES.number : { value: n };
};
/** the results grid's value columns, in keyboard order (their names head the CSV) */
export const RESULT_COLUMNS: GridColumn<ResultColumn>[] = [{ id: 'sugar', name: 'Sugar', parse: number }, { id: 'starch', name: 'Starch', parse: number }];
const yes = (text: string) => ({ value: /^(y|yes|true|1|x|n\/a)$/i.test(text.trim()) });
/** the CSV of the results: the sample number names the row */
export const RESULT_CSV = [{ id: 'sampleNumber', name: 'Sample Number' }, ...RESULT_COLUMNS, { id: 'na', name: 'N/A', parse: yes }];
export const RESULT_NA = { flag: 'na', values: ['sugar', 'starch'] };

/**
 * The results dialog's grid on the entry-grid engine: the contract's `ResultRowValues`, saved one row at a time
 * through `lab.updateResult` (with the reason when the job needs one, and the values outside their usual range
 * asked once: confirmed on Yes, refused by the server at their cells on No); after a 409 the row is read again from
 * `lab.jobData`.
 */
export function useResultsGrid(p: {
  jobId: number;
  info: Map<number, LabResultRow>;
  onClose: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  extraDirty: boolean;
  reasonMissing: () => Promise<boolean>;
  reasonNow: () => string | undefined;
  setReasonAsked: (asked: boolean) => void;
}) {
  const latest = useRef(p);
  latest.current = p;
  const sampleOf = useMemo(() => (id: number) => latest.current.info.get(id)?.sampleNumber ?? String(id), []);
  const unusualRef = useRef<ReturnType<typeof useUnusual> | null>(null);
  const spec: EntryGridSpec<ResultRowValues, ResultColumn, typeof lab.updateResult> = {
    row: ResultRowValues,
    key: (r) => r.id,
    label: (r) => `Sample ${sampleOf(r.id)}`,
    columns: RESULT_COLUMNS,
    values: ['sugar', 'starch', 'na'],
    na: RESULT_NA,
    save: {
      endpoint: lab.updateResult,
      input: (row, rowVersion) => ({
        id: row.id, ...valuesOf(row), confirmed: unusualRef.current!.confirmedOf(row.id, valuesOf(row)), rowVersion, reason: latest.current.reasonNow(),
      }),
      version: (out) => out.rowVersion,
      fresh: async (id) => {
        const r = (await call(lab.jobData, { id: latest.current.jobId })).testCarbohydrateLabResults.find((x) => x.id === id);
        return r && { row: { id: r.id, sugar: r.sugar, starch: r.starch, na: r.na }, version: r.rowVersion };
      },
    },
    describe: (r) => describe(valuesOf(r)),
    before: async (rows) => {
      if (await latest.current.reasonMissing()) return new Set(rows.map((r) => r.id));
      // declined unusual values are still sent: the server refuses them at their cells
      await unusualRef.current!.confirmUnusual(rows.map((r): ResultValues & { id: number } => ({ id: r.id, ...valuesOf(r) })));
      return new Set();
    },
    refused: (err) => {
      if (err instanceof ApiError && err.fieldMessage('reason')) latest.current.setReasonAsked(true);
    },
  };
  const grid = useEntryGrid(spec, { onClose: p.onClose, onDirtyChange: p.onDirtyChange, extraDirty: p.extraDirty });
  const unusual = useUnusual(grid.saves, sampleOf);
  unusualRef.current = unusual;
  return { grid, sampleOf, ...unusual };
}
