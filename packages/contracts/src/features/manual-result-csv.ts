import Papa from 'papaparse';
import { readCsv } from '../format/csv';
import { FARMERS_RESULT_VALUES, LEAF_RESULT_VALUES, type ResultValue, resultHeader } from './capture-results';

/**
 * The manual entry sheet's CSV and paste (spec part 2 §2 manual submission entry, §3 manual result rows, §5
 * manual entry; issue 14):
 *
 * - the value columns of a kind in the manual row's order: leaf the 17 elements (LEAF_RESULT_VALUES' order),
 *   farmers the 26 values of §3 (phKcl … exchAcidKcl);
 * - a CSV's first row names its columns: sample number (Sample Number, Sample, Reference), lab number (Lab
 *   Number, Lab), N/A, and the values through an alias table (label, label with unit, code, common spellings;
 *   case, spaces, dashes, dots and brackets aside; a trailing unit such as 'mg/kg' or 'ppm' is ignored, '%' is
 *   not: it tells Na% from Na). A cell must be a number (or empty): anything else is reported with its line
 *   and column, never dropped silently. N/A is yes/true/1/x (no/false/0/empty: not N/A);
 * - rows are matched to the sheet's samples by sample number, case-insensitive and trimmed; the rest are
 *   counted ('(n rows not uploaded)');
 * - pasted text (a spreadsheet's tab-separated lines, no header) fills the sheet from the focused cell in the
 *   paste order: lab number, then the values in the kind's order; pasted with its header row it is read as
 *   the CSV is (matched by sample number);
 * - `manualCsv` writes the sheet (header, then rows) so that `parseManualCsv` reads back the same values.
 */
export type ManualKind = 'leaf' | 'soil';

export interface ManualColumn extends ResultValue {
  /** the CSV header written */
  header: string;
}

/** The farmers' manual result row (spec §3), in its order. */
export const FARMERS_MANUAL_KEYS = [
  'phKcl', 'phH2O', 'pBrayI', 'pBrayII', 'pOlsen', 'k', 'na', 'ca', 'mg', 'density', 'sAmAC', 'caPerc', 'mgPerc', 'kPerc', 'naPerc',
  'caToMg', 'caAndMgDivK', 'mgToK', 'naToK', 'zn', 'mn', 'cu', 'fe', 'tValueAmAc', 'acidSatAmAc', 'exchAcidKcl',
] as const;

const column = (v: ResultValue): ManualColumn => ({ code: v.code, manualKey: v.manualKey, label: v.label, unit: v.unit, header: resultHeader(v) });

export const LEAF_MANUAL_COLUMNS: readonly ManualColumn[] = LEAF_RESULT_VALUES.map(column);
export const FARMERS_MANUAL_COLUMNS: readonly ManualColumn[] = FARMERS_MANUAL_KEYS.map((key) => column(FARMERS_RESULT_VALUES.find((v) => v.manualKey === key)!));

/** The value columns of a kind's manual row, in order. */
export const manualColumnsOf = (kind: ManualKind) => (kind === 'leaf' ? LEAF_MANUAL_COLUMNS : FARMERS_MANUAL_COLUMNS);

/** Header spellings beyond each value's label, label with unit, code and manual key. */
const LEAF_ALIASES: Record<string, string[]> = {
  N: ['nitrogen', 'n%'], P: ['phosphorus', 'p%'], K: ['potassium', 'k%'], Ca: ['calcium', 'ca%'], Mg: ['magnesium', 'mg%'],
  NaPerc: ['na perc', 'na percent', 'na %', 'na%', 'na percentage', 'napercentage', 'sodium %'],
  Na: ['sodium', 'na ppm'], Fe: ['iron'], Mn: ['manganese'], Zn: ['zinc'], Cu: ['copper'], B: ['boron'], Mo: ['molybdenum'], Ni: ['nickel'],
  S: ['sulphur', 'sulfur', 's%'], No3: ['no3', 'no3-n', 'no3 n', 'nitrate'], Nh4: ['nh4', 'nh4-n', 'nh4 n', 'ammonium'],
};

