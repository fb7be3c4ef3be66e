import { type RawBuilder, sql } from 'kysely';
import type { KeysetDeclaration } from './declaration';
import { columnOf } from './order';

/** A list's matches as the paging needs them (see KeysetList.smallPage). */
export interface ListMatch {
  where: RawBuilder<unknown>;
  /** the filter compares text keys: each match's sort key is read in the same pass */
  readsRows: boolean;
  /** conditions whose union is `where`, each served by one index (a search over several keys) */
  branches?: RawBuilder<unknown>[];
  /**
   * What makes `where`'s text (which filters are set, and how each compares) and its parameters in the
   * order they appear in it: statements are kept by shape and given these values (statements.ts), so a
   * list call need not build `where` at all.
   */
  shape?: string;
  values?: readonly unknown[];
  /** the parameters of `branches` joined by union, in their order (each branch: the filters' values, then its search range) */
  branchValues?: readonly unknown[];
  /** a search and no filter: each branch is one range of one index */
  searchAlone?: boolean;
  /** the search's range of the lower-cased keys, [from, to) (to null: no end) */
  searchRange?: readonly [string, string | null];
  /**
   * A search, apart: `filters` the condition without it (the declaration's and the filters', `filterValues` its
   * parameters) and `search` the search's own condition (`searchValues`), whose AND is `where`.
   */
  searched?: { filters: RawBuilder<unknown>; filterValues: readonly unknown[]; search: RawBuilder<unknown>; searchValues: readonly unknown[] };
}

/**
 * The first string after every string that starts with `prefix`, in code point order (the "C"
 * collation's byte order of UTF-8), or null when there is none.
 */
export function prefixEnd(prefix: string): string | null {
  const cps = Array.from(prefix, (c) => c.codePointAt(0) ?? 0);
  while (cps.length > 0) {
    const last = (cps.pop() ?? 0) + 1;
    if (last <= 0x10ffff) {
      cps.push(last >= 0xd800 && last <= 0xdfff ? 0xe000 : last);
      return String.fromCodePoint(...cps);
    }
  }
  return null;
}

/**
 * The rows whose lower-cased text key starts with `text`, as a range of the key's index. A range
 * rather than LIKE: the same index range, without testing the pattern again on every row it reads.
 */
function startsWith(key: RawBuilder<unknown>, text: string): RawBuilder<unknown> {
  const from = text.toLowerCase();
  const to = prefixEnd(from);
  return to === null ? sql`${key} >= ${from}` : sql`(${key} >= ${from} and ${key} < ${to})`;
}

type Values<F> = F & { search?: string };

/** The declared filters with a value, without the search, as conditions (and whether one is a text range). */
function filterParts<F>(d: KeysetDeclaration<F>, f: Values<F>): { parts: RawBuilder<unknown>[]; text: boolean } {
  const parts: RawBuilder<unknown>[] = d.where ? [d.where] : [];
  let text = false;
  for (const [field, filter] of Object.entries(d.filters) as [keyof F & string, { column: string; kind: 'equals' | 'prefix' } | undefined][]) {
    const v = f[field] as unknown;
    if (!filter || !v) continue;
    const col = columnOf(d, filter.column);
    if (filter.kind === 'prefix') {
      parts.push(startsWith(col, String(v)));
      text = true;
    } else parts.push(sql`${col} = ${v}`);
  }
  return { parts, text };
}

/** The filter and search of a list as one WHERE condition. */
export function matchWhere<F>(d: KeysetDeclaration<F>, f: Values<F>): RawBuilder<unknown> {
  const { parts } = filterParts(d, f);
  if (f.search) parts.push(searchWhere(d, f.search));
  return all(parts);
}

/** The search alone: its text at the start of any searched key. */
const searchWhere = <F>(d: KeysetDeclaration<F>, search: string) => sql`(${sql.join(d.search.map((k) => startsWith(columnOf(d, k), search)), sql` or `)})`;

const all = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/**
 * The shape and the parameters of `matchWhere`'s condition for these values, in the order it writes them:
 * the declared filters that are set (an equality one value, a text range its start and, unless it has
 * none, its end), then the search (the same range on each searched key). A fixed condition of the
 * declaration (`where`) is text without parameters.
 */
