import Papa from 'papaparse';
import type { LabResultView } from '@sapwood/contracts';

/** A measured value's column of the lab result view: its code, name and unit. */
export interface ResultColumn {
  code: string;
  name: string;
  unit: string;
}

/**
 * The lab result view as a table: one row per sample, one column per measured value (in first-seen order), and
 * per value the flag an outside lab's value out of its bounds was stored with (null: none).
 */
export interface LabResultTable {
  columns: ResultColumn[];
  /** `noResult`: why a sample shows no values (N/A, waiting for its lab, its order refused…), null when it has some */
  rows: { labNumber: string; sampleReference: string; values: (number | null)[]; flags: (string | null)[]; noResult: string | null }[];
}

/** A column's heading: its name, and its unit in brackets when it has one ('N (%)'). */
export const columnHeading = (c: ResultColumn) => (c.unit ? `${c.name} (${c.unit})` : c.name);

/** The samples × values table of a lab result view; a value a sample lacks is null. */
export function labResultTable(view: LabResultView): LabResultTable {
  const columns: ResultColumn[] = [];
  const at = new Map<string, number>();
  for (const s of view.sampleData) {
    for (const v of s.resultvalue) {
      if (at.has(v.code)) continue;
      at.set(v.code, columns.length);
      columns.push({ code: v.code, name: v.name, unit: v.unit });
    }
  }
  const rows = view.sampleData.map((s) => {
    const values: (number | null)[] = columns.map(() => null);
    const flags: (string | null)[] = columns.map(() => null);
    for (const v of s.resultvalue) {
      values[at.get(v.code)!] = v.lab_result;
      flags[at.get(v.code)!] = v.flag ?? null;
    }
    return { labNumber: s.lab_number, sampleReference: s.sample_reference, values, flags, noResult: s.no_result ?? null };
  });
  return { columns, rows };
}

/** Text a spreadsheet would read as a formula starts with one of these: it is written after a quote mark. */
const FORMULA = /^[=+\-@\t\r]/;
const safeText = (s: string) => (FORMULA.test(s) ? `'${s}` : s);

/** The file name of the Lab Result dialog's Export CSV (spec §9). */
export const LAB_RESULT_CSV_NAME = 'data.csv';

/**
 * The Lab Result dialog's Export CSV: a header row (Lab Number, Sample Reference, then each value's name
 * and unit), then a row per sample; a value not measured is empty. Text that a spreadsheet would take for
 * a formula is written after a quote mark. When an outside lab's value is flagged, a last column, Flags, says
 * which and why ('K: Impossible: must be at most 100 %'); when a sample shows no values, a column No values says why.
 */
export function labResultCsv(view: LabResultView): string {
  const { columns, rows } = labResultTable(view);
  const flagged = rows.some((r) => r.flags.some(Boolean));
  const empty = rows.some((r) => r.noResult);
  const flagsOf = (r: LabResultTable['rows'][number]) => r.flags.flatMap((f, j) => (f ? [`${columns[j].name}: ${f}`] : [])).join('; ');
  return Papa.unparse({
    fields: ['Lab Number', 'Sample Reference', ...columns.map((c) => safeText(columnHeading(c))), ...(flagged ? ['Flags'] : []), ...(empty ? ['No values'] : [])],
    data: rows.map((r) => [
      safeText(r.labNumber), safeText(r.sampleReference), ...r.values.map((v) => (v === null ? '' : String(v))), ...(flagged ? [safeText(flagsOf(r))] : []),
      ...(empty ? [safeText(r.noResult ?? '')] : []),
    ]),
  }, { newline: '\r\n' });
}