const FARMERS_ALIASES: Record<string, string[]> = {
  phKcl: ['ph (kcl)', 'ph kcl', 'phkcl', 'ph(kcl)', 'ph-kcl'],
  phH2O: ['ph (h2o)', 'ph h2o', 'ph water', 'ph (water)', 'phh2o'],
  pBrayI: ['p bray i', 'p bray 1', 'pbray1', 'bray i', 'bray 1', 'p (bray i)', 'p bray'],
  pBrayII: ['p bray ii', 'p bray 2', 'pbray2', 'bray ii', 'bray 2', 'p (bray ii)'],
  pOlsen: ['p olsen', 'olsen', 'p (olsen)', 'olsen p'],
  k: ['k', 'k mg/kg', 'k ppm', 'potassium'], na: ['na', 'na mg/kg', 'na ppm', 'sodium'],
  ca: ['ca', 'ca mg/kg', 'ca ppm', 'calcium'], mg: ['mg', 'mg mg/kg', 'mg ppm', 'magnesium'],
  density: ['density', 'bulk density', 'dens'],
  sAmAC: ['s-value', 's value', 'svalue', 's amac', 's-value amac', 'sum of bases', 's (amac)'],
  caPerc: ['ca %', 'ca%', 'ca perc', 'ca percent', 'caperc', 'ca saturation', 'ca sat'],
  mgPerc: ['mg %', 'mg%', 'mg perc', 'mg percent', 'mgperc', 'mg saturation', 'mg sat'],
  kPerc: ['k %', 'k%', 'k perc', 'k percent', 'kperc', 'k saturation', 'k sat'],
  naPerc: ['na %', 'na%', 'na perc', 'na percent', 'naperc', 'na saturation', 'na sat'],
  caToMg: ['ca:mg', 'ca/mg', 'ca to mg', 'catomg'],
  caAndMgDivK: ['(ca+mg)/k', 'ca+mg/k', 'ca+mg:k', '(ca+mg):k', 'ca and mg div k', 'caandmgdivk'],
  mgToK: ['mg:k', 'mg/k', 'mg to k', 'mgtok'], naToK: ['na:k', 'na/k', 'na to k', 'natok'],
  zn: ['zinc'], mn: ['manganese'], cu: ['copper'], fe: ['iron'],
  tValueAmAc: ['t-value', 't value', 'tvalue', 't-value amac', 'cec', 't (amac)'],
  acidSatAmAc: ['acid sat.', 'acid sat', 'acid saturation', 'acid sat %', 'acid saturation %', 'acidsat'],
  exchAcidKcl: ['exch. acid (kcl)', 'exch acid', 'exchangeable acid', 'exchangeable acidity', 'exch. acid', 'exch acid kcl'],
};

/** A header as compared: lower case, without spaces, dashes, underscores, dots and brackets. */
export const headerKey = (s: string) => s.trim().toLowerCase().replace(/[\s\-_.()[\]]+/g, '');

/** Units a header may end with that tell nothing apart ('%' does: Na% is not Na). */
const UNIT_SUFFIX = /(mg\/kg|mg\/l|g\/cm3|cmol\+?\/kg|cmolc\/kg|meq\/100g|ppm)$/;

const SAMPLE_ALIASES = ['sample number', 'sample', 'reference', 'sample no', 'sample reference', 'samplenumber', 'sample_number'];
const LAB_ALIASES = ['lab number', 'lab', 'lab no', 'labnumber', 'lab_number', 'lab nr'];
const NA_ALIASES = ['n/a', 'na?', 'not applicable', 'nvt'];

export type ManualField = 'sampleNumber' | 'labNumber' | 'na' | { code: string };

/** Each kind's headers (as `headerKey` makes them) and what they name. */
function aliasTable(kind: ManualKind): Map<string, ManualField> {
  const table = new Map<string, ManualField>();
  const add = (alias: string, field: ManualField) => {
    const key = headerKey(alias);
    if (key && !table.has(key)) table.set(key, field);
  };
  SAMPLE_ALIASES.forEach((a) => add(a, 'sampleNumber'));
  LAB_ALIASES.forEach((a) => add(a, 'labNumber'));
  NA_ALIASES.forEach((a) => add(a, 'na'));
  const columns = manualColumnsOf(kind);
  const extra = kind === 'leaf' ? LEAF_ALIASES : FARMERS_ALIASES;
  // the explicit spellings first: they settle the labels two values share (farmers' Ca and Ca %)
  for (const c of columns) (extra[c.code] ?? []).forEach((a) => add(a, { code: c.code }));
  const labels = new Map<string, number>();
  for (const c of columns) labels.set(headerKey(c.label), (labels.get(headerKey(c.label)) ?? 0) + 1);
  for (const c of columns) {
    for (const a of [c.header, `${c.label} ${c.unit}`, c.code, c.manualKey]) add(a, { code: c.code });
    if (labels.get(headerKey(c.label)) === 1) add(c.label, { code: c.code });
  }
  return table;
}

