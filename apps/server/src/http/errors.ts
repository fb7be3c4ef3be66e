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

/**
 * One error handler for the whole API: 4xx say what is wrong; 5xx say nothing of the inside and are handed to
 * `onUnexpected` (the error reports: the error-reporting service or the Errors screen, issue 35).
 */
export function installErrorHandler(app: FastifyInstance, spaIndexHtml: string | null = null, onUnexpected?: (err: unknown, req: FastifyRequest) => void): void {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      if (err.fields) {
        const body: ValidationErrorBody = { error: 'ValidationError', message: err.message, fields: err.fields };
        return reply.status(400).send(body);
      }
      const body: ErrorBody = { error: err.code, message: err.message };
      return reply.status(err.status).send(body);
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = (err as FastifyError).code ?? '';
      if (status === 415) {
        const body: ErrorBody = { error: 'UnsupportedMediaType', message: 'The request body is of a type this endpoint does not take.' };
        return reply.status(415).send(body);
      }
      if (status === 400 || code.startsWith('FST_ERR_CTP')) {
        const message = code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError
          ? 'The request body is not valid JSON.' : err.message;
        const body: ValidationErrorBody = { error: 'ValidationError', message, fields: [{ field: '(body)', message }] };
        return reply.status(400).send(body);
      }
      const body: ErrorBody = { error: status === 429 ? 'TooManyRequests' : 'BadRequest', message: err.message };
      return reply.status(status).send(body);
    }
    req.log.error({ err }, 'unhandled error');
    onUnexpected?.(err, req);
    const body: ErrorBody = { error: 'InternalError', message: 'Something went wrong.' };
    return reply.status(500).send(body);
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
