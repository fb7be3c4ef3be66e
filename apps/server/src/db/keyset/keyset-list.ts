import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import { MAX_PAGE_SKIP, pageTooDeepMessage } from '@sapwood/contracts';
import { HttpError } from '../../http/errors';
import type { Db } from '../database';
import { prepared } from '../prepared';
import { type KeysetDeclaration, checked } from './declaration';
import { Estimates } from './estimate';
import { SearchEstimates } from './search-estimate';
import type { ListMatch } from './match';
import { type ListOrder, decodeCursor, encodeCursor, orderBy, orderByMatched, seek, seekValues } from './order';
import { searchInOrder } from './search-page';
import { Statements } from './statements';
import { type JsonPage, detailsOf, idsInOrder, keyedPage, onePass, onePassPage, rowJson, withDates } from './rows-json';
import { endIdsOf, rowsStartWithId } from './row-ends';

/** Lists up to this many rows are counted exactly; beyond it the planner's estimate is shown ('≈'). */
export const EXACT_COUNT_CAP = 10_000;

/** Where the shown page starts and ends (the cursors of its first and last rows), sent back with the next page. */
export interface PageAnchor {
  page: number;
  first: string;
  last: string;
}

export interface PageRequest {
  match: ListMatch;
  order: ListOrder;
  page: number;
  size: number;
  anchor?: PageAnchor;
}

export interface PageResult {
  /** the page's rows as a JSON array, built by the database */
  rowsJson: string;
  total: number;
  estimated: boolean;
  firstKey: string | null;
  lastKey: string | null;
}

/**
 * How a stretch of the list is read. `prepare`: the statement is prepared once per connection (see
 * db/prepared.ts); only for filters without text ranges, whose generic plan PostgreSQL may pick
 * without knowing how wide the range is (measured: a generic plan for crop + client + block took
 * 16 ms where the custom one takes 3).
 */
interface InOrder {
  limit: number;
  offset: number;
  forward: boolean;
  prepare: boolean;
}

/**
 * A page opened by its number (no page on screen to seek from) that lies further than `MAX_PAGE_SKIP`
 * rows from both ends of a list too long to count: reading it would walk every row before it.
 */
export class PageTooDeep extends HttpError {
  constructor(readonly page: number) {
    super(400, 'ValidationError', pageTooDeepMessage(page), [{ field: 'page', message: pageTooDeepMessage(page) }]);
  }
}

/**
 * A fragment that never changes (its text carries no values), compiled once to its SQL text: a page's
 * JSON of thirty-odd columns was rebuilt and compiled on every request, a third of the list's CPU in
 * Kysely (measured, ADR 0080). With values in it the fragment is left as it was.
 */
function compiledOnce(db: Db, fragment: RawBuilder<unknown>): RawBuilder<unknown> {
  const { sql: text, parameters } = fragment.compile(db);
  return parameters.length === 0 ? sql.raw(text) : fragment;
}

/**
 * A row's key as its cursor writes it: the one the page's statement read; in an order by the id alone (whose
 * statements read no key: rows-json.ts), the id as PostgreSQL writes an integer as text; null when the page was
 * read without its keys (a page read in one pass: the next seek reads the row's key, ADR 0256).
 */
function keyOf(order: ListOrder, k: string | null | undefined, id: number): string | null {
  if (order.byId) return String(id);
  return k === undefined ? null : (k ?? '');
}

/** Where a read starts: after (or, inclusive, from) the row of key k (null: the row's own key) and id, in the direction read. */
interface Seek {
  k: string | null;
  id: number;
  forward: boolean;
  inclusive: boolean;
}

/**
 * A seek from a decoded cursor, written out member by member: a spread with members added after it missed V8's
 * inline caches on every call (about 2 % of the server process's CPU on a Next page, measured with perf).
 */
const seekFrom = (at: { k: string | null; id: number }, forward: boolean, inclusive: boolean): Seek => ({ k: at.k, id: at.id, forward, inclusive });

/** A seek as a statement's shape writes it: its direction, whether it takes its row, whether it reads the row's key. */
const seekShape = (from: Seek | null): string => (from ? `seek ${from.forward} ${from.inclusive}${from.k === null ? ' row' : ''}` : '');

/** A row's place in an order: its id and the order's key as text. */
interface Key {
  id: number;
  k: string;
}