const TABLES: Record<ManualKind, Map<string, ManualField>> = { leaf: aliasTable('leaf'), soil: aliasTable('soil') };

/** What a header names in a kind's sheet, or null. */
export function manualFieldOf(kind: ManualKind, header: string): ManualField | null {
  const table = TABLES[kind];
  const key = headerKey(header);
  return table.get(key) ?? table.get(key.replace(UNIT_SUFFIX, '')) ?? null;
}

/** A cell's number: a finite number, null when empty, undefined when it is not a number. */
export function parseResultNumber(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/.test(t)) return undefined;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) && Math.abs(n) <= 1e9 ? n : undefined;
}

/** An N/A cell: yes/true/1/x, or no/false/0/empty; undefined for anything else. */
export function parseNaCell(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (['yes', 'y', 'true', '1', 'x', 'n/a', 'na'].includes(t)) return true;
  if (['', 'no', 'n', 'false', '0'].includes(t)) return false;
  return undefined;
}

export const MANUAL_CSV_MESSAGES = {
  notNumber: (text: string) => `'${text}' is not a number`,
  notNa: (text: string) => `'${text}' is not yes or no`,
  noSampleColumn: 'The first row must name the sample number column (Sample Number, Sample or Reference)',
  noRows: 'No rows found',
} as const;

/** A row read from a CSV or a paste: only the columns it has. */
export interface ParsedManualRow {
  /** 1-based line of the file (the header is line 1) */
  line: number;
  sampleNumber: string;
  labNumber?: string;
  na?: boolean;
  values: Record<string, number | null>;
}

/** A cell that is not what its column takes. */
export interface ManualCellProblem {
  line: number;
  /** the column's header as the file has it */
  column: string;
  text: string;
  message: string;
}

export interface ParsedManualCsv {
  rows: ParsedManualRow[];
  problems: ManualCellProblem[];
  /** a file-wide problem (no sample number column) */
  error?: string;
}

/**
 * Text written to a CSV that a spreadsheet would take for a formula gets a leading apostrophe; read back without
 * it. Text that already starts with apostrophes before such a character gets one more, so that "'=" comes back
 * as "'=" and not as "=".
 */
