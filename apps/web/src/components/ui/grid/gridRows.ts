import type { EndpointDef } from '@sapwood/contracts';
import type { RowValues } from './rowModel';
import type { RowKey, SaveHost } from './rowSaves';
import type { EntryGridSpec } from './gridSpec';

export function hostOf<R extends RowValues>(l: { spec: EntryGridSpec<R, string, EndpointDef>; form: { getValues: (n: never) => unknown }; say: (m: string | null) => void; confirm: SaveHost<R>['ask'] }, rows: () => R[], indexOf: (k: RowKey) => number): SaveHost<R> {
  const { spec } = l;
  const rowOf = (key: RowKey) => rows()[indexOf(key)];
  return {
    rowOf,
    label: (key) => (rowOf(key) ? spec.label(rowOf(key)) : String(key)),
    values: spec.values,
    schema: spec.row,
    settle: (key, row, all) => settleRow(l.form as never, indexOf(key), row as Record<string, unknown>, spec.values, all),
    say: l.say,
    ask: l.confirm,
    describe: spec.describe ?? ((row) => spec.values.map((f) => `${f} ${String((row as Record<string, unknown>)[f] ?? '—')}`).join(' · ')),
    before: spec.before,
    refused: spec.refused,
  };
}

export function saverOf<R extends RowValues>(l: { spec: EntryGridSpec<R, string, EndpointDef>; saveCall: (input: never) => Promise<unknown> }) {
  const s = l.spec.save;
  if (!s) return undefined;
  return { call: async (row: R, version: number) => s.version(await l.saveCall(s.input(row, version) as never) as never), fresh: s.fresh, field: s.field };
}

export type FormLike = { getValues: (n: string) => unknown; setValue: (n: string, v: unknown, o?: object) => void; register: (n: string) => unknown; resetField: (n: string, o: object) => void };

/** a row's new values into the form, field by field, only what changed (its inputs follow; marked dirty) */
export function writeRow(form: unknown, index: number, next: RowValues) {
  const f = form as FormLike;
  const cur = (f.getValues(`rows.${index}`) ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(next)) if (!Object.is(cur[k], v)) f.setValue(`rows.${index}.${k}`, v, { shouldDirty: true });
}

/**
 * the row's values are the server's: they become the form's baseline (a field typed over meanwhile stays dirty unless
 * `all`). react-hook-form's resetField clones the whole form's defaults and compares the whole form for isDirty on
 * each call: a row is settled in one call when no field of it was typed over (ADR 0226), field by field otherwise.
 * The row's other fields (read-only in the grids that save per row) keep their values as their baseline.
 */
export function settleRow(form: FormLike, index: number, row: Record<string, unknown>, fields: readonly string[], all: boolean) {
  if (index < 0) return;
  const name = `rows.${index}`;
  const cur = (form.getValues(name) ?? {}) as Record<string, unknown>;
  const typedOver = fields.filter((k) => !Object.is(cur[k] ?? null, row[k] ?? null));
  if (typedOver.length === 0 || all) {
    const next = { ...cur };
    for (const k of fields) next[k] = row[k];
    for (const k of fields) form.register(`${name}.${k}`); // react-hook-form resets only registered fields
    form.resetField(name, { defaultValue: next, keepError: true });
    return;
  }
  for (const k of fields) {
    if (typedOver.includes(k)) continue;
    form.register(`${name}.${k}`);
    form.resetField(`${name}.${k}`, { defaultValue: row[k], keepError: true });
  }
}
