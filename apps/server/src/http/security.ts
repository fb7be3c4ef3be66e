import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@sapwood/contracts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request defence (ADR 0004): a state-changing request must come from our own origin.
 * Browsers send Origin on every cross-origin POST (and Referer when Origin is absent); a request that
 * names another origin, or the opaque origin "null", is refused with 403. Requests without either header
 * do not come from a browser page and carry no ambient credentials risk beyond SameSite=Lax cookies.
 */
export function installOriginCheck(app: FastifyInstance, publicUrl?: string): void {
  const allowed = publicUrl ? new URL(publicUrl).host : null;
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE.has(req.method)) return;
    const origin = req.headers.origin ?? (req.headers.referer ? safeOrigin(req.headers.referer) : undefined);
    if (origin === undefined) return;
    const host = origin === 'null' ? null : safeHost(origin);
    if (host && (host === req.headers.host || host === allowed)) return;
    const body: ErrorBody = { error: 'CrossOriginRejected', message: 'Cross-origin request refused.' };
    return reply.status(403).send(body);
  });
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
