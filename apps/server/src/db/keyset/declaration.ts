import type { RawBuilder } from 'kysely';

/**
 * What a list paged by keys declares (ADR 0071): its table, the sorts it allows and the key each sorts
 * by, its filters, the text keys a search looks in, and the columns of its rows. The engine
 * (`keyset-list.ts`) does the rest: counts up to a cap, seeks from anchors, reads the last page
 * backwards, and answers each page's rows as JSON built by PostgreSQL.
 */

/**
 * How a key compares and how it travels in a cursor. text: a stored lower-cased copy in the "C"
 * collation (prefix filters and searches become index ranges); plain: text in the default collation;
 * time: a timestamp; int: an integer; num: a double precision number.
 */
export type KeyKind = 'text' | 'plain' | 'time' | 'int' | 'num';

/**
 * A whitelisted sort: the key column (of the list's table), or a key expression (never null: e.g. a
 * referenced row's name, or a nullable value with coalesce), and its kind. Ties are broken by id. An
 * expression is served by an index only where one is made on that same expression.
 */
export type KeysetSort = { column: string; kind: KeyKind; key?: undefined } | { key: RawBuilder<unknown>; kind: KeyKind; column?: undefined };

/**
 * A filter of the list: `equals` a value, or (`prefix`, on a text key) starts with the text, compared
 * lower-cased. A filter whose value is empty (undefined, null, '', 0, false) is not applied.
 */
export interface KeysetFilter {
  column: string;
  kind: 'equals' | 'prefix';
}

/** A column of a row: its name in the answer and its value (`time`: written as JavaScript writes a Date). */
export interface RowColumn {
  as: string;
  value: RawBuilder<unknown>;
  time?: boolean;
}

/**
 * The columns of a row and what they need: `joins` after the list's table (aliased as declared),
 * `with` further common table expressions after the key source `src` (each starting with a comma).
 * `lookups`: left joins, each by the primary key of a small table (a referenced row's name), which add
 * no row and remove none: PostgreSQL memoizes them inside the list's own scan, so a page with only these
 * is still read in one pass (rows-json.ts `onePass`), where a sub-select a row would look each row up again.
 */
export interface RowShape {
  columns: RowColumn[];
  joins?: RawBuilder<unknown>;
  lookups?: RawBuilder<unknown>;
  with?: RawBuilder<unknown>;
}

export interface KeysetDeclaration<F> {
  table: string;
  /** the table's alias in every statement (the columns and joins of `rows` use it) */
  alias: string;
  /** the integer primary key: every order ends with it, so a key (value, id) is one row */
  id: string;
  /** a condition every listed row meets (e.g. measured results only) */
  where?: RawBuilder<unknown>;
  /** the list's filters, by the request field that carries each value, in the order they are written */
  filters: { [K in keyof F]?: KeysetFilter };
  /** the text keys (kind text) a search looks in: a row matches when one of them starts with the text */
  search: string[];
  /** the sorts a request may ask for by name */
  sorts: Record<string, KeysetSort>;
  /** the order of a request without a whitelisted sort */
  defaultSort: { column: string; kind: KeyKind; desc: boolean };
  /**
   * A page's rows (as JSON; few rows: look-ups by primary key are cheaper to plan than joins) and a
   * bulk read's rows (downloads: thousands of rows a chunk, joins hashed once).
   */
  rows: { page: RowShape; bulk: RowShape };
}

const NAME = /^[a-z_][a-z0-9_]*$/;

/** Checks the declaration's table, alias and column names (they are written into statements as they stand). */
export function checked<F>(d: KeysetDeclaration<F>): KeysetDeclaration<F> {
  const names = [d.table, d.alias, d.id, ...d.search, ...Object.values(d.sorts).map((s) => s.column ?? d.id), d.defaultSort.column,
    ...Object.values<KeysetFilter | undefined>(d.filters).map((f) => f?.column ?? 'x')];
  const bad = names.find((n) => !NAME.test(n));
  if (bad !== undefined) throw new Error(`keyset list ${d.table}: '${bad}' is not a plain lower-case name`);
  return d;
}
