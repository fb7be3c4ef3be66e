import { type RawBuilder, sql } from 'kysely';

/** PostgreSQL types a column of `unnestRows` may have (arrays of these travel as array literals, one a row). */
export type UnnestType = 'int4' | 'int8' | 'text' | 'bool' | 'float8' | 'numeric' | 'jsonb' | 'date' | 'timestamptz' | 'int4[]' | 'text[]';

type Columns<R> = { [K in keyof R & string]?: UnnestType };

/** One array literal (`{1,2}`, `{"a","b\"c"}`) of an array value, so that arrays of arrays stay one value a row. */
function arrayLiteral(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  const items = (v as unknown[]).map((x) => (x === null ? 'NULL' : `"${String(x).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`));
  return `{${items.join(',')}}`;
}

/**
 * `select c1, c2, … from unnest($1::t1[], $2::t2[], …) as u(c1, c2, …)`: the rows as one array a column, so that a
 * multi-row insert or update has one parameter a column however many rows it writes (PostgreSQL allows 65,535
 * parameters a statement; one a value reached it at 5,042 samples a submission). Columns of array types travel as
 * text literals and are cast back a row at a time. Use with `insertInto(t).columns(names).expression(...)` or as
 * the `from` of an update.
 */
export function unnestRows<R extends object>(columns: Columns<R>, rows: readonly R[]): RawBuilder<R> {
  const names = Object.keys(columns) as (keyof R & string)[];
  const arrays = names.map((name) => {
    const type = columns[name]!;
    const isArray = type.endsWith('[]');
    const values = rows.map((r) => {
      const v = (r as Record<string, unknown>)[name];
      return isArray ? arrayLiteral(v) : (v ?? null);
    });
    return sql`${values}::${sql.raw(isArray ? 'text' : type)}[]`;
  });
  const select = names.map((name) => {
    const type = columns[name]!;
    return type.endsWith('[]') ? sql`u.${sql.ref(name)}::${sql.raw(type)}` : sql`u.${sql.ref(name)}`;
  });
  return sql<R>`select ${sql.join(select)} from unnest(${sql.join(arrays)}) as u(${sql.join(names.map((n) => sql.ref(n)))})`;
}
