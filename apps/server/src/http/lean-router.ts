import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import secureJson from 'secure-json-parse';
import type { EndpointDef } from '@sapwood/contracts';
import { encodedJson } from './compression';
import type { SessionUser } from './context';
import { type CallSession, answerText, checkAccess, inputOf } from './endpoint-call';
import { INTERNAL_ERROR, errorAnswerOf, invalidJson } from './errors';
import type { RequestFacts } from './request-facts';
import type { RequestGuards } from './security';

/**
 * The lean path (ADR 0237): list reads answered straight from node's request listener, past Fastify's
 * per-request pipeline (its request and reply objects, hook runner, content-type parser and reply
 * serializer), which was a third of a list request's CPU in the app (ADR 0234). Every check is the same
 * one, from the same code: the security headers and the cross-site check (security.ts), the session
 * (auth.routes.ts), the declared access, input and output (endpoint-call.ts), the error answers
 * (errors.ts), compression (compression.ts), `no-store` and a log line naming the user.
 *
 * The lean path takes only the plain case and hands every other request, untouched, to Fastify: a method
 * other than POST, a path not marked lean or with a query, a body without a length, empty, over the limit
 * or of another type, a request refused as cross-site, and every request once the server is closing. So
 * every refusal of the request's shape is Fastify's own; the lean path answers only what it has read.
 */

const LEAN = Symbol('lean');

/** What a lean handler is given: the signed-in user (no Fastify request or reply: there is none). */
export interface LeanContext {
  user: SessionUser;
  sessionId: string;
}

export type LeanHandler<I = never, O = unknown> = ((input: I, ctx: LeanContext) => Promise<O> | O) & { readonly [LEAN]: true };

/** Marks a list read's handler to be served on the lean path too (registrar.ts). */
export function lean<I, O>(fn: (input: I, ctx: LeanContext) => Promise<O> | O): LeanHandler<I, O> {
  return Object.assign(fn, { [LEAN]: true as const });
}

export function isLean(fn: unknown): fn is LeanHandler<unknown> {
  return typeof fn === 'function' && (fn as Partial<LeanHandler>)[LEAN] === true;
}

export interface LeanOptions {
  /** the caller's session from the Cookie header, and the Set-Cookie that clears a stale one (at once when it is at hand) */
  session(cookieHeader: string | undefined): LeanSession | Promise<LeanSession>;
  guards: RequestGuards;
  facts(req: IncomingMessage): RequestFacts;
  /** the app's body limit, for a route declaring none */
  bodyLimit: number;
  compress: boolean;
  checkOutput: boolean;
  /** the app's logger (pino) */
  log: { isLevelEnabled(level: string): boolean; info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** an unexpected error's report (the Errors screen or the error-reporting service) */
  onUnexpected(err: unknown, req: { method: string; url: string }, userId: number | null): void;
}

/** A request's session as the lean path reads it, and the Set-Cookie that clears a stale one. */
export interface LeanSession {
  session: CallSession | null;
  clear: string | null;
}

interface Route {
  def: EndpointDef;
  handler: LeanHandler<unknown>;
  limit: number;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** A JSON body's Content-Type as the lean path takes it; any other (a charset named otherwise, say) goes to Fastify. */
const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);
const JSON_ANSWER = 'application/json; charset=utf-8';

/** A lean request's id in log lines: 'lean-' and its number in base 36. */
const leanId = (n: number) => `lean-${n.toString(36)}`;

/** Writes an answer's head (with its length) and body. */
function end(res: ServerResponse, status: number, head: (string | number)[], body: string | Buffer): void {
  head.push('content-length', Buffer.byteLength(body));
  res.writeHead(status, head as string[]);
  res.end(body);
}

export class LeanRouter {
  private readonly routes = new Map<string, Route>();
  private closing = false;
  private readonly heads = new Map<Readonly<Record<string, string>>, readonly string[]>();
  /** the lean path's own request ids ('lean-1', …), apart from Fastify's ('req-1', …) */
  private served = 0;

  constructor(private readonly o: LeanOptions) {}

  /** A list read served on the lean path: a JSON POST for signed-in users, not rate-limited. */
  add(def: EndpointDef, handler: LeanHandler<unknown>, rateLimited: boolean): void {
    if (def.method !== 'POST' || def.multipart || def.kind === 'file' || rateLimited || 'public' in def.access || def.path.includes(':')) {
      throw new Error(`${def.method} ${def.path}: only a signed-in JSON POST at a fixed path, not rate-limited, is served lean`);
    }
    this.routes.set(def.path, { def, handler, limit: def.bodyLimit ?? this.o.bodyLimit });
  }

  /** How many requests the lean path has answered (tests tell which path served a request). */
  get answered(): number {
    return this.served;
  }

  /** The paths served lean (tests walk them). */
  get paths(): string[] {
    return [...this.routes.keys()];
  }

