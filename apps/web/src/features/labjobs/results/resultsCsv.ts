import type { LabResultRow, ResultRowValues } from '@sapwood/contracts';
import type { CsvRow } from '../../../components/ui/grid/csv';
import { type GridPlan, type PlannedRow, putValues, withNa } from '../../../components/ui/grid/rowModel';
import { describe, valuesOf } from './resultValues';
import { RESULT_NA } from './useResultsGrid';

/** A row's values in a preview ('Sugar 6.00 · Starch 3.00', 'N/A'). */
export const showResult = (r: ResultRowValues | null) => (r ? describe(valuesOf(r)) : '—');

/**
 * A results CSV (Sample Number, Sugar, Starch, N/A) against the job's rows: each line names its sample; a sample not
 * in the job, or values for a row that is N/A (and stays N/A), refuse the file with the line named.
 */
export function csvPlan(lines: CsvRow[], rows: ResultRowValues[], info: Map<number, LabResultRow>): GridPlan<ResultRowValues> | string[] {
  const bySample = new Map(rows.map((r, index) => [info.get(r.id)?.sampleNumber.trim().toLowerCase(), { r, index }]));
  const planned: PlannedRow<ResultRowValues>[] = [];
  const messages: string[] = [];
  for (const { line, values } of lines) {
    const sn = String(values.sampleNumber ?? '').trim();
    const at = bySample.get(sn.toLowerCase());
    if (!at) {
      messages.push(`Line ${line}: sample '${sn}' is not in this job.`);
      continue;
    }
    const patch: Partial<ResultRowValues> = {};
    if ('sugar' in values) patch.sugar = values.sugar as number | null;
    if ('starch' in values) patch.starch = values.starch as number | null;
    const base = 'na' in values ? withNa(at.r, RESULT_NA, !!values.na) : at.r;
    const to = values.na ? base : putValues(base, patch, RESULT_NA);
    if (!to) messages.push(`Line ${line}: sample ${sn} is N/A and takes no values (clear its N/A first, or say N/A 'no').`);
    else planned.push({ index: at.index, label: sn, from: at.r, to });
  }
  if (messages.length) return messages;
  const n = planned.length;
  return { title: `CSV import · ${n} ${n === 1 ? 'row' : 'rows'}`, rows: planned, notes: [] };
}
