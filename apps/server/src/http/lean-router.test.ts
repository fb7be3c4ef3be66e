import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@sapwood/contracts';
import { LeanRouter, isLean, lean } from './lean-router';
import { requestFactsReader } from './request-facts';
import { requestGuards } from './security';

/**
 * What the API tests cannot provoke on a real list (lean-path.test.ts compares the real lists with Fastify's
 * routes): an unexpected error in a lean handler is answered 500 without a word of the inside, logged and
 * reported with the request and the user; and a route that is not a signed-in JSON POST is refused at start.
 */
const failing = endpoint({ method: 'POST', path: '/api/test/failing', writes: 'nothing', access: { permission: 'Leafs' }, input: z.object({ page: z.number() }), output: z.object({ ok: z.boolean() }) });
const reports: { err: unknown; req: { method: string; url: string }; userId: number | null }[] = [];
const lines: { obj: object; msg: string }[] = [];
let server: http.Server;
let url = '';

beforeAll(async () => {
  const router = new LeanRouter({
    session: async () => ({ session: { sessionId: 's', user: { id: 7, name: 'A', email: 'a@x', permissions: ['Leafs'], languageId: null } }, clear: null }),
    guards: requestGuards({ headers: { 'x-frame-options': 'DENY' } }),
    facts: requestFactsReader(false),
    bodyLimit: 1024, compress: false, checkOutput: true,
    log: { isLevelEnabled: () => true, info: (obj, msg) => void lines.push({ obj, msg }), error: (obj, msg) => void lines.push({ obj, msg }) },
    onUnexpected: (err, req, userId) => void reports.push({ err, req, userId }),
  });
  router.add(failing, lean(() => {
    throw new Error('database gone: host 10.1.2.3');
  }), false);
  server = http.createServer((_req, res) => res.writeHead(404).end('fastify'));
  router.install(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('the lean router', () => {
  it('answers an unexpected error 500 with nothing of the inside, and reports it with the request and the user', async () => {
    const res = await fetch(`${url}${failing.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"page":1}' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'InternalError', message: 'Something went wrong.' });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(reports).toEqual([{ err: expect.any(Error), req: { method: 'POST', url: failing.path }, userId: 7 }]);
    expect(lines.map((l) => l.msg)).toEqual(['unhandled error', 'request completed']);
    expect(lines[1].obj).toMatchObject({ userId: 7, res: { statusCode: 500 }, reqId: 'lean-1' });
  });

  it('hands every other request to the listener behind it', async () => {
    const res = await fetch(`${url}/api/test/other`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect([res.status, await res.text()]).toEqual([404, 'fastify']);
  });

  it('takes only a signed-in JSON POST at a fixed path, not rate-limited', () => {
    const router = new LeanRouter({} as never);
    const handler = lean(() => ({ ok: true }));
    expect(isLean(handler)).toBe(true);
    expect(isLean(() => ({ ok: true }))).toBe(false);
    expect(() => router.add({ ...failing, method: 'GET' }, handler, false)).toThrow(/only a signed-in JSON POST/);
    expect(() => router.add({ ...failing, access: { public: true } }, handler, false)).toThrow(/only a signed-in JSON POST/);
    expect(() => router.add(failing, handler, true)).toThrow(/not rate-limited/);
    expect(() => router.add({ ...failing, path: '/api/test/:id' }, handler, false)).toThrow(/fixed path/);
  });
});