/** A bulk row with its place in the list: `_rn` its position in the read, `_k` the order's key as text. */
export type KeyedRow<R> = R & { _rn: number; _k: string };

export interface KeysetOptions {
  /** 0 makes every list take the large-list path (tests of the seek use it) */
  cap?: number;
  /** an uncounted list's last page is read from the end when it lies this many rows or more from the start */
  fromEndAfter?: number;
  /** the most rows a page opened by number may skip (tests make it small) */
  maxSkip?: number;
  /** rows of the list a search too wide to count walks in order, for each row of its page, before it reads its keys' ranges (search-page.ts) */
  walkPerRow?: number;
}

/**
 * A list of a large table paged by keys (ADR 0071), as its declaration describes it. `R`: a bulk row.
 */
export class KeysetList<F, R> {
  readonly decl: KeysetDeclaration<F>;
  private readonly cap: number;
  private readonly fromEndAfter: number;
  private readonly maxSkip: number;
  /** a planner estimate this far above the cap is trusted without counting at all */
  private readonly trustFrom: number;
  private readonly estimates: Estimates;
  /** a search's estimate from the keys' statistics, without a statement planned (search-estimate.ts) */
  private readonly searchEstimates: SearchEstimates | null;
  private readonly from: RawBuilder<unknown>;
  private readonly idCol: RawBuilder<unknown>;
  /** a page row's JSON (see `compiledOnce`) */
  private readonly rowJson: RawBuilder<unknown>;
  /** whether a page from the start may be read in one pass (see onePassPage) */
  private readonly onePass: boolean;
  /** whether a page's rows start with their id, so that a one-pass page's end ids are read from its JSON (row-ends.ts) */
  private readonly idsInRows: boolean;
  private readonly statements: Statements;
  private readonly walkPerRow: number;

  constructor(protected readonly db: Db, decl: KeysetDeclaration<F>, o: KeysetOptions = {}) {
    this.decl = checked(decl);
    this.cap = o.cap ?? EXACT_COUNT_CAP;
    this.fromEndAfter = o.fromEndAfter ?? 50_000;
    this.maxSkip = o.maxSkip ?? MAX_PAGE_SKIP;
    this.walkPerRow = o.walkPerRow ?? 50;
    this.trustFrom = 5 * this.cap;
    this.from = sql`${sql.table(decl.table)} ${sql.raw(decl.alias)}`;
    this.idCol = sql.raw(`${decl.alias}.${decl.id}`);
    this.statements = new Statements(db);
    this.estimates = new Estimates(db, this.from, this.statements);
    const listWhere = decl.where ?? sql`true`;
    this.searchEstimates = decl.search.length > 0 ? new SearchEstimates(db, decl.table, decl.search, () => this.estimates.of({ where: listWhere })) : null;
    this.rowJson = compiledOnce(db, rowJson(this.decl.rows.page));
    this.onePass = onePass(this.decl.rows.page);
    this.idsInRows = rowsStartWithId(db, this.decl.rows.page, decl.alias, decl.id);
  }

  /**
   * The keys of a stretch of the list in the direction read: id and k (the order's key as text). The
   * position in the read (rn) only when asked for: numbering rows costs on each row an offset skips.
   */
  private keysInOrder(where: RawBuilder<unknown>, order: ListOrder, o: InOrder, numbered = false): RawBuilder<unknown> {
    const by = orderBy(order, o.forward);
    return sql`select ${this.idCol} as id, (${order.key})::text as k${numbered ? sql`, row_number() over (order by ${by}) as rn` : sql``}
    from ${this.from} where ${where} order by ${by} limit ${o.limit} offset ${o.offset}`;
  }

  /**
   * One page. When the planner expects few matches they are collected once (up to the cap, through
   * their best index) and both counted and sorted from that set; otherwise the estimate stands as the
   * total and the page is read in order from the order's index, by a seek from the anchor page when
   * there is one, else by offset.
   */
  async page(r: PageRequest): Promise<PageResult> {
    // an estimate at hand (kept a few seconds) is taken at once: an await of it would cost a turn of the microtask queue
    const planned = this.estimateOf(r.match);
    const estimate = typeof planned === 'number' ? planned : await planned;
    let total = { total: estimate, estimated: true };
    let page: JsonPage | null = null;
    if (estimate < this.trustFrom) {
      const small = await this.smallPage(r);
      if (small.n <= this.cap) {
        total = { total: small.n, estimated: false };
        page = small;
      } else total = { total: Math.max(estimate, this.cap + 1), estimated: true };
    }
    page ??= await this.pageInOrder(r, total);
    return {
      rowsJson: page.rows,
      ...total,
      firstKey: page.firstId === null ? null : encodeCursor(r.order, keyOf(r.order, page.firstK, page.firstId), page.firstId),
      lastKey: page.lastId === null ? null : encodeCursor(r.order, keyOf(r.order, page.lastK, page.lastId), page.lastId),
    };
  }

