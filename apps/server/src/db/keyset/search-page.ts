import { type RawBuilder, sql } from 'kysely';
import type { KeysetDeclaration } from './declaration';
import type { ListMatch } from './match';
import { type ListOrder, orderBy, orderByMatched, seek, seekValues } from './order';

/** Where a read starts (see KeysetList): after, or from, the row of key k and id, in the direction read. */
export interface SearchSeek {
  /** null: the row's own key, read by the statement (a cursor of the id alone) */
  k: string | null;
  id: number;
  forward: boolean;
  inclusive: boolean;
}

/** A search read in list order (see `searchInOrder`): the statement's parts and their values in the order written. */
export interface SearchRead {
  /** the walk, a common table expression followed by a comma (keyedPage's `before`) */
  before: RawBuilder<unknown>;
  /** the page's keys (id, sk): the walk's when it found the page, else the branches' */
  keys: RawBuilder<unknown>;
  values: unknown[];
}

/**
 * The keys of a page of a search too wide to count, in list order, without trusting the planner with it.
 *
 * Read in the order's index with the search as a filter, a page costs what lies before its matches: PostgreSQL
 * expects matches spread evenly over the list, but a search for the start of a sample number finds a stretch
 * of it (sample numbers follow entry order), so on a million rows the first 20 'L00…' of the newest-first list
 * came after 900,000 others (1.7 s, issue 36). Here the list is walked in order for `walk` rows only, each
 * tested against the search; when that finds the page (matches are dense near where it starts: a short
 * search, a seek to the next page) it is the page. Otherwise the page is the first `limit` of each searched
 * key's index range, in list order (a bounded sort of that range's matches, index only), merged: the same rows,
 * whatever the order of the matches in the list. Only the one the walk does not settle is read (a gate of
 * the statement, run once).
 */
export function searchInOrder<F>(d: KeysetDeclaration<F>, match: ListMatch, order: ListOrder, o: { limit: number; forward: boolean; walk: number; from: SearchSeek | null }): SearchRead | null {
  const searched = match.searched;
  const branches = match.branches;
  const branchValues = match.branchValues;
  if (!searched || !branches || !branchValues) return null;
  const t = sql.raw(d.alias);
  const table = sql.table(d.table);
  const { from, forward } = o;
  const seekOf = from ? sql` and ${seek(order, from.k, from.id, from.forward, from.inclusive)}` : sql``;
  const seekVals = from ? seekValues(order, from.k, from.id) : [];
  const limit = sql.lit(o.limit);
  const walkBy = orderByMatched(order, forward, d.alias);
  const before = sql`walk as materialized (select ${t}.${sql.raw(d.id)} as id, ${t}.sk from (select ${t}.*, ${order.key} as sk from ${table} ${t}
      where ${searched.filters}${seekOf} order by ${orderBy(order, forward)} limit ${sql.lit(o.walk)}) ${t}
      where ${searched.search} order by ${walkBy} limit ${limit}), `;
  const found = sql`(select count(*) from walk) >= ${limit}`;
  const branch = (b: RawBuilder<unknown>) => sql`(select b.id, b.sk from (select ${t}.${sql.raw(d.id)} as id, ${order.key} as sk from ${table} ${t} where ${b}${seekOf} offset 0) b
      order by ${orderByMatched(order, forward, 'b')} limit ${limit})`;
  const keys = sql`(select w.id, w.sk from walk w where ${found})
      union all
      (select u.id, u.sk from (${sql.join(branches.map(branch), sql` union `)}) u where not ${found} order by ${orderByMatched(order, forward, 'u')} limit ${limit})`;
  const per = branchValues.length / branches.length;
  const values = [
    ...searched.filterValues, ...seekVals, ...searched.searchValues,
    ...branches.flatMap((_, i) => [...branchValues.slice(i * per, (i + 1) * per), ...seekVals]),
  ];
  return { before, keys, values };
}
