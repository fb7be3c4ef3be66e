import type { IncomingMessage, ServerResponse } from 'node:http';
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
  // sent by installRequestGuards (http/security.ts), over HTTPS only
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

/** The security headers of every answer (set by http/security.ts); `connectTo`: other origins the web app may call (the error-reporting service). */
export function appSecurityHeaders(connectTo: readonly string[] = []): Record<string, string> {
  const csp = OPTIONS.contentSecurityPolicy as { directives: Record<string, unknown> };
  return securityHeaders(connectTo.length === 0 ? OPTIONS : {
    ...OPTIONS,
    contentSecurityPolicy: { directives: { ...csp.directives, connectSrc: ["'self'", 'ws:', 'wss:', ...connectTo] } },
  });
}

/**
 * The security headers of a JSON answer (OWASP's REST Security Cheat Sheet): an API answer is data, never a page, so it
 * may load nothing and be framed by nothing, and other sites may not read it as a resource. The page headers above
 * (the web app's script and style sources, its opener and referrer policies, legacy browsers' switches) govern
 * documents, which a JSON answer is not; sent on every list read they cost the server and every client reading it
 * about 20 µs a request (ADR 0246). HSTS is added to either over HTTPS (security.ts).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