const FORMULA = /^[=+\-@\t\r]/;
const needsEscape = (s: string) => FORMULA.test(s.replace(/^'+/, ''));
const escapeText = (s: string) => (needsEscape(s) ? `'${s}` : s);
const unescapeText = (s: string) => (s.startsWith("'") && needsEscape(s) ? s.slice(1) : s);

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

function readTable(kind: ManualKind, head: string[], body: { cells: string[]; line: number }[]): ParsedManualCsv {
  const fields = head.map((h) => manualFieldOf(kind, h));
  const sampleAt = fields.indexOf('sampleNumber');
  if (sampleAt < 0) return { rows: [], problems: [], error: MANUAL_CSV_MESSAGES.noSampleColumn };
  const rows: ParsedManualRow[] = [];
  const problems: ManualCellProblem[] = [];
  body.forEach(({ cells, line }) => {
    const row: ParsedManualRow = { line, sampleNumber: unescapeText((cells[sampleAt] ?? '').trim()), values: {} };
    fields.forEach((f, i) => {
      const text = cells[i] ?? '';
      if (f === null || f === 'sampleNumber') return;
      if (f === 'labNumber') row.labNumber = unescapeText(text.trim());
      else if (f === 'na') {
        const na = parseNaCell(text);
        if (na === undefined) problems.push({ line, column: head[i], text, message: MANUAL_CSV_MESSAGES.notNa(text.trim()) });
        else row.na = na;
      } else {
        const n = parseResultNumber(text);
        if (n === undefined) problems.push({ line, column: head[i], text, message: MANUAL_CSV_MESSAGES.notNumber(text.trim()) });
        else row.values[f.code] = n;
      }
    });
    if (row.sampleNumber !== '') rows.push(row);
  });
  return { rows, problems };
}

/** The non-blank lines of parsed text with their 1-based line numbers (the header first). */
function numbered(data: string[][]): { cells: string[]; line: number }[] {
  return data.map((cells, i) => ({ cells, line: i + 1 })).filter((x) => !isBlank(x.cells));
}

function parseTable(kind: ManualKind, data: string[][]): ParsedManualCsv {
  const lines = numbered(data);
  if (lines.length === 0) return { rows: [], problems: [], error: MANUAL_CSV_MESSAGES.noSampleColumn };
  const [head, ...body] = lines;
  return readTable(kind, head.cells, body);
}

/**
 * A manual results CSV (first row: the headers), each row with the line of the file it starts on. A file whose
 * quoting is broken (a stray quote) gives no rows: its `error` names the line (format/csv.ts).
 */
export function parseManualCsv(kind: ManualKind, text: string): ParsedManualCsv {
  const read = readCsv(text);
  if (read.errors.length > 0) return { rows: [], problems: [], error: read.errors.join(' ') };
  if (read.lines.length === 0) return { rows: [], problems: [], error: MANUAL_CSV_MESSAGES.noSampleColumn };
  const [head, ...body] = read.lines;
  return readTable(kind, head.cells, body);
}

/** The sheet's row each parsed row goes to (by sample number, case-insensitive and trimmed), and how many match none. */
export function matchManualRows<R extends { sampleNumber: string }>(sheet: readonly R[], rows: readonly ParsedManualRow[]): { matches: { index: number; row: ParsedManualRow }[]; unmatched: number } {
  const at = new Map<string, number>();
  sheet.forEach((r, i) => {
    const key = r.sampleNumber.trim().toLowerCase();
    if (!at.has(key)) at.set(key, i);
  });
  const matches: { index: number; row: ParsedManualRow }[] = [];
  let unmatched = 0;
  for (const row of rows) {
    const index = at.get(row.sampleNumber.trim().toLowerCase());
    if (index === undefined) unmatched += 1;
    else matches.push({ index, row });
  }
  return { matches, unmatched };
}

/** The paste order of a kind: lab number, then its values. */
export const manualPasteOrder = (kind: ManualKind): ('labNumber' | string)[] => ['labNumber', ...manualColumnsOf(kind).map((c) => c.code)];

/** One pasted cell and where it goes: `row` counts down from the focused row, `field` is 'labNumber' or a value code. */
export interface PastedManualCell {
  row: number;
  field: string;
  text: string;
  /** the number (values), or the text (lab number); undefined when a value is not a number */
  value: number | null | string | undefined;
}

export interface PastedManual {
  cells: PastedManualCell[];
  /** cells beyond the last column */
  leftOver: number;
  /** lines, in the pasted text */
  lines: number;
}

/** Whether pasted text fills several cells (tabs or several lines); else it is an ordinary paste into the cell. */
export const isManualMultiPaste = (text: string) => text.includes('\t') || /\r?\n./.test(text.trim());

/** A header row pasted along: the paste is then read as a tab-separated CSV (rows matched by sample number). */
export function pastedWithHeader(kind: ManualKind, text: string): ParsedManualCsv | null {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  if (!first.split('\t').some((h) => manualFieldOf(kind, h) === 'sampleNumber')) return null;
  return parseTable(kind, text.replace(/^\uFEFF/, '').split(/\r?\n/).map((l) => l.split('\t')));
}

/** Tab-separated lines pasted into the cell at paste column `start` (0: lab number, 1…: the values). */
export function parseManualPaste(kind: ManualKind, text: string, start: number): PastedManual {
  const order = manualPasteOrder(kind);
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  const cells: PastedManualCell[] = [];
  let leftOver = 0;
  lines.forEach((line, row) => {
    line.split('\t').forEach((raw, k) => {
      const field = order[start + k];
      if (field === undefined) {
        if (raw.trim() !== '') leftOver += 1;
        return;
      }
      const value = field === 'labNumber' ? raw.trim() : parseResultNumber(raw);
      cells.push({ row, field, text: raw.trim(), value });
    });
  });
  return { cells, leftOver, lines: lines.length };
}

/** A sheet row as written to the CSV. */
export interface ManualCsvRow {
  sampleNumber: string;
  labNumber: string;
  na: boolean;
  values: Record<string, number | null | undefined>;
}

/** The sheet as CSV (data.csv): Sample Number, Lab Number, the values with their units, N/A. */
export function manualCsv(kind: ManualKind, rows: readonly ManualCsvRow[]): string {
  const columns = manualColumnsOf(kind);
  const num = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
  return Papa.unparse({
    fields: ['Sample Number', 'Lab Number', ...columns.map((c) => c.header), 'N/A'],
    data: rows.map((r) => [escapeText(r.sampleNumber), escapeText(r.labNumber), ...columns.map((c) => num(r.values[c.code])), r.na ? 'yes' : '']),
  }, { newline: '\r\n' });
}
