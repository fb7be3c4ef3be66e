import { createHash } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';

/**
 * Statements worth preparing once per connection (the result lists: the same few texts run again and
 * again with new values) start with this comment. Their parse and, where PostgreSQL finds a generic plan
 * as good as its custom ones, their planning are done once per connection instead of on every call.
 */
export const PREPARE_MARK = '/*prepared*/';

/** Marks a statement for preparing (see PREPARE_MARK). Its text must not carry values, only parameters. */
export const prepared = <T>(query: RawBuilder<T>): RawBuilder<T> => sql<T>`${sql.raw(PREPARE_MARK)} ${query}`;

/** A connection keeps at most this many prepared statements; marked statements beyond it run unnamed. */
export const PREPARED_PER_CONNECTION = 100;

type Done = (err: Error | null, result?: pg.QueryResult) => void;

/**
 * A statement as pg's own Query, made from its text and given its name (when it has one) after: pg copies a query
 * given as an object (`{ name, text, values }`) member by member through Object.getOwnPropertyDescriptors before
 * running it, 2.1 µs a query here, about 1 % of a list read's CPU (callgrind: 19,000 instructions of the app's
 * 390,000 a /leafs page); made from a text it copies nothing (0.09 µs). `client.query` runs a Query as it is given.
 */
export function queryOf(text: string, values: unknown[] | undefined, done: Done, name?: string): pg.Query {
  const query = new pg.Query(text, values, done as never);
  if (name !== undefined) (query as pg.Query & { name: string }).name = name;
  return query;
}

/** pg's query of a ready Query (one of its overloads) */
type QuerySubmit = (query: pg.Query) => void;

/**
 * A `pg` client that runs statements marked with PREPARE_MARK as named (prepared) statements. pg
 * parses a name once per connection and reuses it; the name is a hash of the text, so one text is one
 * statement. Everything else passes through unchanged.
 */
export class PreparingClient extends pg.Client {
  /** the statements this connection has prepared (at most PREPARED_PER_CONNECTION) */
  private readonly names = new Set<string>();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const plain = this.query.bind(this) as (...args: unknown[]) => unknown;
    const submit = (query: pg.Query) => (pg.Client.prototype.query as QuerySubmit).call(this, query);
    // pg's query has many overloads; only (text, values) and (text, values, callback) calls of marked statements are rewritten.
    this.query = ((...args: unknown[]) => {
      const [text, values, callback] = args;
      const name = typeof text === 'string' && (Array.isArray(values) || values === undefined) ? this.nameFor(text) : undefined;
      if (name === undefined) return plain(...args);
      if (typeof callback === 'function') return submit(queryOf(text as string, values as unknown[] | undefined, callback as Done, name));
      return new Promise<pg.QueryResult>((resolve, reject) => {
        submit(queryOf(text as string, values as unknown[] | undefined, (err, result) => (err ? reject(err) : resolve(result as pg.QueryResult)), name));
      }).catch((err: Error) => {
        // as pg's own promise does: the stack leads back to the awaiting caller, not to the socket's read
        Error.captureStackTrace(err);
        throw err;
      });
    }) as pg.Client['query'];
  }

  /**
   * A read of the direct path (direct-reads.ts), a marked statement by its name: always a ready Query (see queryOf),
   * so that pg's own query meets one form of call (given a text on one path and an object on the other, it ran as
   * unoptimized code for a tenth of the list reads, measured with perf).
   */
  read(text: string, values: unknown[], done: Done): void {
    (pg.Client.prototype.query as QuerySubmit).call(this, queryOf(text, values, done, this.nameFor(text)));
  }

  /** The name a marked statement runs under on this connection; none for an unmarked one or past the connection's limit. */
  private nameFor(text: string): string | undefined {
    if (!text.startsWith(PREPARE_MARK)) return undefined;
    const name = nameOf(text);
    if (!this.names.has(name)) {
      if (this.names.size >= PREPARED_PER_CONNECTION) return undefined;
      this.names.add(name);
    }
    return name;
  }
}

/** Names of the texts seen lately (the same few texts come again and again; hashing each was measured at 2% of a list's CPU). */
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `s${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (names.size >= 1000) names.clear();
    names.set(text, name);
  }
  return name;
}
