import {
  MANUAL_CSV_MESSAGES, MANUAL_ENTRY_MESSAGES as M, type ManualGridRow, type ManualKind, manualColumnsOf, manualFieldOf, parseManualPaste, parseNaCell,
  parseResultNumber,
} from '@sapwood/contracts';
import type { CsvColumn, CsvRow } from '../../components/ui/grid/csv';
import { type GridPlan, type NaRule, type PlannedRow, putValues, sameValues } from '../../components/ui/grid/rowModel';

/** The grid's keyboard columns: Lab Number, then the values in the kind's order (the paste order too). */
export const manualFields = (kind: ManualKind): string[] => ['labNumber', ...manualColumnsOf(kind).map((c) => c.code)];
/** A row marked N/A takes no values (the engine's rule): its values are blank. */
export const manualNa = (kind: ManualKind): NaRule => ({ flag: 'isNa', values: manualColumnsOf(kind).map((c) => c.code) });
/** The fields a save sends and dirty tracking compares. */
export const manualValueFields = (kind: ManualKind): string[] => ['labNumber', 'isNa', ...manualColumnsOf(kind).map((c) => c.code)];

/** A field's name in messages and the preview ('Lab Number', 'N %', 'N/A'). */
export function manualHeader(kind: ManualKind, field: string): string {
  if (field === 'labNumber') return 'Lab Number';
  if (field === 'isNa') return 'N/A';
  return manualColumnsOf(kind).find((c) => c.code === field)?.header ?? field;
}

/** The row marked N/A (its values blanked) or not. */
export function manualWithNa(kind: ManualKind, row: ManualGridRow, na: boolean): ManualGridRow {
  return na ? { ...row, isNa: true, ...Object.fromEntries(manualNa(kind).values.map((c) => [c, ''])) } : { ...row, isNa: false };
}

/** The value cells holding text. */
export const manualValueCount = (kind: ManualKind, row: ManualGridRow) => manualNa(kind).values.filter((c) => String(row[c] ?? '').trim() !== '').length;

/** How a plan's rows read in its preview: the fields it changes, 'Lab Number LAB-2 · N % 2.5'. */
function shower(kind: ManualKind, fields: readonly string[]) {
  return (row: ManualGridRow | null) => (row ? fields.map((f) => `${manualHeader(kind, f)} ${f === 'isNa' ? (row.isNa ? 'yes' : 'no') : String(row[f] ?? '') || '—'}`).join(' · ') : '—');
}

/**
 * What a paste or a CSV puts in the rows (patches by row index) as a plan for the preview. The engine's N/A rule
 * wins: values never go into an N/A row (it is skipped and named, never "saved" while losing them) unless the
 * patch itself clears N/A (a CSV saying N/A no); a patch marking N/A blanks the row's values; a row both N/A and
 * holding values is not taken.
 */
export function manualPlan(kind: ManualKind, rows: readonly ManualGridRow[], patches: Map<number, Partial<ManualGridRow>>, title: string, notes: string[]) {
  const na = manualNa(kind);
  const planned: PlannedRow<ManualGridRow>[] = [];
  const skipped: string[] = [];
  const touched = new Set<string>();
  for (const [index, patch] of patches) {
    const from = rows[index];
    const holds = na.values.some((c) => String(patch[c] ?? '').trim() !== '');
    if (patch.isNa === true && holds) {
      notes.push(`${from.sampleNumber}: ${M.naWithValues}: not taken.`);
      continue;
    }
    // values into an N/A row: refused (the engine's putValues), unless the patch clears N/A itself
    if (patch.isNa === undefined && holds && !putValues(from, patch, na)) {
      skipped.push(from.sampleNumber);
      continue;
    }
    const to = patch.isNa === true ? manualWithNa(kind, { ...from, ...patch }, true) : { ...from, ...patch };
    const fields = manualValueFields(kind).filter((f) => !sameValues(from, to, [f]));
    if (fields.length === 0) continue;
    fields.forEach((f) => touched.add(f));
    planned.push({ index, label: from.sampleNumber, from, to });
  }
  if (skipped.length) notes.unshift(`N/A rows take no values and are skipped: ${skipped.join(', ')}.`);
  const n = planned.length;
  const plan: GridPlan<ManualGridRow> = { title: `${title} · ${n} ${n === 1 ? 'row' : 'rows'}`, rows: planned, notes };
  return { plan, show: shower(kind, manualValueFields(kind).filter((f) => touched.has(f))) };
}

