import Papa from 'papaparse';

/**
 * The Prepare Submission dialog's CSV upload and paste (spec part 2 §5 'Leaf CSV import'): the first row of a
 * CSV names the columns (Sample Number, Block, Crop, Cultivars, Growth phase, Test, Optional tests), matched
 * case-insensitively and in any order; cultivars and optional tests are comma-separated lists. Pasted text
 * (several lines, or cells separated by tabs) fills successive rows in that column order, with no header row
 * (a header row pasted along is recognised and skipped). Crop, cultivar and test names are matched by the
 * dialog against its lists. Parsing is papaparse's (quoted cells, commas and line breaks inside quotes).
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

function table(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  return parsed.data.filter((cells) => !isBlank(cells));
}

/** The columns a header row names (by position), or null when the row names none of them. */
function headerKeys(cells: string[]): (Key | null)[] | null {
  const keys = cells.map((c) => SUBMISSION_CSV_COLUMNS.find((col) => normal(col.header) === normal(c))?.key ?? null);
  return keys.some((k) => k !== null) ? keys : null;
}

/** A CSV with its header row: its rows, and the columns it lacks (a column it lacks is left empty). */
export function parseSubmissionCsv(text: string): { rows: CsvSampleRow[]; missing: string[] } {
  const [head, ...body] = table(text);
  const keys = head ? headerKeys(head) : null;
  if (!keys) return { rows: [], missing: SUBMISSION_CSV_COLUMNS.map((c) => c.header) };
  const rows = body.map((cells) => rowOf(Object.fromEntries(keys.flatMap((k, i) => (k ? [[k, cells[i] ?? '']] : [])))));
  return { rows, missing: SUBMISSION_CSV_COLUMNS.filter((c) => !keys.includes(c.key)).map((c) => c.header) };
}

/**
 * Pasted text, as a spreadsheet copies it: one row a line, cells separated by tabs, in column order (a line
 * without tabs is a sample number alone); no quoting.
 */
export function parsePastedRows(text: string): CsvSampleRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).map((l) => l.split('\t')).filter((cells) => !isBlank(cells));
  const body = lines.length && headerKeys(lines[0])?.[0] === 'sampleNumber' ? lines.slice(1) : lines;
  return body.map((cells) => rowOf(Object.fromEntries(SUBMISSION_CSV_COLUMNS.map((c, i) => [c.key, cells[i] ?? '']))));
}

/** Whether pasted text fills several cells or rows (else it is an ordinary paste into one field). */
export const isMultiCellPaste = (text: string) => text.includes('\t') || /\r?\n./.test(text.trim());

/** The CSV of these rows, with its header row (the sample CSV, and what the parser reads back). */
export function submissionCsv(rows: CsvSampleRow[]): string {
  return Papa.unparse({
    fields: SUBMISSION_CSV_COLUMNS.map((c) => c.header),
    data: rows.map((r) => SUBMISSION_CSV_COLUMNS.map((c) => (LISTS.includes(c.key) ? (r[c.key] as string[]).join(', ') : (r[c.key] as string)))),
  }, { newline: '\r\n' });
}

/** The downloadable sample CSV of the leaf submission dialog. */
export const SAMPLE_SUBMISSION_CSV = submissionCsv([
  { sampleNumber: 'L1001', blockNumber: 'B1', crop: 'Macadamia', cultivars: ['Beaumont'], growthStage: 'Flowering', test: 'StandardItestLeaf', optionalTests: [] },
  { sampleNumber: 'L1002', blockNumber: 'B2', crop: 'Pecan', cultivars: ['Wichita', 'Choctaw'], growthStage: 'Nut fill', test: 'ItestLeafInclPh', optionalTests: ['Chloride', 'Nickel'] },
]);
