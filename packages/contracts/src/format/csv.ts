import Papa from 'papaparse';

/**
 * A CSV file read for an import (the manual entry grid's CSV upload, the Prepare dialog's, and any grid's; issue
 * 34): papaparse's reading (quoted cells, commas and line breaks inside quotes, the delimiter guessed), each row
 * with the line of the file it starts on. Papaparse's `errors` are never dropped: a quote opened and never
 * closed makes papaparse read the rest of the file as one cell (a 100,000-line file became one row), so any
 * error of the file's quoting becomes a message naming its line, and then no row is given at all: a file is
 * imported whole or not at all. A delimiter papaparse cannot guess (a file of one column) is no error: the
 * comma is taken.
 */
export interface CsvLine {
  /** the 1-based line of the file the row starts on (the header is line 1 of a file that starts with it) */
  line: number;
  cells: string[];
}

export type CsvRead = { lines: CsvLine[]; errors: [] } | { lines: []; errors: string[] };

export const CSV_MESSAGES = {
  unclosedQuote: (line: number) => `Line ${line}: a quote opened here is never closed, so the rest of the file would be read as one cell. Nothing was imported.`,
  textAfterQuote: (line: number) => `Line ${line}: a quoted cell goes on after its closing quote. Nothing was imported.`,
  other: (line: number, message: string) => `Line ${line}: ${message}. Nothing was imported.`,
} as const;

const BREAK = /\r\n|\r|\n/g;
const breaksIn = (s: string) => s.match(BREAK)?.length ?? 0;

/** The 1-based line of a character offset of the text. */
function lineAt(text: string, index: number): number {
  return 1 + breaksIn(text.slice(0, Math.max(0, index)));
}

function messageOf(e: Papa.ParseError, line: number): string {
  if (e.code === 'MissingQuotes') return CSV_MESSAGES.unclosedQuote(line);
  if (e.code === 'InvalidQuotes') return CSV_MESSAGES.textAfterQuote(line);
  return CSV_MESSAGES.other(line, e.message);
}

/** The rows of a CSV with their lines, blank lines left out; or the file's errors, each naming its line, and no rows. */
export function readCsv(text: string): CsvRead {
  const body = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: false });
  const lines: CsvLine[] = [];
  let line = 1;
  for (const cells of parsed.data) {
    lines.push({ line, cells });
    // the next row starts after this one's own line break and those inside its quoted cells
    line += 1 + cells.reduce((n, c) => n + breaksIn(c), 0);
  }
  // one message a line: a cell with text after its closing quote is also a quote never closed
  const errors = new Map<number, string>();
  for (const e of parsed.errors) {
    if (e.type === 'Delimiter') continue;
    const at = e.index !== undefined ? lineAt(body, e.index) : (lines[e.row ?? 0]?.line ?? 1);
    if (!errors.has(at)) errors.set(at, messageOf(e, at));
  }
  if (errors.size > 0) return { lines: [], errors: [...errors.values()] };
  return { lines: lines.filter((l) => l.cells.some((c) => c.trim() !== '')), errors: [] };
}
