import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@sapwood/contracts';
import { API_SECURITY_HEADERS } from './security-headers';

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

/** Whether an answer's Content-Type is JSON (an API answer, which gets API_SECURITY_HEADERS). */
export function isJsonType(type: unknown): boolean {
  return typeof type === 'string' && type.toLowerCase().startsWith('application/json');
}

/**
 * What every request meets:
 * - the security headers on every answer as it goes (sets worked out once: security-headers.ts): a JSON answer's
 *   (API_SECURITY_HEADERS), any other's (pages, files, downloads: the web app's set), and `Strict-Transport-Security`
 *   when the app is served over HTTPS (the request came over TLS, or through a trusted proxy saying so, or
 *   PUBLIC_URL is https); never over plain http (ASVS 14.4.5);
 * - at arrival, the cross-site request defence (ADR 0004): a state-changing request must come from our own origin.
 *   Browsers send Origin on every cross-origin POST (and Referer when Origin is absent); a request that
 *   names another origin (scheme, host or port), or the opaque origin "null", is refused with 403. Requests
 *   without either header do not come from a browser page and carry no ambient credentials risk beyond
 *   SameSite=Lax cookies.
 * Then, as an answer goes, with the security headers, `Cache-Control: no-store` on every /api answer (JSON, errors
 * and downloads alike, over whatever a handler set), so that no browser or proxy keeps a copy of a user's data;
 * static files keep their own caching.
 *
 * Two hooks where there were three (ADR 0227): each is a step of Fastify's hook runner on every request. The
 * headers are set as the answer goes, when its type is known (ADR 0246).
 */
export interface RequestGuards {
  /** the security headers of an answer, JSON (an API answer) or not, for a request that came over HTTPS or not */
  headersFor(protocol: string, json: boolean): Readonly<Record<string, string>>;
  /** whether the request is refused as cross-site (a state-changing request naming another origin) */
  refuses(method: string, headers: IncomingHttpHeaders, place: RequestPlace): boolean;
}

/** The guards above, worked out once; Fastify's hooks (installRequestGuards) and the lean path (lean-router.ts) both use them. */
export function requestGuards(o: { headers: Readonly<Record<string, string>>; apiHeaders?: Readonly<Record<string, string>>; publicUrl?: string }): RequestGuards {
  const allowed = publicOriginOf(o.publicUrl);
  const httpsAlways = allowed?.startsWith('https:') ?? false;
  // each set as sent over plain http and over HTTPS (HSTS added), worked out once
  const sets = (headers: Readonly<Record<string, string>>) => {
    const overHttps: Readonly<Record<string, string>> = { ...headers, 'strict-transport-security': HSTS };
    return { overHttps, overHttp: httpsAlways ? overHttps : headers };
  };
  const page = sets(o.headers);
  const api = sets(o.apiHeaders ?? API_SECURITY_HEADERS);
  return {
    headersFor(protocol, json) {
      const set = json ? api : page;
      return httpsAlways || protocol !== 'https' ? set.overHttp : set.overHttps;
    },
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
    if (!guards.refuses(req.method, req.headers, req)) return done();
    reply.status(403).send(CROSS_ORIGIN_REFUSED);
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.headers(guards.headersFor(req.protocol, isJsonType(reply.getHeader('content-type'))));
    if (API.test(req.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
