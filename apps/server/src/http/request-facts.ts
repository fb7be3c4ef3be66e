import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { RequestPlace } from './security';

/** What a request's answer depends on besides its body: where it came to, and from which address. */
export interface RequestFacts extends RequestPlace {
  ip: string | undefined;
}

type Trust = (address: string, hop: number) => boolean;

/**
 * Fastify's own reading of `trustProxy` (fastify/lib/request.js, getTrustProxyFn): true trusts every hop, a
 * number trusts none (a hop count cannot check the peer), a string is a comma-separated list of addresses,
 * ranges or range names.
 */
function trustOf(trustProxy: boolean | string | number): Trust | null {
  if (trustProxy === false) return null;
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === 'number') return () => false;
  return proxyAddr.compile(trustProxy.split(',').map((t) => t.trim()));
}

/** a header sent more than once counts by its last value, as Fastify reads it */
function lastOf(value: string): string {
  const i = value.lastIndexOf(',');
  return i === -1 ? value.trim() : value.slice(i + 1).trim();
}

/**
 * A request's scheme, Host and client address exactly as Fastify's request reads them with the same
 * `trustProxy` (its `protocol`, `host` and `ip`): X-Forwarded-Proto, -Host and -For count only from a trusted
 * proxy. For the lean path (lean-router.ts), which answers without making a Fastify request; a test compares
 * the two readings (request-facts.test.ts).
 */
export function requestFactsReader(trustProxy: boolean | string | number): (req: IncomingMessage) => RequestFacts {
  const trust = trustOf(trustProxy);
  if (!trust) {
    return (req) => ({ protocol: (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http', host: req.headers.host ?? '', ip: req.socket.remoteAddress });
  }
  return (req) => {
    const { socket, headers } = req;
    const trusted = socket.remoteAddress !== undefined && trust(socket.remoteAddress, 0);
    const proto = headers['x-forwarded-proto'];
    const host = headers['x-forwarded-host'];
    const addrs = proxyAddr.all(req, trust);
    return {
      protocol: proto && trusted ? lastOf(proto as string) : (socket as { encrypted?: boolean }).encrypted ? 'https' : 'http',
      host: host && trusted ? lastOf(host as string) : (headers.host ?? ''),
      ip: addrs[addrs.length - 1],
    };
  };
}
