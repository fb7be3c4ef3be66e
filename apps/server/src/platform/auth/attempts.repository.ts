import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A key's count in its current window, as the database has it after this attempt. */
export interface AttemptCount {
  key: string;
  attempts: number;
  /** seconds until the window ends (and the count starts again) */
  secondsLeft: number;
}

/** The `auth_attempts` table: attempt counts per kind and key, one window at a time (ADR 0005). */
export class AttemptsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one attempt for each key in one statement, atomically across app servers: a key without a row, or
   * whose window has ended, starts a new window of `windowSeconds` at 1; any other adds 1.
   */
  async hit(kind: string, keys: string[], windowSeconds: number): Promise<AttemptCount[]> {
    const rows = await this.db
      .insertInto('auth_attempts')
      .values(keys.map((key) => ({
        kind,
        key,
        attempts: 1,
        window_start: sql<Date>`now()`,
        expires_at: sql<Date>`now() + make_interval(secs => ${windowSeconds})`,
      })))
      .onConflict((oc) => oc.columns(['kind', 'key']).doUpdateSet({
        attempts: sql<number>`case when auth_attempts.expires_at <= now() then 1 else auth_attempts.attempts + 1 end`,
        window_start: sql<Date>`case when auth_attempts.expires_at <= now() then excluded.window_start else auth_attempts.window_start end`,
        expires_at: sql<Date>`case when auth_attempts.expires_at <= now() then excluded.expires_at else auth_attempts.expires_at end`,
      }))
      .returning(['key', 'attempts', sql<number>`greatest(0, extract(epoch from (expires_at - now())))::float8`.as('secondsLeft')])
      .execute();
    return rows.map((r) => ({ key: r.key, attempts: r.attempts, secondsLeft: Number(r.secondsLeft) }));
  }

  /** Deletes the rows whose window has ended; answers how many. */
  async deleteExpired(): Promise<number> {
    const r = await this.db.deleteFrom('auth_attempts').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
