import type { FastifyBaseLogger } from 'fastify';
import type { Db, Notifier } from '../../db/database';
import { JobScheduler, type Schedule } from './job-scheduler';
import { type JobRecord, JobsRepository } from './jobs.repository';

export type { JobRecord } from './jobs.repository';

export interface JobContext {
  jobId: number;
  /** who asked for the job; null for a scheduled one */
  userId: number | null;
  /** reports progress (0–100) for the screen, with what the job is doing (kept until told again), and renews its lease */
  progress(pct: number, message?: string): Promise<void>;
}
/** Does the job; what it answers (JSON) is kept as the job's `result`. */
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<unknown>;

const CHANNEL = 'background_jobs';
const MAX_ATTEMPTS = 2;
/**
 * How long a running job's lease lasts (ADR 0119): its worker renews it every third of that while the job runs,
 * so a job whose lease has lapsed lost its server (killed, crashed, cut off), and is taken over within seconds:
 * by the next poll of any server, or by the next request for a job with its key.
 */
export const LEASE_SECONDS = 15;

/**
 * Long work (report generation, exports, syncs) runs off the request path: a job is a row in PostgreSQL,
 * any server process may take it (FOR UPDATE SKIP LOCKED), progress is stored for the screen to show.
 * One job at a time per process; a NOTIFY wakes idle workers at once, a poll catches the rest.
 * A job may carry a dedupe key (enqueueOnce: at most one queued or running per key) and be scheduled (every).
 */
export class JobQueue {
  private readonly repo: JobsRepository;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly scheduler: JobScheduler;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    db: Db,
    private readonly notifier: Notifier,
    private readonly log: FastifyBaseLogger,
    private readonly opts = { pollMs: 2000, leaseSeconds: LEASE_SECONDS },
  ) {
    this.repo = new JobsRepository(db);
    this.scheduler = new JobScheduler(
      { active: (key) => this.repo.active(key), finishedWithin: (key, ms) => this.repo.finishedWithin(key, ms), enqueueOnce: (...a) => this.enqueueOnce(...a) },
      log,
    );
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * Queues a job. Inside a transaction (`db`), the wake-up is sent through that transaction, so workers hear
   * of the job when it commits and not before (they would find nothing and wait for the next poll).
   */
  async enqueue(kind: string, payload: unknown, userId: number | null, db?: Db): Promise<number> {
    const id = await this.repo.insert(kind, payload, userId, db);
    if (db) await this.repo.notify(CHANNEL, String(id), db);
    else await this.notifier.notify(CHANNEL, String(id)).catch(() => undefined);
    return id;
  }

  /**
   * Queues a job unless one with the same key is queued or running, on any server: answers the new job's id, or
   * the one under way. Safe when several ask at once (the database's unique index decides, then it is read).
   * A job with the key whose lease lapsed (its server died) is ended as failed first and a new one queued.
   */
  async enqueueOnce(kind: string, payload: unknown, userId: number | null, dedupeKey: string): Promise<number> {
    await this.repo.endLapsed(dedupeKey, this.opts.leaseSeconds);
    // a job under way may finish between the refused insert and the read: then try again
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = await this.repo.insertOnce(kind, payload, userId, dedupeKey);
      if (id !== undefined) {
        await this.notifier.notify(CHANNEL, String(id)).catch(() => undefined);
        return id;
      }
      const active = await this.repo.active(dedupeKey);
      if (active !== undefined) return active;
    }
    throw new Error(`could not queue the job ${dedupeKey}`);
  }

  /**
   * Queues the job once per interval, from start() to stop(), unless one with the key is under way or finished
   * less than half an interval ago (JobScheduler). Answers a function that removes the schedule (settled once a
   * turn under way has ended; nothing is queued by it after).
   */
  every(kind: string, payload: unknown, dedupeKey: string, intervalMs: number): () => Promise<void> {
    const schedule: Schedule = { kind, payload, dedupeKey, intervalMs };
    return this.scheduler.add(schedule);
  }

  status(id: number) {
    return this.repo.find(id);
  }

  /** A job as a screen follows it (status, progress, error, result, times, who asked). */
  job(id: number): Promise<JobRecord | undefined> {
    return this.repo.record({ id });
  }

  /** The newest job with this dedupe key, whether queued by a user or by a schedule. */
  latest(dedupeKey: string): Promise<JobRecord | undefined> {
    return this.repo.record({ dedupeKey });
  }

  /** true between start() and stop(): the queue polls for jobs (the readiness check asks). */
  get isRunning(): boolean {
    return this.timer !== null && !this.stopped;
  }

  async start(): Promise<void> {
    await this.notifier.listen(CHANNEL, () => this.kick());
    this.timer = setInterval(() => this.kick(), this.opts.pollMs);
    this.timer.unref();
    this.scheduler.start();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.scheduler.stop();
    await this.running;
  }

  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const job = await this.repo.claim([...this.handlers.keys()], this.opts.leaseSeconds).catch((err: unknown) => {
        this.log.error({ err }, 'could not claim a background job');
        return undefined;
      });
      if (!job) return;
      const handler = this.handlers.get(job.kind)!;
      // the lease renewed while the job runs, whatever it does (a long outside call says nothing for a while)
      const lease = setInterval(() => {
        this.repo.renew(job.id).catch((err: unknown) => this.log.warn({ err, jobId: job.id }, 'could not renew a job lease'));
      }, (this.opts.leaseSeconds * 1000) / 3);
      try {
        const result = await handler(job.payload, { jobId: job.id, userId: job.created_by, progress: (pct, message) => this.repo.progress(job.id, pct, message) });
        await this.repo.finish(job.id, result);
      } catch (err) {
        this.log.error({ err, jobId: job.id, kind: job.kind }, 'background job failed');
        await this.repo.fail(job.id, err instanceof Error ? err.message : String(err), job.attempts < MAX_ATTEMPTS && !(err instanceof PermanentJobError));
      } finally {
        clearInterval(lease);
      }
    }
  }
}

/** A failure that retrying cannot mend (bad input, missing data). */
export class PermanentJobError extends Error {}
