import type { z } from 'zod';
import type { JobRecord } from './jobs.repository';

/** A sync's job as a screen follows it (contracts' `syncJob`): its result read with the sync's result schema, its message while it runs. */
export function syncJobView<R>(job: JobRecord, result: z.ZodType<R>) {
  const parsed = result.safeParse(job.result);
  return {
    jobId: job.id,
    status: job.status,
    progress: job.progress,
    message: job.status === 'running' ? job.message : null,
    error: job.error,
    result: parsed.success ? parsed.data : null,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    requestedBy: job.requestedBy,
  };
}
