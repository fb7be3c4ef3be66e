import { type LabCropSyncJob, LabCropSyncResult } from '@sapwood/contracts';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { syncJobView } from '../../platform/jobs/sync-job-view';
import type { LabCropsService } from './labmins.service';

export const LAB_CROP_SYNC_JOB = 'lab-crop-sync';
/** at most one lab crop sync queued or running, on every app server */
const KEY = 'lab-crop-sync';

/**
 * The lab crop sync off the request path (issue 33): Sync queues a `lab-crop-sync` job (or finds the one under
 * way), which holds a lease while it runs (ADR 0119) and says what it reads; the screen polls its status, and
 * the user may leave and come back.
 */
export class LabCropSyncJobs {
  constructor(private readonly jobs: JobQueue, private readonly service: LabCropsService) {
    jobs.register(LAB_CROP_SYNC_JOB, (_payload, ctx) => this.service.sync(ctx.userId, ctx.progress));
  }

  async start(userId: number): Promise<LabCropSyncJob> {
    const id = await this.jobs.enqueueOnce(LAB_CROP_SYNC_JOB, {}, userId, KEY);
    const job = await this.jobs.job(id);
    if (!job) throw new Error(`lab crop sync job ${id} not found`);
    return syncJobView(job, LabCropSyncResult);
  }

  async status(): Promise<LabCropSyncJob | null> {
    const job = await this.jobs.latest(KEY);
    return job ? syncJobView(job, LabCropSyncResult) : null;
  }
}
