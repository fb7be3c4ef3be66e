import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestFactsReader } from './request-facts';

/**
 * The lean path reads a request's scheme, Host and client address itself (request-facts.ts); Fastify's request
 * reads them for every other route. Both must read them alike for each `trustProxy` the app may be given
 * (config.ts TRUST_PROXY), from a trusted proxy and from anyone else, with forwarded headers or without.
 */
const TRUSTS: (boolean | string)[] = [false, true, '10.0.0.1', 'loopback', '10.0.0.0/8, 192.168.1.1'];
const PEERS = ['127.0.0.1', '10.0.0.1', '10.2.3.4', '192.168.1.1', '203.0.113.9'];
const HEADERS: Record<string, string>[] = [
  {},
  { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'lims.example.com', 'x-forwarded-for': '198.51.100.7' },
  { 'x-forwarded-proto': 'http, https', 'x-forwarded-host': 'a.example, b.example', 'x-forwarded-for': '198.51.100.7, 10.0.0.1' },
  { 'x-forwarded-for': '198.51.100.7, 10.9.9.9, 10.0.0.1' },
  { 'x-forwarded-proto': 'https' },
];

describe('request facts', () => {
  it('are read as Fastify reads protocol, host and ip, for every trustProxy', async () => {
    let compared = 0;
    for (const trustProxy of TRUSTS) {
      const app = Fastify({ trustProxy });
      const read = requestFactsReader(trustProxy);
      app.get('/', (req) => ({ fastify: { protocol: req.protocol, host: req.host, ip: req.ip }, lean: read(req.raw) }));
      for (const remoteAddress of PEERS) {
        for (const headers of HEADERS) {
          const r = (await app.inject({ method: 'GET', url: '/', remoteAddress, headers: { host: 'app.local:3000', ...headers } })).json<{ fastify: unknown; lean: unknown }>();
          expect(r.lean, `${String(trustProxy)} from ${remoteAddress} ${JSON.stringify(headers)}`).toEqual(r.fastify);
          compared += 1;
        }
      }
      await app.close();
    }
    expect(compared).toBe(TRUSTS.length * PEERS.length * HEADERS.length);
  });
});
