import Papa from 'papaparse';

/** A column a CSV fills: its id, the heading that names it (case and spaces aside), and how a cell's text is read. */
export interface CsvColumn {
  id: string;
  name: string;
  /** a cell's text as a value; a string: the message why it is not one (named with the line); default: the text */
  parse?: (text: string) => { value: unknown } | string;
}

/** A line of the file read into values by column id, with its line number (1-based, the heading is line 1). */
export interface CsvRow {
  line: number;
  values: Record<string, unknown>;
}

export type CsvResult = { rows: CsvRow[]; messages: [] } | { rows: []; messages: string[] };

const key = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** The 1-based line of a character offset. */
function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < text.length; i += 1) if (text[i] === '\n') line += 1;
  return line;
}

/**
 * A grid's CSV: the first line names the columns (in any order; unknown headings are refused), every other line is
 * a row. Any problem of the file (papaparse's `errors`: a stray quote, a line with too few or too many fields) or of
 * a cell becomes a message naming its line, and then no row is taken: a file is imported whole or not at all, so a
 * broken quote never swallows the lines after it into one row. `heading`: how the grid reads a heading that is no
 * column's name or id (its aliases), answering the column's id.
 */
export function parseGridCsv(text: string, columns: readonly CsvColumn[], heading?: (text: string) => string | null): CsvResult {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const data: string[][] = [];
  const starts: number[] = [];
  const errors: Papa.ParseError[] = [];
  let cursor = 0;
  // each row's first line from papaparse's cursor (a quoted field may span lines)
  Papa.parse<string[]>(body, {
    skipEmptyLines: 'greedy',
    newline: '\n',
    step: (r) => {
      const at = body.slice(cursor).search(/\S/);
      starts.push(lineAt(body, cursor + Math.max(0, at)));
      data.push(r.data);
      errors.push(...r.errors.map((e) => ({ ...e, row: data.length - 1 })));
      cursor = r.meta.cursor;
    },
  });
  const parsed = { data, errors };
  const messages = parsed.errors.map((e) => {
    const line = e.index !== undefined ? lineAt(body, e.index) : starts[e.row ?? 0] ?? (e.row ?? 0) + 1;
    return `Line ${line}: ${e.message}`;
  });
  const [head, ...lines] = parsed.data;
  if (!head) return { rows: [], messages: ['The file is empty: its first line must name the columns.'] };
  const byName = new Map(columns.flatMap((c) => [[key(c.name), c], [key(c.id), c]] as const));
  const byId = new Map(columns.map((c) => [c.id, c]));
  // a heading by its column's name or id, else as the grid reads its headings (aliases, units)
  const cols = head.map((h) => byName.get(key(h)) ?? (heading ? byId.get(heading(h) ?? '') : undefined));
  head.forEach((h, i) => {
    if (!cols[i] && h.trim()) messages.push(`Line 1: the column '${h.trim()}' is not one of ${columns.map((c) => c.name).join(', ')}.`);
  });
  if (!cols.some(Boolean)) return { rows: [], messages: messages.length ? messages : ['Line 1: no column is named.'] };
  const rows: CsvRow[] = [];
  lines.forEach((cells, k) => {
    const line = starts[k + 1] ?? k + 2;
    const values: Record<string, unknown> = {};
    if (cells.length !== head.length) messages.push(`Line ${line}: ${cells.length} fields where the first line names ${head.length}.`);
    cells.forEach((cell, i) => {
      const col = cols[i];
      if (!col) return;
      const read = col.parse ? col.parse(cell.trim()) : { value: cell.trim() };
      if (typeof read === 'string') messages.push(`Line ${line}: ${col.name}: ${read}`);
      else values[col.id] = read.value;
    });
    rows.push({ line, values });
  });
  return messages.length ? { rows: [], messages: [...new Set(messages)] } : { rows, messages: [] };
}