/** The CSV's columns (parseGridCsv): Sample Number names the row; headings are read as the kind's aliases too (`manualCsvHeading`). */
export function manualCsvColumns(kind: ManualKind): CsvColumn[] {
  const number = (text: string) => (parseResultNumber(text) === undefined ? MANUAL_CSV_MESSAGES.notNumber(text) : { value: text });
  const yesNo = (text: string) => {
    const v = parseNaCell(text);
    return v === undefined ? MANUAL_CSV_MESSAGES.notNa(text) : { value: v };
  };
  return [
    { id: 'sampleNumber', name: 'Sample Number' },
    { id: 'labNumber', name: 'Lab Number' },
    ...manualColumnsOf(kind).map((c) => ({ id: c.code, name: c.header, parse: number })),
    { id: 'isNa', name: 'N/A', parse: yesNo },
  ];
}

/** A heading as the manual sheet reads it (Sample, Lab, 'Fe mg/kg', a code…): the column's id, or null. */
export function manualCsvHeading(kind: ManualKind) {
  return (text: string) => {
    const f = manualFieldOf(kind, text);
    return f === null ? null : f === 'na' ? 'isNa' : typeof f === 'string' ? f : f.code;
  };
}

/** A CSV's rows (or a paste with its header) matched by sample number (case and spaces aside): the plan, or why nothing is taken. */
export function manualCsvPlan(kind: ManualKind, rows: readonly ManualGridRow[], lines: readonly CsvRow[]) {
  const at = new Map(rows.map((r, i) => [r.sampleNumber.trim().toLowerCase(), i]));
  const patches = new Map<number, Partial<ManualGridRow>>();
  let unmatched = 0;
  for (const line of lines) {
    const { sampleNumber, ...values } = line.values;
    const index = at.get(String(sampleNumber ?? '').trim().toLowerCase());
    if (index === undefined) unmatched += 1;
    else patches.set(index, { ...patches.get(index), ...(values as Partial<ManualGridRow>) });
  }
  return manualPlan(kind, rows, patches, 'CSV import', unmatched ? [M.notUploaded(unmatched)] : []);
}

/**
 * Tab-separated lines pasted into the cell `field` of row `index`: the lines fill the rows downwards and the cells
 * the columns rightwards in the paste order (lab number, then the values). As every grid of the engine does
 * (columnPlan), N/A rows take nothing: they are skipped (the next line goes to the next row) and named. A cell that
 * is not a number: the message (its line named), nothing pasted.
 */
export function manualPastePlan(kind: ManualKind, rows: readonly ManualGridRow[], index: number, field: string, text: string) {
  const parsed = parseManualPaste(kind, text, Math.max(0, manualFields(kind).indexOf(field)));
  const bad = parsed.cells.find((c) => c.value === undefined);
  if (bad) return `Line ${bad.row + 1} of the paste, ${manualHeader(kind, bad.field)}: '${bad.text}' is not a number. Nothing was pasted.`;
  const usable = rows.map((r, i) => ({ r, i })).filter((x) => x.i >= index && !x.r.isNa).map((x) => x.i);
  const patches = new Map<number, Partial<ManualGridRow>>();
  let past = 0;
  for (const cell of parsed.cells) {
    const at = usable[cell.row];
    if (at === undefined) past = Math.max(past, cell.row - usable.length + 1);
    else patches.set(at, { ...patches.get(at), [cell.field]: cell.text });
  }
  const last = Math.max(index, ...patches.keys());
  const skipped = rows.slice(index, last + 1).filter((r) => r.isNa).map((r) => r.sampleNumber);
  const notes = [...(skipped.length ? [`N/A rows take no values and are skipped: ${skipped.join(', ')}.`] : []),
    ...(past ? [`${past} pasted ${past === 1 ? 'line has' : 'lines have'} no row left and will not be used.`] : []),
    ...(parsed.leftOver ? [`${parsed.leftOver} cells past the last column will not be used.`] : [])];
  return manualPlan(kind, rows, patches, 'Paste', notes);
}
