import { z } from 'zod';
import { DateTime } from '../endpoint';

/**
 * A sync on the job queue as a screen follows it (the capture syncs, the lab crop sync): its status, progress
 * and what it is doing while it runs, and `result` (of the given schema) once it is done.
 */
export function syncJob<R extends z.ZodType>(result: R) {
  return z.object({
    jobId: z.number().int(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    /** 0–100 */
    progress: z.number(),
    /** what the running sync is doing ("Reading Wynland's crops… 2 of 3 pages") */
    message: z.string().nullable().optional(),
    /** why the job itself failed (an outside system failing is a done job whose result says so) */
    error: z.string().nullable(),
    result: result.nullable(),
    startedAt: DateTime.nullable(),
    finishedAt: DateTime.nullable(),
    /** who asked for it; null for a scheduled sync */
    requestedBy: z.string().nullable().optional(),
  });
}
