import { type Kysely, sql } from 'kysely';

/**
 * Background jobs that run once at a time (a sync), and what a job answers:
 * - `dedupe_key`: at most one queued or running job holds a key (a partial unique index), so that asking for
 *   the same work again, from any app server, finds the job already under way (JobQueue.enqueueOnce);
 * - `result`: what the job's handler answered (a sync's counts), for the screen to show once it is done.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table background_jobs add column dedupe_key text, add column result jsonb;
    create unique index background_jobs_dedupe_active_idx on background_jobs (dedupe_key) where status in ('queued', 'running');
    create index background_jobs_dedupe_latest_idx on background_jobs (dedupe_key, id desc) where dedupe_key is not null;
  `.execute(db);
}
