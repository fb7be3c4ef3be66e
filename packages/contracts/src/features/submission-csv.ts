import Papa from 'papaparse';
import { readCsv } from '../format/csv';

/**
 * The Prepare Submission dialog's CSV upload and paste (spec part 2 §5 'Leaf CSV import'): the first row of a
 * CSV names the columns, matched case-insensitively and in any order; cultivars and optional tests are
 * comma-separated lists. The leaf columns are Sample Number, Block, Crop, Cultivars, Growth phase, Test,
 * Optional tests; a farmers' sample has no crop, cultivars or growth phase, so the farmers' columns are Sample
 * Number, Block, Test, Optional tests (issue 31). Pasted text (several lines, or cells separated by tabs) fills
 * successive rows in the kind's column order, with no header row (a header row pasted along is recognised and
 * skipped). Crop, cultivar and test names are matched by the dialog against its lists. Parsing is papaparse's
 * (quoted cells, commas and line breaks inside quotes).
 */
export const SUBMISSION_CSV_COLUMNS = [
  { key: 'sampleNumber', header: 'Sample Number' },
  { key: 'blockNumber', header: 'Block' },
  { key: 'crop', header: 'Crop' },
  { key: 'cultivars', header: 'Cultivars' },
  { key: 'growthStage', header: 'Growth phase' },
  { key: 'test', header: 'Test' },
  { key: 'optionalTests', header: 'Optional tests' },
] as const;

/** The submission kinds: leaf, and the farmers' (soil) samples. */
type CsvKind = 'leaf' | 'soil';
type Column = (typeof SUBMISSION_CSV_COLUMNS)[number];
const LEAF_ONLY: readonly Column['key'][] = ['crop', 'cultivars', 'growthStage'];
const FARMERS_CSV_COLUMNS = SUBMISSION_CSV_COLUMNS.filter((c) => !LEAF_ONLY.includes(c.key));

/** The columns of a kind's CSV, in their order (the order pasted cells fill too). */
export const submissionCsvColumns = (kind: CsvKind): readonly Column[] => (kind === 'leaf' ? SUBMISSION_CSV_COLUMNS : FARMERS_CSV_COLUMNS);

/** The name each kind's sample CSV downloads as. */
export const SUBMISSION_CSV_FILE_NAMES: Record<CsvKind, string> = { leaf: 'leaf-submission-sample.csv', soil: 'farmers-submission-sample.csv' };

export interface CsvSampleRow {
  sampleNumber: string;
  blockNumber: string;
  crop: string;
  cultivars: string[];
  growthStage: string;
  test: string;
  optionalTests: string[];
}

type Key = (typeof SUBMISSION_CSV_COLUMNS)[number]['key'];
const LISTS: readonly Key[] = ['cultivars', 'optionalTests'];
const normal = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

const list = (cell: string) => cell.split(',').map((x) => x.trim()).filter(Boolean);

function rowOf(cells: Partial<Record<Key, string>>): CsvSampleRow {
  const text = (k: Key) => (cells[k] ?? '').trim();
  return {
    sampleNumber: text('sampleNumber'), blockNumber: text('blockNumber'), crop: text('crop'), cultivars: list(cells.cultivars ?? ''),
    growthStage: text('growthStage'), test: text('test'), optionalTests: list(cells.optionalTests ?? ''),
  };
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/** The kind's columns a header row names (by position), or null when the row names none of them. */
function headerKeys(cells: string[], kind: CsvKind): (Key | null)[] | null {
  const columns = submissionCsvColumns(kind);
  const keys = cells.map((c) => columns.find((col) => normal(col.header) === normal(c))?.key ?? null);
  return keys.some((k) => k !== null) ? keys : null;
}

/**
 * A CSV with its header row: its rows, and the kind's columns it lacks (a column it lacks is left empty; a
 * column of the other kind is no column of this one). A file whose quoting is broken (a stray quote) gives no
 * rows and its `errors`, each naming its line (format/csv.ts).
 */
export function parseSubmissionCsv(text: string, kind: CsvKind = 'leaf'): { rows: CsvSampleRow[]; missing: string[]; errors: string[] } {
  const columns = submissionCsvColumns(kind);
  const read = readCsv(text);
  const [head, ...body] = read.lines.map((l) => l.cells);
  const keys = head ? headerKeys(head, kind) : null;
  if (!keys) return { rows: [], missing: columns.map((c) => c.header), errors: read.errors };
  const rows = body.map((cells) => rowOf(Object.fromEntries(keys.flatMap((k, i) => (k ? [[k, cells[i] ?? '']] : [])))));
  return { rows, missing: columns.filter((c) => !keys.includes(c.key)).map((c) => c.header), errors: [] };
}

/**
 * Pasted text, as a spreadsheet copies it: one row a line, cells separated by tabs, in the kind's column order
 * (a line without tabs is a sample number alone); no quoting.
 */
export function parsePastedRows(text: string, kind: CsvKind = 'leaf'): CsvSampleRow[] {
  const columns = submissionCsvColumns(kind);
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).map((l) => l.split('\t')).filter((cells) => !isBlank(cells));
  const body = lines.length && headerKeys(lines[0], kind)?.[0] === 'sampleNumber' ? lines.slice(1) : lines;
  return body.map((cells) => rowOf(Object.fromEntries(columns.map((c, i) => [c.key, cells[i] ?? '']))));
}

/** Whether pasted text fills several cells or rows (else it is an ordinary paste into one field). */
export const isMultiCellPaste = (text: string) => text.includes('\t') || /\r?\n./.test(text.trim());

/** The CSV of these rows in the kind's columns, with its header row (the sample CSV, and what the parser reads back). */
export function submissionCsv(rows: CsvSampleRow[], kind: CsvKind = 'leaf'): string {
  const columns = submissionCsvColumns(kind);
  return Papa.unparse({
    fields: columns.map((c) => c.header),
    data: rows.map((r) => columns.map((c) => (LISTS.includes(c.key) ? (r[c.key] as string[]).join(', ') : (r[c.key] as string)))),
  }, { newline: '\r\n' });
}

/** The downloadable sample CSV of the leaf submission dialog. */
export const SAMPLE_SUBMISSION_CSV = submissionCsv([
  { sampleNumber: 'L1001', blockNumber: 'B1', crop: 'Macadamia', cultivars: ['Beaumont'], growthStage: 'Flowering', test: 'StandardItestLeaf', optionalTests: [] },
  { sampleNumber: 'L1002', blockNumber: 'B2', crop: 'Pecan', cultivars: ['Wichita', 'Choctaw'], growthStage: 'Nut fill', test: 'ItestLeafInclPh', optionalTests: ['Chloride', 'Nickel'] },
]);

const farmersRow = (sampleNumber: string, blockNumber: string, test: string, optionalTests: string[]): CsvSampleRow =>
  ({ sampleNumber, blockNumber, crop: '', cultivars: [], growthStage: '', test, optionalTests });

/** The downloadable sample CSV of the farmers' submission dialog: farmers' tests, no leaf columns. */
export const SAMPLE_FARMERS_SUBMISSION_CSV = submissionCsv([
  farmersRow('S1001', 'B1', 'PBrayIWater', []),
  farmersRow('S1002', 'B2', 'PBrayIIKcl', ['Ec', 'Texture']),
], 'soil');

/** The sample CSV the dialog of a kind offers. */
export const sampleSubmissionCsv = (kind: CsvKind): string => (kind === 'leaf' ? SAMPLE_SUBMISSION_CSV : SAMPLE_FARMERS_SUBMISSION_CSV);