function whereValues<F>(d: KeysetDeclaration<F>, f: Values<F>): Shaped {
  const shape: string[] = [];
  const values: unknown[] = [];
  let text = false;
  for (const [field, filter] of Object.entries(d.filters) as [keyof F & string, { kind: 'equals' | 'prefix' } | undefined][]) {
    const v = f[field] as unknown;
    if (!filter || !v) continue;
    if (filter.kind === 'prefix') {
      values.push(...rangeOf(String(v), field, shape));
      text = true;
    } else {
      shape.push(`${field}=`);
      values.push(v);
    }
  }
  const filtered = shape.length > 0;
  if (!f.search) return { shape: shape.join(','), values, text, filtered };
  const search = rangeOf(f.search, 'search', shape);
  return {
    shape: shape.join(','),
    text,
    filtered,
    filterValues: values,
    values: [...values, ...d.search.flatMap(() => search)],
    branchValues: d.search.flatMap(() => [...values, ...search]),
  };
}

/** `whereValues`' answer; `text`: a text range is among the filters set, `filtered`: a filter is set. */
interface Shaped {
  shape: string;
  values: unknown[];
  branchValues?: unknown[];
  /** with a search: the filters' values alone */
  filterValues?: unknown[];
  text: boolean;
  filtered: boolean;
}

/**
 * A text range's parameters (its start and, unless it has none, its end), its part of the shape added to
 * `shape`. A function of the module, not a closure made on each call: the server runs through tsx, which
 * names every closure as it is made (an Object.defineProperty each time, measured on the list's hot path).
 */
function rangeOf(text: string, name: string, shape: string[]): string[] {
  const from = text.toLowerCase();
  const to = prefixEnd(from);
  shape.push(`${name}${to === null ? '^' : '^^'}`);
  return to === null ? [from] : [from, to];
}

/**
 * The list's matches. With a search text, also as conditions whose union they are, one per searched
 * key: each is answered by one index alone, where the OR of all of them would read every matching row.
 * `where` and `branches` are built when first read: a statement already kept for the shape needs neither.
 */
export function listMatch<F>(d: KeysetDeclaration<F>, f: Values<F>): ListMatch {
  return new LazyMatch(d, f);
}

/** `listMatch`'s answer: its shape and values now, its conditions only when first read. */
class LazyMatch<F> implements ListMatch {
  readonly readsRows: boolean;
  readonly searchAlone: boolean;
  readonly shape: string;
  readonly values: readonly unknown[];
  readonly branchValues?: readonly unknown[];
  private built?: RawBuilder<unknown>;
  private builtBranches?: RawBuilder<unknown>[];
  private readonly filterValues?: readonly unknown[];

  constructor(private readonly d: KeysetDeclaration<F>, private readonly f: Values<F>) {
    const shaped = whereValues(d, f);
    this.readsRows = shaped.text || !!f.search;
    this.searchAlone = !!f.search && !shaped.filtered;
    this.shape = shaped.shape;
    this.values = shaped.values;
    if (shaped.branchValues) this.branchValues = shaped.branchValues;
    if (shaped.filterValues) this.filterValues = shaped.filterValues;
  }

  get searchRange(): ListMatch['searchRange'] {
    if (!this.f.search) return undefined;
    const from = this.f.search.toLowerCase();
    return [from, prefixEnd(from)];
  }

  get searched(): ListMatch['searched'] {
    const { filterValues, f } = this;
    if (!f.search || !filterValues) return undefined;
    return { filters: all(filterParts(this.d, f).parts), filterValues, search: searchWhere(this.d, f.search), searchValues: this.values.slice(filterValues.length) };
  }

  get where(): RawBuilder<unknown> {
    return (this.built ??= matchWhere(this.d, this.f));
  }

  get branches(): RawBuilder<unknown>[] | undefined {
    const search = this.f.search;
    if (!search) return undefined;
    return (this.builtBranches ??= this.d.search.map((k) => all([...filterParts(this.d, this.f).parts, startsWith(columnOf(this.d, k), search)])));
  }
}
