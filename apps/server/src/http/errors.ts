import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import type { ErrorBody, ValidationErrorBody } from '@sapwood/contracts';

/** An error with an HTTP status and a message safe to show to the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

export const unauthorized = () => new HttpError(401, 'Unauthorized', 'Please sign in.');
export const forbidden = () => new HttpError(403, 'Forbidden', 'You do not have permission to do this.');
export const notFound = (what = 'Record') => new HttpError(404, 'NotFound', `${what} not found.`);
/** 415: the body is of a type the endpoint does not take (a form post to a JSON endpoint, say). */
export const unsupportedMediaType = (accepted: string) =>
  new HttpError(415, 'UnsupportedMediaType', `This endpoint takes ${accepted} only.`);
export const conflict = (message: string) => new HttpError(409, 'Conflict', message);
/** A 400 naming the fields at fault, e.g. fieldError('name', 'Name required'). */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, 'ValidationError', message, [{ field, message }]);
export const validationError = (fields: { field: string; message: string }[]) =>
  new HttpError(400, 'ValidationError', fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields);

export function zodToFields(error: ZodError): { field: string; message: string }[] {
  return error.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message }));
}

/** A refusal as the API answers it: its status and body. */
export interface ErrorAnswer {
  status: number;
  body: ErrorBody | ValidationErrorBody;
}

/**
 * What an error is answered with when it says what is wrong (4xx): an HttpError's own words, or the framework's
 * refusals (a body that is not JSON, a type not taken, too many requests). Null for anything else: an unexpected
 * error, answered 500 without a word of the inside. One mapping for both request paths (Fastify's and
 * lean-router.ts).
 */
export function errorAnswerOf(err: unknown): ErrorAnswer | null {
  if (err instanceof HttpError) {
    if (err.fields) return { status: 400, body: { error: 'ValidationError', message: err.message, fields: err.fields } };
    return { status: err.status, body: { error: err.code, message: err.message } };
  }
  const status = (err as FastifyError).statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  const code = (err as FastifyError).code ?? '';
  const message = (err as Error).message;
  if (status === 415) return { status, body: { error: 'UnsupportedMediaType', message: 'The request body is of a type this endpoint does not take.' } };
  if (status === 400 || code.startsWith('FST_ERR_CTP')) {
    const text = code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError
      ? INVALID_JSON : message;
    return { status: 400, body: { error: 'ValidationError', message: text, fields: [{ field: '(body)', message: text }] } };
  }
  return { status, body: { error: status === 429 ? 'TooManyRequests' : 'BadRequest', message } };
}

/** what a body that is not JSON is told */
const INVALID_JSON = 'The request body is not valid JSON.';
export const invalidJson = () => new HttpError(400, 'ValidationError', INVALID_JSON, [{ field: '(body)', message: INVALID_JSON }]);

/** The answer of an unexpected error: nothing of the inside. */
export const INTERNAL_ERROR: ErrorBody = { error: 'InternalError', message: 'Something went wrong.' };

/**
 * One error handler for the whole API: 4xx say what is wrong; 5xx say nothing of the inside and are handed to
 * `onUnexpected` (the error reports: the error-reporting service or the Errors screen, issue 35).
 */
export function installErrorHandler(app: FastifyInstance, spaIndexHtml: string | null = null, onUnexpected?: (err: unknown, req: FastifyRequest) => void): void {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    const answer = errorAnswerOf(err);
    if (answer) return reply.status(answer.status).send(answer.body);
    req.log.error({ err }, 'unhandled error');
    onUnexpected?.(err, req);
    return reply.status(500).send(INTERNAL_ERROR);
  });
  app.setNotFoundHandler((req, reply) => {
    // Every path outside the API is a screen of the single-page app (its own guard handles unknown ones);
    // a missing file (a script chunk of an older build, say) is a 404, not the app's page in its place.
    if (spaIndexHtml && (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api/') && !isFilePath(req.url)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(spaIndexHtml);
    }
    const body: ErrorBody = { error: 'NotFound', message: `No such endpoint: ${req.method} ${req.url.split('?')[0]}` };
    return reply.status(404).send(body);
  });
}

/** A request for a file (under /assets/, or a last path segment with an extension) rather than a screen. */
function isFilePath(url: string): boolean {
  const path = url.split('?')[0];
  return path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path.slice(path.lastIndexOf('/') + 1));
}
