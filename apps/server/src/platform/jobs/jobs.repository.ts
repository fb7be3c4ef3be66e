import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A job as a screen follows it. */
export interface JobRecord {
  id: number;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  /** what the running job says it is doing */
  message: string | null;
  error: string | null;
  result: unknown;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** the name of the user who asked for it; null for a scheduled job */
  requestedBy: string | null;
}

const ACTIVE = ['queued', 'running'] as const;

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

  /**
   * Queues a job unless one with this key is queued or running (the partial unique index decides, so two
   * servers asking at once make one job): the new job's id, or undefined when one is already under way.
   */
  async insertOnce(kind: string, payload: unknown, userId: number | null, dedupeKey: string): Promise<number | undefined> {
    const row = await this.db
      .insertInto('background_jobs')
      .values({ kind, payload: JSON.stringify(payload), created_by: userId, dedupe_key: dedupeKey })
      // the index predicate written out (not as parameters), for PostgreSQL to infer the partial index
      .onConflict((oc) => oc.column('dedupe_key').where(sql<boolean>`status in ('queued', 'running')`).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** The queued or running job holding this key, if any. */
  async active(dedupeKey: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('background_jobs').select('id').where('dedupe_key', '=', dedupeKey).where('status', 'in', ACTIVE).executeTakeFirst();
    return row?.id;
  }

  /** Whether a job with this key finished (done or failed) within the last `ms` milliseconds, by the database's clock. */
  async finishedWithin(dedupeKey: string, ms: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('background_jobs')
      .select('id')
      .where('dedupe_key', '=', dedupeKey)
      .where('finished_at', '>', sql<Date>`now() - make_interval(secs => ${ms / 1000})`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** NOTIFY through the given connection (delivered when its transaction commits). */
  async notify(channel: string, payload: string, db: Db): Promise<void> {
    await sql`select pg_notify(${channel}, ${payload})`.execute(db);
  }

  /** Takes the oldest queued job (or one whose lease lapsed: its server died), so that each job runs once. */
  async claim(kinds: string[], leaseSeconds: number) {
    if (kinds.length === 0) return undefined;
    const r = await sql<{ id: number; kind: string; payload: unknown; attempts: number; created_by: number | null }>`
      update background_jobs set status = 'running', started_at = now(), heartbeat_at = now(), progress_message = null, attempts = attempts + 1
      where id = (
        select id from background_jobs
        where kind in (${sql.join(kinds)})
          and (status = 'queued' or (status = 'running' and heartbeat_at < now() - make_interval(secs => ${leaseSeconds})))
        order by id
        for update skip locked
        limit 1
      )
      returning id, kind, payload, attempts, created_by`.execute(this.db);
    return r.rows[0];
  }

  /** Renews a running job's lease (its heartbeat). */
  async renew(id: number): Promise<void> {
    await this.db.updateTable('background_jobs').set({ heartbeat_at: sql<Date>`now()` }).where('id', '=', id).where('status', '=', 'running').execute();
  }

  /**
   * Ends as failed the running job with this key whose lease lapsed (its server died), so that a new one may be
   * queued at once; a worker that took it over since holds a fresh lease and is left alone.
   */
  async endLapsed(dedupeKey: string, leaseSeconds: number): Promise<void> {
    await this.db
      .updateTable('background_jobs')
      .set({ status: 'failed', error: 'The server running it stopped; it was started again.', finished_at: sql<Date>`now()` })
      .where('dedupe_key', '=', dedupeKey)
      .where('status', '=', 'running')
      .where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${leaseSeconds})`)
      .execute();
  }

  async progress(id: number, pct: number, message?: string): Promise<void> {
    await this.db
      .updateTable('background_jobs')
      .set({ progress: Math.round(pct), heartbeat_at: new Date(), ...(message === undefined ? {} : { progress_message: message.slice(0, 300) }) })
      .where('id', '=', id)
      .execute();
  }

  async finish(id: number, result: unknown): Promise<void> {
    await this.db
      .updateTable('background_jobs')
      .set({ status: 'done', progress: 100, finished_at: new Date(), error: null, result: result === undefined ? null : JSON.stringify(result) })
      .where('id', '=', id)
      .execute();
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

  /** A job as a screen follows it: by its id, or the newest holding a key. */
  async record(by: { id: number } | { dedupeKey: string }): Promise<JobRecord | undefined> {
    let q = this.db
      .selectFrom('background_jobs as j')
      .leftJoin('users as u', 'u.id', 'j.created_by')
      .select([
        'j.id', 'j.kind', 'j.status', 'j.progress', 'j.progress_message as message', 'j.error', 'j.result', 'j.created_at as createdAt', 'j.started_at as startedAt',
        'j.finished_at as finishedAt', 'u.name as requestedBy',
      ]);
    q = 'id' in by ? q.where('j.id', '=', by.id) : q.where('j.dedupe_key', '=', by.dedupeKey).orderBy('j.id', 'desc').limit(1);
    const row = await q.executeTakeFirst();
    return row && { ...row, message: row.message ?? null, error: row.error ?? null, result: row.result ?? null, requestedBy: row.requestedBy ?? null };
  }
}
