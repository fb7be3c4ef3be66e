import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type EndpointDef, type Permission, hasPermission } from '@sapwood/contracts';
import { answerText, checkAccess, inputOf } from './endpoint-call';
import { type LeanRouter, isLean } from './lean-router';
import type { AuthedCallContext, PublicCallContext, SessionUser } from './context';
import { forbidden, unauthorized, unsupportedMediaType } from './errors';
import { JsonText } from './json-text';
import { listFieldsOf, readMultipart } from './multipart';
import { logAsUser } from './request-log';
import { sendJson } from './compression';

type CtxFor<E extends EndpointDef> = E['access'] extends { public: true } ? PublicCallContext : AuthedCallContext;

export type Handler<E extends EndpointDef> = (
  input: z.output<E['input']>,
  ctx: CtxFor<E>,
) => Promise<z.input<E['output']> | FastifyReply | JsonText> | z.input<E['output']> | FastifyReply | JsonText;

/** A handler for every endpoint of a feature: the compiler refuses a feature with one missing. */
export type Handlers<F extends Record<string, EndpointDef>> = { [K in keyof F]: Handler<F[K]> };

export interface SessionResolver {
  resolve(req: FastifyRequest, reply: FastifyReply): Promise<{ user: SessionUser; sessionId: string } | null>;
}

export interface FeatureOptions<F> {
  /** endpoints limited per client address (sign-in, forgot password) */
  rateLimited?: (keyof F)[];
}

/** The body types a JSON endpoint takes. */
const JSON_TYPES: ReadonlySet<string> = new Set(['application/json']);
/** The body types an endpoint declared `multipart` takes: form posts (multipart or urlencoded) and JSON. */
const FORM_TYPES: ReadonlySet<string> = new Set(['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json']);

/**
 * Whether the request's body is of a type the endpoint takes. A request without a body (no Content-Type,
 * no length or length 0, not chunked) is taken too: its input is read as `{}`.
 */
function acceptsBody(req: FastifyRequest, accepted: ReadonlySet<string>): boolean {
  const header = req.headers['content-type'];
  if (header === undefined) {
    const length = req.headers['content-length'];
    return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
  }
  return accepted.has(header.split(';')[0].trim().toLowerCase());
}

/**
 * Registers routes from their declarations in @sapwood/contracts: reads and validates the input,
 * enforces the declared access, calls the handler, and (outside production) checks the answer
 * against the declared output so that a contract cannot drift.
 */
export class Registrar {
  readonly registered: EndpointDef[] = [];

  /**
   * `app`: where JSON endpoints and file routes go; `forms`: where endpoints declared `multipart` go, a context
   * of the app with the multipart plugin (http/scoped.ts).
   */
  constructor(
    private readonly app: FastifyInstance,
    private readonly forms: FastifyInstance,
    private readonly sessions: SessionResolver,
    private readonly opts: { checkOutput: boolean; rateLimit: number; compress: boolean; lean?: LeanRouter },
  ) {}

  feature<F extends Record<string, EndpointDef>>(endpoints: F, handlers: Handlers<F>, options: FeatureOptions<F> = {}): void {
    for (const key of Object.keys(endpoints) as (keyof F & string)[]) {
      this.route(endpoints[key], handlers[key] as Handler<EndpointDef>, options.rateLimited?.includes(key) ?? false);
    }
  }

  /**
   * A GET route outside /api that answers a file rather than JSON (stored uploads). Only signed-in users
   * reach the handler, and only those holding one of `anyOf` when it is given; anonymous callers get 401,
   * others 403.
   */
  fileRoute(url: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>, anyOf?: readonly Permission[]): void {
    if (url.startsWith('/api/')) throw new Error(`${url}: API routes are declared in the contracts`);
    const sessions = this.sessions;
    this.app.get(url, { config: { rateLimit: false } }, async (req, reply) => {
      const session = await sessions.resolve(req, reply);
      if (!session) throw unauthorized();
      if (anyOf && !anyOf.some((p) => hasPermission(session.user.permissions, p))) throw forbidden();
      logAsUser(req, reply, session.user.id);
      return handler(req, reply);
    });
  }

  private route(def: EndpointDef, handler: Handler<EndpointDef>, rateLimited: boolean): void {
    if (!def.access) throw new Error(`${def.method} ${def.path} declares no access`);
    this.registered.push(def);
    // a list read marked lean() is served past Fastify's pipeline too, with the same checks (lean-router.ts, ADR 0237)
    if (isLean(handler)) this.opts.lean?.add(def, handler, rateLimited);
    const { checkOutput } = this.opts;
    const sessions = this.sessions;
    const accepted = def.method === 'GET' ? null : def.multipart ? FORM_TYPES : JSON_TYPES;
    const lists = def.multipart ? listFieldsOf(def.input) : undefined;
    (def.multipart ? this.forms : this.app).route({
      method: def.method,
      url: def.path,
      ...(def.bodyLimit && { bodyLimit: def.bodyLimit }),
      config: rateLimited ? { rateLimit: { max: this.opts.rateLimit, timeWindow: '1 minute' } } : { rateLimit: false },
      // the body's type is checked before the body is read: a JSON endpoint takes JSON only (or no body at all)
      ...(accepted && {
        onRequest: (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
          if (acceptsBody(req, accepted)) done();
          else done(unsupportedMediaType(def.multipart ? 'a form (multipart/form-data or urlencoded) or application/json' : 'application/json'));
        },
      }),
      handler: async (req, reply) => {
        const session = await sessions.resolve(req, reply);
        if (session) logAsUser(req, reply, session.user.id);
        checkAccess(def, session);
        const raw = def.multipart ? await readMultipart(req, lists) : def.method === 'GET' ? req.query : (req.body ?? {});
        const input = inputOf(def, raw);
        const ctx = { user: session?.user ?? null, sessionId: session?.sessionId ?? null, req, reply } as AuthedCallContext;
        const out = await handler(input, ctx);
        if (def.kind === 'file') return reply;
        return sendJson(req, reply, answerText(def, out, checkOutput, req.log), this.opts.compress);
      },
    });
  }
}
