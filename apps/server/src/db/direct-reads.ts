/** a database's Kysely (or one made from it): what tells its database and whether it is a transaction */
interface Db {
  readonly isTransaction: boolean;
  getExecutor(): { readonly adapter: object };
}

/** Runs a read statement on a connection of the pool and answers its rows (pg.Pool's `query`). */
export type DirectRead = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/** by the dialect adapter of a database's Kysely: one a database, shared by every Kysely made from it (withPlugin, transactions) */
const readers = new WeakMap<object, DirectRead>();

/**
 * The pool of a PostgreSQL database answers its list statements itself (ADR 0200): Kysely's driver layers (its
 * connection provider, the connection wrapper, their promises) were a twentieth of a list call's CPU, between
 * a statement already compiled (db/keyset/statements.ts) and the pool that runs it, as the baseline server does.
 */
export function registerDirectReads(db: Db, read: DirectRead): void {
  readers.set(db.getExecutor().adapter, read);
}

/**
 * The pool's direct read for a database, or undefined: for an embedded database (none registered) and inside a
 * transaction, whose statements must go on its own connection.
 */
export function directReadOf(db: Db): DirectRead | undefined {
  return db.isTransaction ? undefined : readers.get(db.getExecutor().adapter);
}
