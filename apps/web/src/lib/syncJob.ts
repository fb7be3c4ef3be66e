import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { EndpointDef } from '@sapwood/contracts';
import { type EndpointGroup, invalidate, queryKeyOf, useEndpointMutation, useEndpointQuery } from './query';

/** What a sync job answers (contracts' `syncJob`), as far as following it goes. */
export interface SyncJobLike {
  jobId: number;
  status: 'queued' | 'running' | 'done' | 'failed';
}

const FAST_MS = 500;
const SLOW_MS = 30_000;

export const syncUnderWay = (j: SyncJobLike | null | undefined) => j?.status === 'queued' || j?.status === 'running';

/**
 * A sync on the job queue as a screen follows it (the capture syncs, the lab crop sync): the feature's latest
 * sync job (`syncStatus`, polled often while one is queued or running, here or on a schedule, slowly otherwise),
 * `start` (its `sync`), and when a job this screen saw under way ends, `onEnded` once (the screen tells what
 * happened); the feature's lists refresh when any sync ends. The user may leave the screen meanwhile: the job
 * goes on, and coming back shows it.
 */
export function useSyncJob<J extends SyncJobLike>(feature: EndpointGroup & { sync: EndpointDef; syncStatus: EndpointDef }, onEnded: (job: J) => void) {
  const qc = useQueryClient();
  const status = useEndpointQuery(feature.syncStatus, undefined, { refetchInterval: (q) => (syncUnderWay(q.state.data as J | null) ? FAST_MS : SLOW_MS) });
  /** jobs seen queued or running here, told once each when they end */
  const seen = useRef(new Set<number>());
  /** the last ended job known here (undefined before the first answer) */
  const ended = useRef<number | null | undefined>(undefined);
  const told = useRef(onEnded);
  told.current = onEnded;
  const start = useEndpointMutation(feature.sync, {
    invalidates: [],
    onSuccess: (job) => qc.setQueryData(queryKeyOf(feature.syncStatus), job),
  });

  const job = status.data as J | null | undefined;
  useEffect(() => {
    if (job === undefined) return;
    if (syncUnderWay(job)) {
      seen.current.add(job!.jobId);
      return;
    }
    const endedBefore = ended.current;
    ended.current = job?.jobId ?? null;
    if (!job) return;
    const mine = seen.current.delete(job.jobId);
    // a sync that ended since the last look, here or elsewhere (a schedule): its rows are on the lists now
    if (mine || (endedBefore !== undefined && endedBefore !== job.jobId)) void invalidate(qc, [feature]);
    if (mine) told.current(job);
  }, [job, feature, qc]);

  return { job: job ?? null, busy: start.isPending || syncUnderWay(job), start: () => start.mutate({} as never) };
}
