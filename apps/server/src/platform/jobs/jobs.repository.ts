import { sql } from 'kysely';
import type { Db } from '../../db/database';

export class JobsRepository {
  constructor(private readonly db: Db) {}

  async insert(kind: string, payload: unknown, userId: number | null, db: Db = this.db): Promise<number> {
    const row = await db
      .insertInto('background_jobs')
      .values({ kind, payload: JSON.stringify(payload), created_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** NOTIFY through the given connection (delivered when its transaction commits). */
  async notify(channel: string, payload: string, db: Db): Promise<void> {
    await sql`select pg_notify(${channel}, ${payload})`.execute(db);
  }

  /** Takes the oldest queued job (or one whose worker stopped beating), so that each job runs once. */
  async claim(kinds: string[], staleSeconds: number) {
    if (kinds.length === 0) return undefined;
    const r = await sql<{ id: number; kind: string; payload: unknown; attempts: number }>`
      update background_jobs set status = 'running', started_at = now(), heartbeat_at = now(), attempts = attempts + 1
      where id = (
        select id from background_jobs
        where kind in (${sql.join(kinds)})
          and (status = 'queued' or (status = 'running' and heartbeat_at < now() - make_interval(secs => ${staleSeconds})))
        order by id
        for update skip locked
        limit 1
      )
      returning id, kind, payload, attempts`.execute(this.db);
    return r.rows[0];
  }

  async progress(id: number, pct: number): Promise<void> {
    await this.db.updateTable('background_jobs').set({ progress: Math.round(pct), heartbeat_at: new Date() }).where('id', '=', id).execute();
  }

  async finish(id: number): Promise<void> {
    await this.db.updateTable('background_jobs').set({ status: 'done', progress: 100, finished_at: new Date(), error: null }).where('id', '=', id).execute();
  }

  async fail(id: number, error: string, retry: boolean): Promise<void> {
    await this.db
      .updateTable('background_jobs')
      .set({ status: retry ? 'queued' : 'failed', error, finished_at: retry ? null : new Date() })
      .where('id', '=', id)
      .execute();
  }

  async find(id: number) {
    return this.db.selectFrom('background_jobs').select(['id', 'kind', 'status', 'progress', 'error', 'created_by']).where('id', '=', id).executeTakeFirst();
  }
}
