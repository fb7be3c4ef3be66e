import type { CsvSampleRow } from '@sapwood/contracts';
import type { GridPlan, PlannedRow } from '../../components/ui/grid/rowModel';
import { type NameChoices, type PrepareRow, blankRow, filledRow, groupsOf } from './draft';
import type { SubmissionKind } from './kind';

/** A Prepare row as the paste preview shows it: 'L2001 · B7 · Flowering'. */
export const showPrepareRow = (r: PrepareRow | null) => (r ? [r.sampleNumber, r.blockNumber, r.growthStage].filter(Boolean).join(' · ') || '(empty)' : '—');

/**
 * Rows pasted into group `g` from its row `start` on, as the engine's plan (a preview before Apply): the group's rows
 * from there are filled in place, lines past its last row become new rows of the group (appended to the grid's rows:
 * a group's rows are the grid's rows of its number, in order).
 */
export function preparePastePlan(kind: SubmissionKind, list: readonly PrepareRow[], g: number, start: number, pasted: CsvSampleRow[], choices: NameChoices): GridPlan<PrepareRow> {
  const group = groupsOf(list)[g] ?? [];
  const groupNo = list.find((x) => x.key === group[0]?.key)?.group ?? 0;
  let added = 0;
  const rows = pasted.map((csv, k): PlannedRow<PrepareRow> => {
    const base = group[start + k];
    const index = base ? list.findIndex((x) => x.key === base.key) : list.length + added++;
    const from = base ? list[index] : null;
    const to = { ...filledRow(kind, from ?? blankRow(kind), csv, choices), group: groupNo };
    return { index, label: to.sampleNumber || `row ${start + k + 1}`, from, to };
  });
  const n = rows.length;
  return {
    title: `Paste rows · ${n} ${n === 1 ? 'row' : 'rows'}`,
    rows,
    notes: added ? [`${added} new ${added === 1 ? 'row is' : 'rows are'} added to group ${g + 1}.`] : [],
    focus: rows.length ? { row: rows[0].index, column: 'sampleNumber' } : undefined,
  };
}
