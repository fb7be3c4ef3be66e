import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { FileStoreInUse } from '../storage/store-record';
import { databaseReady } from './health.repository';

export interface ReadinessChecks {
  db: Db;
  /** the background job queue polls for work */
  jobsRunning(): boolean;
  /** upper bound of each database check, so a hung database answers 503 rather than never */
  timeoutMs?: number;
  /** the file store this server uses (checked against the database's at start), which /readyz reports */
  fileStore?: FileStoreInUse;
}

/**
 * The answers of the probes: no versions, no reasons, no paths, nothing for an anonymous caller to learn. A ready
 * server also says which file store it uses, by kind and random id (ADR 0108), so that the servers behind a
 * balancer can be seen to share one.
 */
const OK = { status: 'ok' } as const;
const UNAVAILABLE = { status: 'unavailable' } as const;

/** true when the database answers, no migration is pending and the job queue runs. Never throws. */
export async function isReady(checks: ReadinessChecks): Promise<boolean> {
  if (!checks.jobsRunning()) return false;
  const timeoutMs = checks.timeoutMs ?? 5000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((done) => {
    timer = setTimeout(() => done(false), timeoutMs);
  });
  const probe = databaseReady(checks.db).catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for a load balancer, outside /api and outside the contracts (no session, no input):
 * GET /healthz answers while the process serves requests; GET /readyz while it can do its work (and names the
 * file store in use).
 */
export function registerHealth(app: FastifyInstance, checks: ReadinessChecks): void {
  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', { config: { rateLimit: false }, logLevel: 'warn' }, async (_req, reply) => reply.headers(noStore).send(OK));
  app.get('/readyz', { config: { rateLimit: false }, logLevel: 'warn' }, async (_req, reply) => {
    const ready = await isReady(checks);
    const answer = checks.fileStore ? { ...OK, fileStore: checks.fileStore } : OK;
    return reply.code(ready ? 200 : 503).headers(noStore).send(ready ? answer : UNAVAILABLE);
  });
}