  /** How many rows the match is expected to hold: a search alone from the keys' statistics, anything else by the planner. */
  private estimateOf(match: ListMatch): number | Promise<number> {
    const range = match.searchAlone ? match.searchRange : undefined;
    if (!range || !this.searchEstimates) return this.estimates.of(match);
    return this.searchEstimates.of(range[0], range[1]).then((fromStats) => fromStats ?? this.estimates.of(match));
  }

  /**
   * Up to cap + 1 matches collected once: how many there are, and the page among them with its full
   * rows, in one statement. When the filter reads no row (no text range), the matches are collected as
   * ids alone, which an index-only scan answers, and their sort keys are read only when they are few
   * enough to be counted: a list that turns out to be large costs little before it takes the in-order
   * path. A text range's index carries the key, so its keys come in the same pass; a search is the
   * union of one index range per searched key. The page is cut from the matches before it is numbered,
   * so the sort keeps only the rows up to the page (a bounded sort).
   */
  private async smallPage(r: PageRequest): Promise<JsonPage & { n: number }> {
    const { match, order } = r;
    const limit = this.cap + 1;
    const offset = (r.page - 1) * r.size;
    const { from, idCol } = this;
    const collect = () => {
      const branches = match.branches;
      const source = branches
        ? sql`(${sql.join(branches.map((b) => sql`select ${idCol} as id, ${order.key} as sk from ${from} where ${b}`), sql` union `)})`
        : sql`(select ${idCol} as id, ${order.key} as sk from ${from} where ${match.where})`;
      return match.readsRows
        ? sql`m as materialized (select u.id, u.sk from ${source} u limit ${limit}),
        c as (select count(*)::int as n from m)`
        : sql`ids as materialized (select ${idCol} as id from ${from} where ${match.where} limit ${limit}),
        c as (select count(*)::int as n from ids),
        m as materialized (select ${idCol} as id, ${order.key} as sk from ids join ${from} on ${idCol} = ids.id
          where (select c.n from c) <= ${this.cap})`;
    };
    if (!match.readsRows || match.searchAlone) {
      // planned once per connection (its plan does not depend on the values): count, keys and rows in one
      // statement. A search alone is one range of one index per branch, however wide: a generic plan has no
      // worse one to choose. The rows are built only when the matches are few enough to be counted.
      const q = this.statement(`small ${order.name}`, match, match.branchValues ?? match.values, [limit, this.cap, r.size, offset], () => {
        // a filter's matches are cut at the cap as they are collected (collect); a search's, here
        const counted = match.readsRows ? sql`where (select c.n from c) <= ${this.cap} ` : sql``;
        const keys = sql`select m.id, m.sk from m ${counted}order by ${orderByMatched(order)} limit ${r.size} offset ${offset}`;
        return prepared(keyedPage(this.decl, this.rowJson, keys, orderByMatched(order, true, 'src'), { before: sql`${collect()}, `, also: sql`(select c.n from c) as n, `, order }));
      });
      return (await this.statements.run(q as CompiledQuery<JsonPage & { n: number }>))[0];
    }
    // the keys alone, planned for the values of each call (a text range's width decides the plan); the rows follow
    const q = this.statement(`small keys ${order.name}`, match, match.branchValues ?? match.values, [limit, r.size, offset], () => {
      const keys = sql<Key & { n: number }>`
      with ${collect()}, p as (select m.id, (m.sk)::text as k, row_number() over (order by ${orderByMatched(order)}) as rn
          from (select m.id, m.sk from m order by ${orderByMatched(order)} limit ${r.size} offset ${offset}) m)
      select c.n, p.id, p.k from c left join p on true order by p.rn`;
      return keys;
    });
    const keys = (await this.statements.run(q)) as { n: number; id: number | null; k: string | null }[];
    const n = keys[0]?.n ?? 0;
    // too many to count: the caller reads the page in order instead, so these rows are not wanted
    const found = n > this.cap ? [] : keys.flatMap((x) => (x.id === null ? [] : [{ id: x.id, k: x.k ?? '' }]));
    return { n, ...(await this.rowsOf(found)) };
  }

