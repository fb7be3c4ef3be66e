import type { FastifyBaseLogger } from 'fastify';

/** A job queued again and again: once per interval, one at a time (its dedupe key). */
export interface Schedule {
  kind: string;
  payload: unknown;
  dedupeKey: string;
  intervalMs: number;
}

/** What the scheduler needs of the queue. */
export interface ScheduledQueue {
  /** the queued or running job with the key, if any */
  active(dedupeKey: string): Promise<number | undefined>;
  /** whether a job with the key finished within the last `ms` milliseconds */
  finishedWithin(dedupeKey: string, ms: number): Promise<boolean>;
  enqueueOnce(kind: string, payload: unknown, userId: number | null, dedupeKey: string): Promise<number>;
}

interface Entry extends Schedule {
  timer: ReturnType<typeof setInterval> | null;
  ticking: Promise<void> | null;
  removed: boolean;
}

/**
 * Runs scheduled jobs on every app server: each server's timer queues the job once per interval through the
 * queue's dedupe key, so at most one is queued or running at a time; a job with the key that finished less than
 * half an interval ago (queued by another server, or asked for by a user) skips this server's turn, so several
 * servers do not run it back to back. The first turn comes one interval after the start.
 */
export class JobScheduler {
  private readonly entries = new Set<Entry>();
  private started = false;

  constructor(
    private readonly queue: ScheduledQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Adds a schedule (started at once when the scheduler runs); answers a function that removes it. A turn under
   * way when it is removed queues nothing more; the promise the function answers settles once that turn has ended.
   */
  add(schedule: Schedule): () => Promise<void> {
    if (!(schedule.intervalMs > 0)) throw new Error(`job schedule ${schedule.dedupeKey}: the interval must be positive`);
    const entry: Entry = { ...schedule, timer: null, ticking: null, removed: false };
    this.entries.add(entry);
    if (this.started) this.arm(entry);
    return async () => {
      entry.removed = true;
      if (entry.timer) clearInterval(entry.timer);
      entry.timer = null;
      this.entries.delete(entry);
      await entry.ticking;
    };
  }

  start(): void {
    this.started = true;
    for (const e of this.entries) this.arm(e);
  }

  /** Clears every timer and waits for a turn under way. */
  async stop(): Promise<void> {
    this.started = false;
    for (const e of this.entries) {
      if (e.timer) clearInterval(e.timer);
      e.timer = null;
    }
    await Promise.all([...this.entries].map((e) => e.ticking));
  }

  private arm(e: Entry): void {
    if (e.timer) return;
    e.timer = setInterval(() => {
      if (e.ticking || !this.started) return;
      e.ticking = this.turn(e).finally(() => {
        e.ticking = null;
      });
    }, e.intervalMs);
    e.timer.unref();
  }

  private async turn(e: Entry): Promise<void> {
    try {
      if ((await this.queue.active(e.dedupeKey)) !== undefined) return;
      if (await this.queue.finishedWithin(e.dedupeKey, e.intervalMs / 2)) return;
      if (e.removed || !this.started) return;
      await this.queue.enqueueOnce(e.kind, e.payload, null, e.dedupeKey);
    } catch (err) {
      this.log.error({ err, dedupeKey: e.dedupeKey }, 'could not queue a scheduled job');
    }
  }
}
