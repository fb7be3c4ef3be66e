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

/**
 * A `pg` client that runs statements marked with PREPARE_MARK as named (prepared) statements. pg
 * parses a name once per connection and reuses it; the name is a hash of the text, so one text is one
 * statement. Everything else passes through unchanged.
 */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const names = new Set<string>();
    const plain = this.query.bind(this) as (...args: unknown[]) => unknown;
    // pg's query has many overloads; only (text, values) and (text, values, callback) calls of marked statements are rewritten.
    this.query = ((...args: unknown[]) => {
      const [text, values, callback] = args;
      if (typeof text === 'string' && text.startsWith(PREPARE_MARK) && (Array.isArray(values) || values === undefined)) {
        const name = nameOf(text);
        if (names.has(name) || names.size < PREPARED_PER_CONNECTION) {
          names.add(name);
          return typeof callback === 'function' ? plain({ name, text, values }, callback) : plain({ name, text, values });
        }
      }
      return plain(...args);
    }) as pg.Client['query'];
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
