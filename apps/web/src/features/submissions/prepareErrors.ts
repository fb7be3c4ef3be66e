/** A message of a Prepare row: row `r` of group `g` (from 0), its field. */
export interface RowError { g: number; r: number; field: string; message: string }

/** a row's field path, as the rules (`draftProblems`, `labProblems`) and the server's 400 name it: 'samples.0.139.blockNumber' */
const ROW_FIELD = /^samples\.(\d+)\.(\d+)\.(\w+)$/;

/**
 * The rows' messages among a check's (by field path; the header's and a group's are left out), in the order the rows
 * are drawn: by group, then row, a row's fields in the order they were told.
 */
export function rowErrorsOf(errors: Record<string, string>): RowError[] {
  return Object.entries(errors)
    .flatMap(([path, message]) => {
      const m = ROW_FIELD.exec(path);
      return m ? [{ g: Number(m[1]), r: Number(m[2]), field: m[3], message }] : [];
    })
    .sort((a, b) => a.g - b.g || a.r - b.r);
}

/** Each row's message as the summary above the groups tells it: 'Group 1, row 140: Block required'. */
export const rowErrorLines = (rows: readonly RowError[]) => rows.map((e) => `Group ${e.g + 1}, row ${e.r + 1}: ${e.message}`);