  /**
   * The JSON page of keys already read, in their order: a statement of its own, prepared, so that the
   * statement that found the keys (a text-range filter's, planned for its values on every call) stays small to plan.
   */
  private async rowsOf(keys: Key[]): Promise<JsonPage> {
    const first = keys[0];
    const last = keys[keys.length - 1];
    let rows = '[]';
    if (keys.length > 0) {
      const ids = `{${keys.map((x) => x.id).join(',')}}`;
      const q = this.statements.of('rows', [ids], () => prepared(keyedPage(this.decl, this.rowJson,
        sql`select x.id, x.n as sk from unnest(${ids}::int[]) with ordinality as x(id, n)`, sql`src.sk`)));
      rows = (await this.statements.run(q))[0].rows;
    }
    return { rows, firstK: first?.k ?? null, firstId: first?.id ?? null, lastK: last?.k ?? null, lastId: last?.id ?? null };
  }

  /**
   * A page read in the order's index: by a seek from the anchor page when there is one (from its first
   * row on when it is the page asked for again), else by offset, from the start or, near the end of a
   * list too long to count, backwards from the end (the pager's Last, and the pages just before it, are
   * the list's true last rows, whatever the estimate says). A page that no seek reaches and that lies
   * more than MAX_PAGE_SKIP rows from both ends is refused (PageTooDeep) instead of walking every row before it.
   */
  private async pageInOrder(r: PageRequest, total: { total: number; estimated: boolean }): Promise<JsonPage> {
    const { match, order, size, page } = r;
    const prepare = !match.readsRows;
    const offset = (page - 1) * size;
    const lastPage = Math.max(1, Math.ceil(total.total / size));
    const fromEnd = Math.max(0, lastPage - page) * size;
    if (total.estimated && offset >= this.fromEndAfter && page >= lastPage) {
      return this.inOrder(match, null, order, { limit: size, offset: 0, forward: false, prepare });
    }
    const sought = await this.soughtPage(r, prepare);
    if (sought) return sought;
    if (offset <= this.maxSkip) return this.inOrder(match, null, order, { limit: size, offset, forward: true, prepare });
    if (total.estimated && fromEnd <= this.maxSkip) return this.inOrder(match, null, order, { limit: size, offset: fromEnd, forward: false, prepare });
    throw new PageTooDeep(page);
  }

  /**
   * The page sought from the anchor page on screen, or null when there is no seek to make (no anchor, a cursor that
   * is none, too far a jump) or when a cursor of the id alone names a row no longer there (its seek finds nothing:
   * the page is read without it).
   */
  private async soughtPage(r: PageRequest, prepare: boolean): Promise<JsonPage | null> {
    const { match, order, size, page, anchor } = r;
    if (!anchor) return null;
    let seek: { from: Seek; skip: number } | null = null;
    if (anchor.page === page) {
      // the same page again (a refresh, a save on it): from its first row on. Page 1 is always the
      // start of the list (newer rows show there), so it is read from the start.
      const from = page > 1 ? decodeCursor(order, anchor.first) : null;
      if (from) seek = { from: seekFrom(from, true, true), skip: 0 };
    } else {
      const forward = page > anchor.page;
      const from = decodeCursor(order, forward ? anchor.last : anchor.first);
      const skip = (Math.abs(page - anchor.page) - 1) * size;
      if (from && skip <= this.maxSkip) seek = { from: seekFrom(from, forward, false), skip };
    }
    if (!seek) return null;
    const { from, skip } = seek;
    const read = await this.inOrder(match, from, order, { limit: size, offset: skip, forward: from.forward, prepare });
    return read.firstId === null && from.k === null ? null : read;
  }

