/**
 * The rules of one sample's result row, written once for the server and the grids (issue 34): the manual entry
 * grid checks a row with them as it is typed, the server refuses a save with them (`manual-entry.service`,
 * the leafs feature's `recordCaptureResults`).
 *
 * - A row saved holds an entry: N/A, a lab number or a value (else MANUAL_ENTRY_MESSAGES.rowEmpty at the row).
 * - A row is never both N/A and holding values (MANUAL_ENTRY_MESSAGES.naWithValues at its `na`).
 * - A value typed in is checked against its bounds (`resultValueProblems`, values/result-bounds.ts): one that
 *   cannot be is refused; one outside its usual range saves only confirmed, or when it is the value the sample
 *   already holds (`heldValueCodes`).
 *
 * A value counts as held when it is a number, or (a grid's cell as typed) text that is not blank.
 */
export interface ResultRowEntry {
  labNumber: string;
  na: boolean;
  values: Readonly<Record<string, unknown>>;
}

const holds = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/** The row holds at least one value (a number, or a cell's text that is not blank). */
export const resultRowHoldsValues = (values: Readonly<Record<string, unknown>>): boolean => Object.values(values).some(holds);

/** The row holds an entry: N/A, a lab number or a value. */
export const resultRowHasEntry = (row: ResultRowEntry): boolean => row.na || row.labNumber.trim() !== '' || resultRowHoldsValues(row.values);

/** The row is marked N/A and holds values: it does not save so. */
export const resultRowNaWithValues = (row: Pick<ResultRowEntry, 'na' | 'values'>): boolean => row.na && resultRowHoldsValues(row.values);

/** The codes of the values that are those the sample already holds (stored): they need no confirmation again. */
export function heldValueCodes(values: Readonly<Record<string, number | null | undefined>>, stored: Readonly<Record<string, number | null | undefined>> | undefined): string[] {
  return Object.keys(values).filter((code) => values[code] !== null && values[code] !== undefined && stored?.[code] === values[code]);
}
