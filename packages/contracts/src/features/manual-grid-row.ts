import { z } from 'zod';
import { resultValueProblems } from '../values/result-bounds';
import { resultRowHasEntry, resultRowNaWithValues } from '../values/result-row';
import { type ManualKind, manualColumnsOf, parseResultNumber } from './manual-result-csv';
import { MANUAL_ENTRY_MESSAGES as M } from './submission-results';

/** Said at a manual entry cell whose text is not a number. */
export const NOT_A_NUMBER = 'Not a number';

/**
 * A row of the manual entry grid as typed (issue 34): the sample, its lab number, N/A (`isNa`), and each value's
 * text by its code. The grid keeps the text as typed ('1.50'); it is saved as the number it reads as. The row's own
 * fields and the value codes share one namespace, so no code may be one of `MANUAL_GRID_ROW_FIELDS` (the farmers'
 * sodium is `na`: N/A was `na` too, and every farmers' row failed as 'expected boolean').
 */
export type ManualGridRow = { sampleId: number; sampleNumber: string; labNumber: string; isNa: boolean } & Record<string, unknown>;

/** The grid row's own fields (a value code must be none of them: manual-grid-row.test.ts walks every kind's codes). */
export const MANUAL_GRID_ROW_FIELDS = ['sampleId', 'sampleNumber', 'labNumber', 'isNa'] as const;

/** A value cell's number: null when blank, undefined when the text is not a number. */
export const manualCellNumber = (text: unknown): number | null | undefined =>
  text === null || text === undefined ? null : typeof text === 'number' ? text : parseResultNumber(String(text));

/** The row's values as numbers by code (a cell that is not a number left out). */
export function manualRowValues(kind: ManualKind, row: Readonly<Record<string, unknown>>): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const c of manualColumnsOf(kind)) {
    const n = manualCellNumber(row[c.code]);
    if (n !== undefined) out[c.code] = n;
  }
  return out;
}

/**
 * The rules of a manual entry row (values/result-row.ts, result-bounds.ts), as a schema the grid checks a row with
 * before it saves it, each message at its cell: a value's text is a number, no value that cannot be, never N/A with
 * values (at `na`), and a row saved holds an entry (at the row). The server refuses the same with the same words.
 */
export function manualGridRow(kind: ManualKind): z.ZodType<ManualGridRow> {
  const codes = manualColumnsOf(kind).map((c) => c.code);
  return z.object({ sampleId: z.number(), sampleNumber: z.string(), labNumber: z.string().max(64, 'At most 64 characters'), isNa: z.boolean() })
    .catchall(z.unknown())
    .superRefine((row, ctx) => {
      const texts: Record<string, unknown> = {};
      for (const c of codes) {
        texts[c] = row[c];
        if (manualCellNumber(row[c]) === undefined) ctx.addIssue({ code: 'custom', path: [c], message: NOT_A_NUMBER });
      }
      for (const p of resultValueProblems(kind, manualRowValues(kind, row))) {
        if (p.level === 'impossible') ctx.addIssue({ code: 'custom', path: [p.at], message: p.message });
      }
      if (resultRowNaWithValues({ na: row.isNa, values: texts })) ctx.addIssue({ code: 'custom', path: ['isNa'], message: M.naWithValues });
      else if (!resultRowHasEntry({ labNumber: row.labNumber, na: row.isNa, values: texts })) ctx.addIssue({ code: 'custom', path: [], message: M.rowEmpty });
    }) as unknown as z.ZodType<ManualGridRow>;
}