  /**
   * A stretch of the list read in order, in one statement (one round trip), from a seek when given:
   * from the start in one pass where the shape allows it, else its keys in the direction read (through
   * the order's index), then their rows as the page's JSON in list order.
   *
   * The page size is written into the statement's text, and so is an offset of 0 (left out): with a LIMIT
   * parameter PostgreSQL's generic plan assumes a tenth of the table is wanted, costs it far above a plan for
   * 50 rows, and so plans the prepared statement again on every call (measured: custom plans only, never the
   * generic one). With the size in the text the generic plan is the page's own, and after its first calls on a
   * connection the statement is no longer planned at all (ADR 0096). Sizes are few (1 to 1,000, in practice
   * the pager's four), each a shape of its own; an offset other than 0 (a page opened by number) stays a parameter.
   */
  private async inOrder(match: ListMatch, from: Seek | null, order: ListOrder, o: InOrder): Promise<JsonPage> {
    const { idCol } = this;
    const searched = o.offset === 0 ? searchInOrder(this.decl, match, order, { limit: o.limit, forward: o.forward, walk: o.limit * this.walkPerRow, from }) : null;
    if (searched) {
      const shape = `search ${order.name} ${o.forward} ${seekShape(from)} ${o.limit}`;
      const q = this.statement(shape, match, searched.values, [], () => keyedPage(this.decl, this.rowJson, searched.keys, orderByMatched(order, true, 'src'), { before: searched.before, order }));
      return (await this.statements.run(q))[0];
    }
    const one = this.onePass && o.forward && o.offset === 0;
    const skips = o.offset !== 0;
    const shape = `${one ? 'one' : 'keyed'} ${order.name} ${o.forward} ${seekShape(from)} ${o.prepare} ${o.limit}${skips ? ' skips' : ''}`;
    const values = [...(from ? seekValues(order, from.k, from.id) : []), ...(skips ? [o.offset] : [])];
    const q = this.statement<JsonPage | { rows: string }>(shape, match, match.values, values, () => {
      const where = from ? sql`${match.where} and ${seek(order, from.k, from.id, from.forward, from.inclusive)}` : match.where;
      const limit = sql.lit(o.limit);
      const page = one
        ? onePassPage(this.decl, this.rowJson, where, order, limit, this.idsInRows)
        : keyedPage(this.decl, this.rowJson, sql`select ${idCol} as id, ${order.key} as sk from ${this.from} where ${where}
      order by ${orderBy(order, o.forward)} limit ${limit}${skips ? sql` offset ${o.offset}` : sql``}`, orderByMatched(order, true, 'src'), { order });
      return o.prepare ? prepared(page) : page;
    });
    const read = (await this.statements.run(q))[0];
    return 'firstId' in read ? read : { rows: read.rows, ...endIdsOf(read.rows) };
  }

  /**
   * A statement kept by shape (statements.ts): `first` (the values of the match's condition as the
   * statement writes it; the match's own by default), then `after` (the values written after it). A
   * match without a shape is built each time.
   */
  private statement<T>(shape: string, match: ListMatch, first: readonly unknown[] | undefined, after: unknown[], build: () => RawBuilder<T>): CompiledQuery<T> {
    if (match.shape === undefined || first === undefined) return build().compile(this.db);
    return this.statements.of(`${shape} | ${match.shape}`, [...first, ...after], build);
  }

  /** The next chunk of bulk rows after a key (downloads walk the whole list this way, never by offset). */
  async chunkAfter(where: RawBuilder<unknown>, order: ListOrder, after: Key | null, limit: number): Promise<KeyedRow<R>[]> {
    const w = after ? sql`${where} and ${seek(order, after.k, after.id, true)}` : where;
    const keys = sql`(${this.keysInOrder(w, order, { limit, offset: 0, forward: true, prepare: false }, true)})`;
    const rows = (await sql<Record<string, unknown>>`${detailsOf(this.decl, keys, this.decl.rows.bulk)} order by _rn`.execute(this.db)).rows;
    return rows.map((row) => withDates<F, KeyedRow<R>>(this.decl, row));
  }

  /** The bulk rows of these ids, in the order given. */
  async details(ids: number[]): Promise<R[]> {
    if (ids.length === 0) return [];
    const rows = (await sql<Record<string, unknown>>`${detailsOf(this.decl, idsInOrder(ids), this.decl.rows.bulk)} order by 1`.execute(this.db)).rows;
    return rows.map(({ _rn, _k, ...row }) => withDates<F, R>(this.decl, row));
  }

  /** The planner's estimate of how many rows match (cached a few seconds per condition). */
  async estimate(where: RawBuilder<unknown>): Promise<number> {
    return this.estimates.of({ where });
  }
}
