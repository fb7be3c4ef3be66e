import { type CaptureSyncJob, CaptureSyncResult } from '@sapwood/contracts';
import { type JobQueue, PermanentJobError } from '../../platform/jobs/job-queue';
import { syncJobView } from '../../platform/jobs/sync-job-view';
import type { CapturesService } from './captures.service';

export const CAPTURE_SYNC_JOB = 'capture-sync';
type Kind = 'leaf' | 'soil';
/** at most one sync of a kind queued or running, on every app server */
export const captureSyncKey = (kind: Kind) => `capture-sync:${kind}`;

/**
 * Capture syncs off the request path (issue 12): the screens' Sync and the schedule queue a `capture-sync` job
 * of a kind (one at a time per kind); the job runs CapturesService.sync with its progress and keeps its result.
 */
export class CaptureSyncJobs {
  constructor(
    private readonly jobs: JobQueue,
    private readonly captures: CapturesService,
  ) {
    jobs.register(CAPTURE_SYNC_JOB, (payload, ctx) => {
      const kind = (payload as { kind?: unknown } | null)?.kind;
      if (kind !== 'leaf' && kind !== 'soil') throw new PermanentJobError(`capture sync of an unknown kind: ${String(kind)}`);
      return this.captures.sync(kind, ctx.userId, ctx.progress);
    });
  }

  /** Queues a sync of the kind (or finds the one under way) and answers it. */
  async start(kind: Kind, userId: number): Promise<CaptureSyncJob> {
    const id = await this.jobs.enqueueOnce(CAPTURE_SYNC_JOB, { kind }, userId, captureSyncKey(kind));
    const job = await this.jobs.job(id);
    if (!job) throw new Error(`capture sync job ${id} not found`);
    return syncJobView(job, CaptureSyncResult);
  }

  /** The kind's latest sync, scheduled or asked for; null before the first. */
  async status(kind: Kind): Promise<CaptureSyncJob | null> {
    const job = await this.jobs.latest(captureSyncKey(kind));
    return job ? syncJobView(job, CaptureSyncResult) : null;
  }

  /** Syncs both kinds every `minutes` (0: never). */
  schedule(minutes: number): void {
    if (!(minutes > 0)) return;
    for (const kind of ['leaf', 'soil'] as const) this.jobs.every(CAPTURE_SYNC_JOB, { kind }, captureSyncKey(kind), minutes * 60_000);
  }
}
