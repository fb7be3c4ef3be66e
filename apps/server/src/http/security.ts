import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@sapwood/contracts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Strict-Transport-Security on answers served over HTTPS: a year, subdomains included (ASVS 14.4.5). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The origin (scheme, host and port) of a URL, or null for anything that is not an http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** Where a request came to: its scheme and Host, as Fastify's request reads them (trusted proxies' X-Forwarded-* included). */
export interface RequestPlace {
  protocol: string;
  host: string;
}

/**
 * Whether an Origin (or a Referer's origin) is the app's own: the scheme, host and port the request itself
 * came to (`req.protocol` and `req.host`, which follow X-Forwarded-Proto/-Host only from a trusted proxy,
 * as Fastify's trustProxy says), or those of PUBLIC_URL. The opaque origin "null" is never ours.
 */
export function isOwnOrigin(req: RequestPlace, origin: string, publicOrigin: string | null): boolean {
  const claimed = originOf(origin);
  if (!claimed) return false;
  if (publicOrigin && claimed === publicOrigin) return true;
  const host = req.host;
  return Boolean(host) && claimed === originOf(`${req.protocol}://${host}`);
}

/** PUBLIC_URL's origin, or null when it is not set. */
export function publicOriginOf(publicUrl?: string): string | null {
  if (!publicUrl) return null;
  const origin = originOf(publicUrl);
  if (!origin) throw new Error(`PUBLIC_URL is not an http(s) URL: ${publicUrl}`);
  return origin;
}

const API = /^\/api(?:[/?]|$)/;

/**
 * What every request meets first, in one hook (an answer sent from here carries the headers too):
 * - the security headers (a set worked out once: security-headers.ts), and `Strict-Transport-Security`
 *   when the app is served over HTTPS (the request came over TLS, or through a trusted proxy saying so, or
 *   PUBLIC_URL is https); never over plain http (ASVS 14.4.5);
 * - the cross-site request defence (ADR 0004): a state-changing request must come from our own origin.
 *   Browsers send Origin on every cross-origin POST (and Referer when Origin is absent); a request that
 *   names another origin (scheme, host or port), or the opaque origin "null", is refused with 403. Requests
 *   without either header do not come from a browser page and carry no ambient credentials risk beyond
 *   SameSite=Lax cookies.
 * Then, as an answer goes, `Cache-Control: no-store` on every /api answer (JSON, errors and downloads alike,
 * over whatever a handler set), so that no browser or proxy keeps a copy of a user's data; static files keep
 * their own caching.
 *
 * One hook where there were three (ADR 0227): each is a step of Fastify's hook runner on every request, and
 * the headers known at arrival (HSTS included) go out in the one call that sets the others.
 */
export interface RequestGuards {
  /** the headers of every answer, for a request that came over HTTPS or not */
  headersFor(protocol: string): Readonly<Record<string, string>>;
  /** whether the request is refused as cross-site (a state-changing request naming another origin) */
  refuses(method: string, headers: IncomingHttpHeaders, place: RequestPlace): boolean;
}

/** The guards above, worked out once; Fastify's hooks (installRequestGuards) and the lean path (lean-router.ts) both use them. */
export function requestGuards(o: { headers: Readonly<Record<string, string>>; publicUrl?: string }): RequestGuards {
  const allowed = publicOriginOf(o.publicUrl);
  const httpsAlways = allowed?.startsWith('https:') ?? false;
  const overHttps: Readonly<Record<string, string>> = { ...o.headers, 'strict-transport-security': HSTS };
  const overHttp = httpsAlways ? overHttps : o.headers;
  return {
    headersFor: (protocol) => (httpsAlways || protocol !== 'https' ? overHttp : overHttps),
    refuses(method, headers, place) {
      const origin = SAFE.has(method) ? undefined : (headers.origin ?? headers.referer);
      return origin !== undefined && !isOwnOrigin(place, origin, allowed);
    },
  };
}

/** The refusal of a cross-site request. */
export const CROSS_ORIGIN_REFUSED: ErrorBody = { error: 'CrossOriginRejected', message: 'Cross-origin request refused.' };

export function installRequestGuards(app: FastifyInstance, guards: RequestGuards): void {
  // callback hooks: an async one costs a promise and a turn of the microtask queue per request
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(guards.headersFor(req.protocol));
    if (!guards.refuses(req.method, req.headers, req)) return done();
    reply.status(403).send(CROSS_ORIGIN_REFUSED);
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (API.test(req.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
