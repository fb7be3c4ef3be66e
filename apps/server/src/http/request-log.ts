import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** Query parameters whose values never reach the log (a reset link's token, say). */
const SECRET_PARAM = /token|password|secret|key|code|session|cookie/i;

/** The URL as logged: the path, and the query with secret-looking values replaced. */
export function loggedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of new Set(params.keys())) if (SECRET_PARAM.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/**
 * What a request log line says about its request and answer: never a header (cookies, authorization),
 * never a body. Objects logged by the code lose their secret-looking fields too (pino's redact).
 */
export const requestLogOptions = {
  serializers: {
    req: (req: FastifyRequest) => ({ method: req.method, url: loggedUrl(req.url), remoteAddress: req.ip }),
    res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  },
  redact: {
    paths: [
      'password', 'token', 'sessionToken', 'cookie', 'headers', 'body',
      '*.password', '*.token', '*.sessionToken', '*.cookie', '*.headers', '*.body',
    ],
    censor: '[redacted]',
  },
} satisfies Pick<Exclude<FastifyServerOptions['logger'], boolean | undefined>, 'serializers' | 'redact'>;

/**
 * From here on every line of this request (its 'request completed' too) names the signed-in user. The
 * request's own logger (a child Fastify made for it, shared by its reply) takes the binding in place:
 * a further child logger per request was measured at 2–4% of a list call's CPU (ADR 0094).
 */
const signedIn = new WeakMap<FastifyRequest, number | string>();

/** The signed-in user a request was made by, once its session is known (null before, or for none). */
export function userOfRequest(req: FastifyRequest): number | null {
  const id = signedIn.get(req);
  return typeof id === 'number' ? id : null;
}

export function logAsUser(req: FastifyRequest, reply: FastifyReply, userId: number | string): void {
  signedIn.set(req, userId);
  const log = req.log as FastifyRequest['log'] & { setBindings?: (b: Record<string, unknown>) => void };
  if (typeof log.setBindings === 'function' && reply.log === log) {
    log.setBindings({ userId });
    return;
  }
  const child = req.log.child({ userId });
  req.log = child;
  reply.log = child;
}

/**
 * The one line of each request is Fastify's 'request completed' (or 'request errored'), written by the
 * request's logger once the answer is sent, when it names the signed-in user (logAsUser). The line at
 * arrival, before the session is known, is left out.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(req)) return;
    if (error) reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
