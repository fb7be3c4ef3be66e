import type { CompiledQuery, QueryExecutor, RawBuilder } from 'kysely';
import type { Db } from '../database';
import { type DirectRead, directReadOf } from '../direct-reads';

/** A list keeps at most this many statement texts (its orders × filters used × the few ways a page is read). */
const MAX_SHAPES = 500;

/**
 * A list's statements by shape (ADR 0094). A shape is everything that makes a statement's text: how the
 * page is read, the order, which filters are set, whether a seek is in it; the values (filter values,
 * search text, cursor, limit and offset) are its parameters. Building a statement with Kysely and
 * compiling it to text was a tenth of a list call's CPU in the app, paid again on every call for the
 * same few texts; here it is paid on a shape's first call, and later calls bind their values to the
 * text kept.
 *
 * The values a caller gives are checked against the ones Kysely compiled, on each shape's first call:
 * a shape whose values are not exactly the compiled parameters, in their order, is refused (an error
 * in the first test that reads it), never run with values in the wrong places.
 */
export class Statements {
  private readonly texts = new Map<string, CompiledQuery<unknown>>();

  private readonly executor: QueryExecutor;
  /** the PostgreSQL pool's own query, when the database has one (db/direct-reads.ts) */
  private readonly direct: DirectRead | undefined;

  constructor(private readonly db: Db) {
    this.executor = db.getExecutor().withoutPlugins();
    this.direct = directReadOf(db);
  }

  /** The statement of `shape` with `values`: built by `build` (with those same values) only on the shape's first call. */
  of<T>(shape: string, values: readonly unknown[], build: () => RawBuilder<T>): CompiledQuery<T> {
    const known = this.texts.get(shape) as CompiledQuery<T> | undefined;
    if (known) return { query: known.query, queryId: known.queryId, sql: known.sql, parameters: values };
    const compiled = build().compile(this.db);
    const got = compiled.parameters;
    if (got.length !== values.length || got.some((v, i) => v !== values[i])) {
      throw new Error(`list statement '${shape}': its values ${JSON.stringify(values)} are not the compiled ones ${JSON.stringify(got)}`);
    }
    if (this.texts.size < MAX_SHAPES) this.texts.set(shape, compiled);
    return compiled;
  }

  /**
   * Runs a statement of `of`, past the query hooks (plugins): they watch what a statement writes, and a
   * list statement only reads. On PostgreSQL the pool runs it directly, past Kysely's driver too.
   */
  async run<T>(q: CompiledQuery<T>): Promise<T[]> {
    if (this.direct) return (await this.direct(q.sql, q.parameters as unknown[])).rows as T[];
    return (await this.executor.executeQuery(q)).rows;
  }
}
