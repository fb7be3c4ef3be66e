import type { PGlite } from '@electric-sql/pglite';

/**
 * Makes an embedded PGlite instance look like a `pg` pool to Kysely's PostgresDialect.
 * PGlite has one connection, so connections are handed out one at a time: a transaction keeps it
 * until it ends and other requests wait their turn.
 */
export class PGlitePool {
  private queue: (() => void)[] = [];
  private busy = false;

  constructor(private readonly pg: PGlite) {}

  async connect() {
    if (this.busy) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.busy = true;
    const pg = this.pg;
    return {
      query: async (sql: string, params?: readonly unknown[]) => {
        const command = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '';
        // Without parameters, use the simple protocol so that scripts of several statements run (as on pg).
        const result = params && params.length > 0 ? await pg.query(sql, params as unknown[]) : (await pg.exec(sql)).at(-1);
        const rows = (result?.rows ?? []) as Record<string, unknown>[];
        return { rows, rowCount: result?.affectedRows ?? rows.length, command };
      },
      release: () => {
        const next = this.queue.shift();
        if (next) next();
        else this.busy = false;
      },
    };
  }

  async end() {
    /* closed by the owner of the PGlite instance */
  }
}
