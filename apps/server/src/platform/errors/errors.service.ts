import { createHash } from 'node:crypto';
import type { CrashReport, ErrorGroup, ErrorGroupRow, Paged, PagedRequest } from '@sapwood/contracts';
import { notFound } from '../../http/errors';
import type { ErrorReportsRepository } from './errors.repository';
import type { ErrorReportingClient } from './sentry.client';

/**
 * Where unexpected errors go (issue 35): to the error-reporting service when SENTRY_DSN is set, else into
 * error_reports, grouped by fingerprint, for the Errors screen. The browser's own crashes come through `report`.
 */
export class ErrorReportsService {
  constructor(
    private readonly repo: ErrorReportsRepository,
    private readonly sentry: ErrorReportingClient | null,
    private readonly appVersion: string,
    private readonly log: { error(obj: object, msg: string): void },
  ) {}

  async report(input: CrashReport, userId: number | null): Promise<true> {
    const screen = input.screen.split(/[?#]/)[0];
    await this.repo.record({ fingerprint: fingerprintOf('browser', input.message, input.stack), source: 'browser', message: input.message, stack: input.stack, screen, appVersion: input.appVersion, userId });
    return true;
  }

  /** A 5xx of the server's own: reported or kept; never throws (the answer is being sent). */
  serverError(err: unknown, req: { method: string; url: string }, userId: number | null): void {
    const route = req.url.split('?')[0];
    if (this.sentry) {
      this.sentry.capture(err, { method: req.method, url: route, userId });
      return;
    }
    const e = err instanceof Error ? err : new Error(String(err));
    const message = (e.message || e.name).slice(0, 2000);
    const stack = (e.stack ?? '').slice(0, 20_000);
    this.repo.record({ fingerprint: fingerprintOf('server', message, stack), source: 'server', message, stack, screen: `${req.method} ${route}`.slice(0, 500), appVersion: this.appVersion, userId })
      .catch((failure: unknown) => this.log.error({ err: failure }, 'could not keep an error report'));
  }

  paged(req: PagedRequest): Promise<Paged<ErrorGroupRow>> {
    return this.repo.paged(req);
  }

  async get(id: number): Promise<ErrorGroup> {
    const found = await this.repo.get(id);
    if (!found) throw notFound('Error');
    return found;
  }
}

/**
 * The same error from the same place: its source, its message with numbers taken out (ids, counts) and its
 * first stack frame without line and column or a build's file hash, so a new build's same crash is one group.
 */
export function fingerprintOf(source: string, message: string, stack: string): string {
  const frame = stack.split('\n').map((l) => l.trim()).find((l) => l.startsWith('at ') || l.includes('@')) ?? '';
  const place = frame.replace(/:\d+(:\d+)?\)?$/, '').replace(/-[A-Za-z0-9_-]{8}\.js/, '.js').replace(/\?[^\s)]*/, '');
  const text = message.split('\n')[0].replace(/\d+/g, '#');
  return createHash('sha256').update(`${source}|${text}|${place}`).digest('hex');
}
