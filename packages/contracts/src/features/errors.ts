import { z } from 'zod';
import { DateTime, NOT_FOUND, Ok, endpoint } from '../endpoint';
import { formInt, text } from '../fields';
import { PagedRequest, pagedResponse } from '../paging';

/**
 * Crash reports (issue 35, spec part 1 §9): with SENTRY_DSN the web app and the server report to that
 * Sentry-compatible service; without it the browser posts its crashes here and the server keeps them, with its
 * own unexpected (5xx) errors, grouped by fingerprint, for the Errors screen (/errors, administrators only).
 *
 * A report says what failed and where, never what was typed: the message and stack of the error, the screen's
 * path (no query string: a reset link's token is never sent) and the app's version. The user is the session's.
 */
export const CrashReport = z.object({
  message: text({ max: 2000, min: 1 }),
  stack: text({ max: 20_000, trim: false }).default(''),
  /** the screen's path, e.g. '/labjobs' (no query string, no hash) */
  screen: text({ max: 500 }),
  appVersion: text({ max: 50 }),
});
export type CrashReport = z.output<typeof CrashReport>;

export const ERROR_SOURCES = ['browser', 'server'] as const;
export const ErrorSource = z.enum(ERROR_SOURCES);

/** One group of like errors (one fingerprint): how often, first and last seen, and the last one's details. */
export const ErrorGroupRow = z.object({
  id: z.number().int(),
  source: ErrorSource,
  message: z.string(),
  screen: z.string(),
  count: z.number().int(),
  firstSeen: DateTime,
  lastSeen: DateTime,
});
export type ErrorGroupRow = z.infer<typeof ErrorGroupRow>;

export const ErrorGroup = ErrorGroupRow.extend({
  fingerprint: z.string(),
  stack: z.string(),
  appVersion: z.string(),
  /** the user of the last occurrence (null: none signed in) */
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
});
export type ErrorGroup = z.infer<typeof ErrorGroup>;

export const ERROR_SORTS = ['lastSeen', 'count', 'message', 'source'] as const;

export const errorEndpoints = {
  report: endpoint({
    method: 'POST', path: '/api/errors/report', access: { public: true },
    writes: { unversioned: 'creates', reason: 'keeps a crash report (a new group, or one more of a known one)' },
    answers: { 429: 'Too many reports from this address: retry after Retry-After seconds' },
    input: CrashReport, output: Ok,
    summary: 'A crash of the web app, kept when no error-reporting service (SENTRY_DSN) is set.',
  }),
  paged: endpoint({
    method: 'POST', path: '/api/errors/paged', writes: 'nothing', access: { permission: 'Admin' },
    input: PagedRequest, output: pagedResponse(ErrorGroupRow),
  }),
  get: endpoint({
    method: 'GET', path: '/api/errors/get', access: { permission: 'Admin' }, answers: { 404: NOT_FOUND },
    input: z.object({ id: formInt({ min: 1 }) }), output: ErrorGroup,
  }),
};
