import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../database';
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
   * `known`: a key of this condition the caller has (see ListMatch.key), otherwise the compiled statement
   * is the key; `shape`: the condition's shape and values (ListMatch), whose statement is kept.
   */
  async of(where: () => RawBuilder<unknown>, known?: string, shape?: { shape?: string; values?: readonly unknown[] }): Promise<number> {
    const now = Date.now();
    let query = known === undefined ? this.compile(where) : undefined;
    const key = known === undefined ? `${query!.sql}\u0000${JSON.stringify(query!.parameters)}` : `\u0001${known}`;
    const hit = this.recent.get(key);
    if (hit && now - hit.at < ESTIMATE_TTL_MS) return hit.rows;
    if (!query && shape?.shape !== undefined && shape.values) query = this.statements.of(`estimate | ${shape.shape}`, shape.values, () => this.statement(where));
    query ??= this.compile(where);
    const plan = await this.db.executeQuery(query);
    const raw = Object.values(plan.rows[0] ?? {})[0];
    const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
    const rows = Math.round(json[0]?.Plan?.['Plan Rows'] ?? 0);
    this.recent.delete(key);
    this.recent.set(key, { rows, at: now });
    if (this.recent.size > ESTIMATE_CACHE_SIZE) this.recent.delete(this.recent.keys().next().value as string);
    return rows;
  }

  private statement(where: () => RawBuilder<unknown>) {
    return sql<Record<string, unknown>>`explain (format json) select 1 from ${this.from} where ${where()}`;
  }

  private compile(where: () => RawBuilder<unknown>) {
    return this.statement(where).compile(this.db);
  }
}