  /** Puts the lean path in front of the server's one request listener (Fastify's), which gets every request it declines. */
  install(server: Server): void {
    const listeners = server.listeners('request') as Listener[];
    if (listeners.length !== 1) throw new Error(`the lean path expects one request listener, found ${listeners.length}`);
    const [fastify] = listeners;
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!this.take(req, res)) fastify(req, res);
    });
  }

  /** From now on every request goes to Fastify (which answers 503 while the server closes). */
  close(): void {
    this.closing = true;
  }

  /** Whether the request is the lean path's: decided on its head alone, before a byte of its body is read. */
  private take(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.closing || req.method !== 'POST') return false;
    const route = this.routes.get(req.url ?? '');
    if (!route) return false;
    const { headers } = req;
    const type = headers['content-type'];
    const length = headers['content-length'];
    if (type === undefined || length === undefined || headers['transfer-encoding'] !== undefined || !JSON_TYPES.has(type.toLowerCase())) return false;
    const size = Number(length);
    if (!(size > 0 && size <= route.limit)) return false;
    const facts = this.o.facts(req);
    if (this.o.guards.refuses('POST', headers, facts)) return false;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', () => res.destroy());
    req.on('end', () => void this.answer(req, res, route, facts, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    return true;
  }

  private async answer(req: IncomingMessage, res: ServerResponse, route: Route, facts: RequestFacts, body: Buffer): Promise<void> {
    const started = this.o.log.isLevelEnabled('info') ? performance.now() : 0;
    // the request's id ('lean-' and its number), written only when a log line names it
    const served = ++this.served;
    let status = 200;
    let text: string;
    let clear: string | null = null;
    let userId: number | null = null;
    let close = false;
    try {
      let raw: unknown;
      try {
        raw = secureJson.parse(body, undefined, { protoAction: 'error', constructorAction: 'error' });
      } catch {
        // as Fastify's parser does on a body it cannot read: the connection is closed after the answer
        close = true;
        throw invalidJson();
      }
      // a session at hand is taken at once: an await of it would cost a turn of the microtask queue
      const read = this.o.session(req.headers.cookie);
      const found = read instanceof Promise ? await read : read;
      clear = found.clear;
      userId = found.session?.user.id ?? null;
      checkAccess(route.def, found.session);
      const { user, sessionId } = found.session as CallSession;
      const out = await route.handler(inputOf(route.def, raw) as never, { user, sessionId });
      text = answerText(route.def, out, this.o.checkOutput, this.o.log);
    } catch (err) {
      const known = errorAnswerOf(err);
      if (!known) this.unexpected(err, req, leanId(served), userId);
      status = known?.status ?? 500;
      text = JSON.stringify(known?.body ?? INTERNAL_ERROR);
    }
    const sent = this.send(req, res, status, text, facts, { clear, close });
    if (sent) await sent;
    if (started) this.logged(req, leanId(served), facts, status, userId, started);
  }

  /** Sends the answer: at once (nothing to wait for) unless it is compressed, which answers a promise. */
  private send(req: IncomingMessage, res: ServerResponse, status: number, text: string, facts: RequestFacts, o: { clear: string | null; close: boolean }): Promise<void> | undefined {
    const head: (string | number)[] = [...this.headOf(this.o.guards.headersFor(facts.protocol, true))];
    if (o.clear) head.push('set-cookie', o.clear);
    if (o.close) head.push('connection', 'close');
    if (this.o.compress) {
      return encodedJson(text, req.headers['accept-encoding']).then((encoded) => {
        head.push('vary', 'Accept-Encoding');
        if (encoded.encoding) head.push('content-encoding', encoded.encoding);
        end(res, status, head, encoded.body);
      });
    }
    end(res, status, head, text);
    return undefined;
  }

  /** The headers every answer of a set of security headers carries, as name, value, …: made once per set (there are two). */
  private headOf(security: Readonly<Record<string, string>>): readonly string[] {
    let head = this.heads.get(security);
    if (!head) {
      head = [...Object.entries(security).flat(), 'cache-control', 'no-store', 'content-type', JSON_ANSWER];
      this.heads.set(security, head);
    }
    return head;
  }

  private unexpected(err: unknown, req: IncomingMessage, reqId: string, userId: number | null): void {
    this.o.log.error({ err, reqId, userId }, 'unhandled error');
    this.o.onUnexpected(err, { method: req.method ?? 'POST', url: req.url ?? '' }, userId);
  }

  /**
   * The request's one line, as Fastify's 'request completed' (request-log.ts) writes it: `req` and `res` go
   * through the same serializers (the URL's secrets redacted, the client's address).
   */
  private logged(req: IncomingMessage, reqId: string, facts: RequestFacts, status: number, userId: number | null, started: number): void {
    this.o.log.info({
      reqId,
      ...(userId !== null && { userId }),
      req: { method: req.method, url: req.url ?? '', ip: facts.ip },
      res: { statusCode: status },
      responseTime: performance.now() - started,
    }, 'request completed');
  }
}
