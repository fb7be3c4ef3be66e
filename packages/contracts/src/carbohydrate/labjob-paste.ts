/**
 * Pure helpers of the carbohydrate entry form (job card), shared by the browser and the server.
 *
 * Paste rules (spec part 1 §9): pasted data splits into rows by newline, or, when there is no newline,
 * by tab. With newlines, each line is one entry and its tab-separated cells map onto the entry's fields
 * in PASTE_COLUMNS order (sample number first, like the grid). Without a newline, every tab-separated
 * value is a sample number of its own entry (a horizontal range of sample numbers).
 */
export const PASTE_COLUMNS = [
  'sampleNumber', 'entity', 'agent', 'agronomist', 'farmName', 'fieldBlockNumber', 'sampleDate',
  'tissue', 'crop', 'cultivar', 'region', 'growth',
] as const;
export type PasteColumn = (typeof PASTE_COLUMNS)[number];
export type PastedRow = Partial<Record<PasteColumn, string>>;

/** Splits clipboard text into pasted rows; a single value (no newline, no tab) gives one row. */
export function parsePaste(text: string): PastedRow[] {
  const normalized = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  if (normalized.trim() === '') return [];
  if (normalized.includes('\n')) {
    return normalized
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const cells = line.split('\t');
        const row: PastedRow = {};
        PASTE_COLUMNS.forEach((col, i) => {
          const v = cells[i]?.trim();
          if (v !== undefined && v !== '') row[col] = v;
        });
        return row;
      });
  }
  return normalized
    .split('\t')
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .map((sampleNumber) => ({ sampleNumber }));
}

/** True when a paste holds more than one value and should be spread over entries. */
export function isMultiPaste(text: string): boolean {
  const t = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  return t.includes('\n') || t.includes('\t');
}

/**
 * The next sample number: the trailing digits of the previous one plus one, keeping leading zeros
 * ('A009' → 'A010', 'S99' → 'S100'). A number without trailing digits gives ''.
 */
export function nextSampleNumber(previous: string | null | undefined): string {
  const m = /^(.*?)(\d+)$/.exec((previous ?? '').trim());
  if (!m) return '';
  const [, prefix, digits] = m;
  const next = (BigInt(digits) + 1n).toString();
  return prefix + next.padStart(digits.length, '0');
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
/** Natural order for sample numbers: S2 before S10. */
export function naturalSampleCompare(a: string | null | undefined, b: string | null | undefined): number {
  return collator.compare(a ?? '', b ?? '');
}

/**
 * Reads a pasted date: YYYY-MM-DD (optionally with a time), DD/MM/YYYY or DD-MM-YYYY. Anything else
 * gives null (the form then keeps its default, now).
 */
export function parsePastedDate(text: string | undefined): Date | null {
  if (!text) return null;
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?/.exec(t);
  if (m) return validDate(+m[1], +m[2], +m[3], m[4] ? +m[4] : 0, m[5] ? +m[5] : 0);
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(t);
  if (m) return validDate(+m[3], +m[2], +m[1], m[4] ? +m[4] : 0, m[5] ? +m[5] : 0);
  return null;
}

function validDate(y: number, mo: number, d: number, h: number, mi: number): Date | null {
  const date = new Date(y, mo - 1, d, h, mi);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}
