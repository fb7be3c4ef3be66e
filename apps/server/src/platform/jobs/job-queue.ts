import type { FastifyBaseLogger } from 'fastify';
import type { Db, Notifier } from '../../db/database';
import { JobsRepository } from './jobs.repository';

export interface JobContext {
  jobId: number;
  /** reports progress (0–100) for the screen, and keeps the job's heartbeat alive */
  progress(pct: number): Promise<void>;
}
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;

const CHANNEL = 'background_jobs';
const MAX_ATTEMPTS = 2;

/**
 * Long work (report generation, exports, syncs) runs off the request path: a job is a row in PostgreSQL,
 * any server process may take it (FOR UPDATE SKIP LOCKED), progress is stored for the screen to show.
 * One job at a time per process; a NOTIFY wakes idle workers at once, a poll catches the rest.
 */
export class JobQueue {
  private readonly repo: JobsRepository;
  private readonly handlers = new Map<string, JobHandler>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    db: Db,
    private readonly notifier: Notifier,
    private readonly log: FastifyBaseLogger,
    private readonly opts = { pollMs: 2000, staleSeconds: 120 },
  ) {
    this.repo = new JobsRepository(db);
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

  status(id: number) {
    return this.repo.find(id);
  }

  /** true between start() and stop(): the queue polls for jobs (the readiness check asks). */
  get isRunning(): boolean {
    return this.timer !== null && !this.stopped;
  }

  async start(): Promise<void> {
    await this.notifier.listen(CHANNEL, () => this.kick());
    this.timer = setInterval(() => this.kick(), this.opts.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
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
      const job = await this.repo.claim([...this.handlers.keys()], this.opts.staleSeconds).catch((err: unknown) => {
        this.log.error({ err }, 'could not claim a background job');
        return undefined;
      });
      if (!job) return;
      const handler = this.handlers.get(job.kind)!;
      try {
        await handler(job.payload, { jobId: job.id, progress: (pct) => this.repo.progress(job.id, pct) });
        await this.repo.finish(job.id);
      } catch (err) {
        this.log.error({ err, jobId: job.id, kind: job.kind }, 'background job failed');
        await this.repo.fail(job.id, err instanceof Error ? err.message : String(err), job.attempts < MAX_ATTEMPTS && !(err instanceof PermanentJobError));
      }
    }
  }
}

/** A failure that retrying cannot mend (bad input, missing data). */
export class PermanentJobError extends Error {}
