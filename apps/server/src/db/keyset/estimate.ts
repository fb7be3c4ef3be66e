import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Db } from '../database';
import type { ListMatch } from './match';
import type { Statements } from './statements';

/** How long a planner estimate is reused for the same filter (paging through one list asks again and again). */
const ESTIMATE_TTL_MS = 10_000;
const ESTIMATE_CACHE_SIZE = 500;

/**
 * The planner's estimate of how many rows of a table match a condition (well under a millisecond at
 * any size). It only changes when the table's statistics do, so the same filter's estimate is kept
 * for a few seconds and the next pages of a list skip the round trip.
 */
export class Estimates {
  /** recent estimates by statement and parameters, oldest first */
  private readonly recent = new Map<string, { rows: number; at: number }>();

  constructor(private readonly db: Db, private readonly from: RawBuilder<unknown>, private readonly statements: Statements) {}

  /**
   * The estimate of a match's condition (`where` is read only when the statement must be built): kept by its
   * shape and values when it has them (ListMatch), else by the compiled statement. One kept is answered at
   * once, without a promise (a list read asks on every call; the cache answers almost every time).
   */
  of(match: Pick<ListMatch, 'where' | 'shape' | 'values'>): number | Promise<number> {
    const now = Date.now();
    const { shape, values } = match;
    if (shape !== undefined && values !== undefined) {
      // a shape names its statement's text: the short name is the key, not the text (hashed anew on every call),
      // and the statement is looked up only when the estimate is not kept
      // (no values, the lists' usual case: their JSON without a trip into V8's runtime)
      const key = `shape ${shape}\u0000${values.length === 0 ? '[]' : JSON.stringify(values)}`;
      return this.kept(key, now) ?? this.planned(this.statements.of(`estimate | ${shape}`, values, () => this.statement(match.where)), key, now);
    }
    const query = this.statement(match.where).compile(this.db);
    const key = `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
    return this.kept(key, now) ?? this.planned(query, key, now);
  }

  /** The estimate kept under `key`, while it is recent. */
  private kept(key: string, now: number): number | undefined {
    const hit = this.recent.get(key);
    return hit && now - hit.at < ESTIMATE_TTL_MS ? hit.rows : undefined;
  }

  private async planned(query: CompiledQuery<Record<string, unknown>>, key: string, now: number): Promise<number> {
    // on the pool directly, as the list's statements (statements.ts): an EXPLAIN writes nothing for the query hooks to see
    const plan = await this.statements.run(query);
    const raw = Object.values(plan[0] ?? {})[0];
    const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
    const rows = Math.round(json[0]?.Plan?.['Plan Rows'] ?? 0);
    this.recent.delete(key);
    this.recent.set(key, { rows, at: now });
    if (this.recent.size > ESTIMATE_CACHE_SIZE) this.recent.delete(this.recent.keys().next().value as string);
    return rows;
  }

  private statement(where: RawBuilder<unknown>) {
    return sql<Record<string, unknown>>`explain (format json) select 1 from ${this.from} where ${where}`;
  }
}
