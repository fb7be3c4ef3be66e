import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The security headers of every answer (helmet's, with the app's content security policy). */
const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // not helmet's 'no-referrer': with it the browser sends 'Origin: null' on a form post (the report
  // dialog's Download posts a form to a new tab), and the origin check refuses it
  referrerPolicy: { policy: 'same-origin' },
  // sent by installResponseHeaders, over HTTPS only
  strictTransportSecurity: false,
};

/**
 * Helmet's headers, worked out once: they do not depend on the request, so helmet is asked once at start
 * (against a stand-in response) instead of on every answer (ADR 0080: it parsed its CSP directives and
 * set a dozen headers one by one per response).
 */
export function securityHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Every answer carries the security headers, set in one call; `connectTo`: other origins the web app may call (the error-reporting service). */
export function installSecurityHeaders(app: FastifyInstance, connectTo: readonly string[] = []): void {
  const csp = OPTIONS.contentSecurityPolicy as { directives: Record<string, unknown> };
  const headers = securityHeaders(connectTo.length === 0 ? OPTIONS : {
    ...OPTIONS,
    contentSecurityPolicy: { directives: { ...csp.directives, connectSrc: ["'self'", 'ws:', 'wss:', ...connectTo] } },
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
