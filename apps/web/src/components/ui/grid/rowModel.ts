/**
 * The row model of an entry grid, pure: a row's values (the fields a save sends), whether two agree, the N/A rule
 * (a row marked N/A takes no values), what a pasted column puts where, and a server's 400 messages by cell.
 */
export type RowValues = object;
type Fields = Record<string, unknown>;
const at = (row: RowValues, f: string) => (row as Fields)[f];

/** The row's value fields only. */
export function valuesOf<V extends RowValues>(row: RowValues, fields: readonly (keyof V & string)[]): V {
  const out: Fields = {};
  for (const f of fields) out[f] = at(row, f) ?? null;
  return out as V;
}

const norm = (v: unknown) => (v === undefined ? null : v instanceof Date ? v.getTime() : v);

/** Whether two rows hold the same values in `fields` (undefined and null alike; dates by their time). */
export function sameValues(a: RowValues, b: RowValues, fields: readonly string[]): boolean {
  return fields.every((f) => Object.is(norm(at(a, f)), norm(at(b, f))));
}

/** The N/A rule of a grid: the flag's field, and the value fields a row marked N/A leaves empty. */
export interface NaRule {
  flag: string;
  values: readonly string[];
}

export const isNa = (row: RowValues, na: NaRule | undefined) => !!na && !!at(row, na.flag);

/** The row marked N/A (its values emptied: an N/A row takes none) or not. */
export function withNa<R extends RowValues>(row: R, na: NaRule, flag: boolean): R {
  if (!flag) return { ...row, [na.flag]: false };
  const next: Fields = { ...row, [na.flag]: true };
  for (const f of na.values) next[f] = null;
  return next as R;
}

/**
 * Values put into a row from outside (a paste, a CSV): an N/A row refuses them (the caller says so, never "saved"),
 * unless `unNa`, which clears N/A first. Answers the row, or null when refused.
 */
export function putValues<R extends RowValues>(row: R, patch: Partial<R>, na: NaRule | undefined, unNa = false): R | null {
  const writes = !!na && na.values.some((f) => at(patch, f) !== undefined && at(patch, f) !== null);
  if (na && isNa(row, na) && writes) return unNa ? { ...row, ...patch, [na.flag]: false } : null;
  return { ...row, ...patch };
}

/** One row a paste or an import changes: where (index; past the end: a new row), its name, and its values before and after. */
export interface PlannedRow<R> {
  index: number;
  label: string;
  from: R | null;
  to: R;
}

/** A paste or an import waiting for Apply: the rows it changes, and what it leaves out (rows refused, values with no row). */
export interface GridPlan<R> {
  title: string;
  rows: PlannedRow<R>[];
  notes: string[];
  /** the cell to focus after Apply or Cancel */
  focus?: { row: number; column: string };
}

/**
 * A pasted column's values from row `start` down, one a row: N/A rows are skipped and named in the notes (their
 * values would be lost), values left over with no row said as well.
 */
export function columnPlan<R extends RowValues>(rows: readonly R[], start: number, column: string, values: readonly unknown[], opts: {
  na?: NaRule;
  label: (row: R) => string;
  columnName: string;
}): GridPlan<R> {
  const planned: PlannedRow<R>[] = [];
  const skipped: string[] = [];
  let k = start;
  for (const value of values) {
    while (k < rows.length && isNa(rows[k], opts.na)) skipped.push(opts.label(rows[k++]));
    if (k >= rows.length) break;
    planned.push({ index: k, label: opts.label(rows[k]), from: rows[k], to: { ...rows[k], [column]: value } as R });
    k += 1;
  }
  const leftOver = values.length - planned.length;
  const notes = [
    ...(skipped.length ? [`N/A rows take no values and are skipped: ${skipped.join(', ')}.`] : []),
    ...(leftOver > 0 ? [`${leftOver} pasted ${leftOver === 1 ? 'value has' : 'values have'} no row left and will not be used.`] : []),
  ];
  const n = planned.length;
  return { title: `Paste ${opts.columnName} · ${n} ${n === 1 ? 'row' : 'rows'}`, rows: planned, notes, focus: { row: start, column } };
}

/** A server's 400 field messages of a grid save, by row index and field (`entries.3.sampleNumber` → row 3's sampleNumber). */
export function cellMessages(fields: readonly { field: string; message: string }[], rowField: RegExp | ((field: string) => { row: number; field: string } | null)) {
  const at = (f: string) => {
    if (typeof rowField === 'function') return rowField(f);
    const m = rowField.exec(f);
    return m ? { row: Number(m[1]), field: m[2] } : null;
  };
  const cells: { row: number; field: string; message: string }[] = [];
  const rest: string[] = [];
  for (const f of fields) {
    const c = at(f.field);
    if (c) cells.push({ ...c, message: f.message.replace(/^Row \d+: /, '') });
    else rest.push(f.message);
  }
  return { cells, rest };
}
