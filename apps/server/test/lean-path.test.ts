import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef } from '@sapwood/contracts';
import { seedLongResultsList } from '../../../tests/support/carbohydrate-fixtures';
import { createUser, signedIn } from '../../../tests/support/users';
import { type TestServer, ADMIN, startTestServer } from '../../../tests/support/server';
import { arbitraryOf } from '../../../tests/support/zod-arbitrary';

/**
 * The lean path (http/lean-router.ts, ADR 0237) answers list reads past Fastify's pipeline. It must answer
 * exactly as Fastify's route does: the same status, body and headers for every kind of request, and it must
 * hand Fastify, untouched, every request it does not take. Each lean path is asked the same things twice: at
 * its own URL (the lean path) and with a query added (which the lean path declines, so Fastify's route
 * of the same endpoint answers).
 */
let server: TestServer;
let admin: string;
let nobody: string;
let lean: EndpointDef[];

beforeAll(async () => {
  server = await startTestServer();
  await seedLongResultsList(server.built.deps.db, 30);
  admin = (await signedIn(server.url, ADMIN)).cookie;
  const user = await createUser(server.built.deps.db, []);
  nobody = (await signedIn(server.url, user)).cookie;
  const paths = new Set(server.built.lean.paths);
  lean = server.built.registrar.registered.filter((d) => paths.has(d.path));
});
afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

async function ask(path: string, body: string, headers: Record<string, string>, on = server): Promise<Answer> {
  const res = await fetch(on.url + path, { method: 'POST', headers, body });
  const all: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (k !== 'date') all[k] = v;
  });
  return { status: res.status, body: await res.text(), headers: all };
}

/** The same request to the lean path and to Fastify's route: both answers, and whether the lean path took the first. */
async function both(path: string, body: string, headers: Record<string, string>, on = server) {
  const before = on.built.lean.answered;
  const viaLean = await ask(path, body, headers, on);
  const took = on.built.lean.answered - before;
  const viaFastify = await ask(`${path}?via=fastify`, body, headers, on);
  expect(on.built.lean.answered - before, 'Fastify served the request with a query').toBe(took);
  return { viaLean, viaFastify, took };
}

const json = { 'content-type': 'application/json' };

describe('the lean path', () => {
  it('serves the keyset list reads (each a signed-in JSON POST)', () => {
    expect(lean.map((d) => d.path)).toEqual(expect.arrayContaining(['/api/leaf/notcompleted', '/api/carbohydrate/paged']));
    expect(lean.length).toBeGreaterThanOrEqual(17);
    for (const d of lean) expect([d.method, 'public' in d.access]).toEqual(['POST', false]);
  });

  it('answers every lean endpoint exactly as its Fastify route does: inputs of every shape, signed out, stale, without the permission', async () => {
    const stale = 'sapwood_session=no-such-session-token-0123456789';
    for (const def of lean) {
      const inputs = fc.sample(arbitraryOf(def.input), { numRuns: 6, seed: 36 }).map((v) => JSON.stringify(v) ?? 'null');
      const asks: [string, Record<string, string>][] = [
        ...inputs.map((b): [string, Record<string, string>] => [b, { ...json, cookie: admin }]),
        ['{"page":1,"rowsPerPage":10}', { ...json, cookie: admin, 'accept-encoding': 'gzip, br' }],
        ['{"page":1,"rowsPerPage":10}', json],
        ['{"page":1,"rowsPerPage":10}', { ...json, cookie: stale }],
        ['{"page":1,"rowsPerPage":10}', { ...json, cookie: nobody }],
        ['{"page":1,', { ...json, cookie: admin }],
        ['{"__proto__":{"admin":true},"page":1}', { ...json, cookie: admin }],
        ['{"page":1,"rowsPerPage":10}', { 'content-type': 'application/json; charset=utf-8', cookie: admin, origin: server.url }],
      ];
      for (const [body, headers] of asks) {
        const { viaLean, viaFastify, took } = await both(def.path, body, headers);
        expect(took, `${def.path} ${body}: the lean path took it`).toBe(1);
        expect(viaLean, `${def.path} ${body} ${JSON.stringify(headers)}`).toEqual(viaFastify);
        expect(viaLean.status).toBeLessThan(500);
      }
    }
  });

  it('answers a list read with rows, no-store and the security headers; a stale cookie is cleared as Fastify clears it', async () => {
    const { viaLean } = await both('/api/carbohydrate/paged', '{"page":1,"rowsPerPage":25}', { ...json, cookie: admin });
    expect(viaLean.status).toBe(200);
    expect(JSON.parse(viaLean.body)).toMatchObject({ rows: expect.any(Array), total: 30 });
    expect((JSON.parse(viaLean.body) as { rows: unknown[] }).rows).toHaveLength(25);
    expect(viaLean.headers).toMatchObject({ 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff' });
    expect(viaLean.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const stale = await both('/api/leaf/notcompleted', '{"page":1}', { ...json, cookie: 'sapwood_session=gone' });
    expect(stale.viaLean.status).toBe(401);
    expect(stale.viaLean.headers['set-cookie']).toMatch(/^sapwood_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax$/);
  });

  it('hands Fastify every request it does not take, which refuses it in its own words', async () => {
    const path = '/api/carbohydrate/paged';
    const declined: [string, Record<string, string>, number][] = [
      ['{"page":1}', { ...json, cookie: admin, origin: 'https://elsewhere.example' }, 403],
      ['{"page":1}', { 'content-type': 'text/plain', cookie: admin }, 415],
      ['', { ...json, cookie: admin }, 400],
      ['page=1', { 'content-type': 'application/x-www-form-urlencoded', cookie: admin }, 415],
      ['{"page":1}', { 'content-type': 'application/json; charset=latin1', cookie: admin }, 200],
    ];
    for (const [body, headers, status] of declined) {
      const { viaLean, viaFastify, took } = await both(path, body, headers);
      expect(took, `${body} ${JSON.stringify(headers)}`).toBe(0);
      expect(viaLean).toEqual(viaFastify);
      expect(viaLean.status).toBe(status);
    }
    const big = JSON.stringify({ page: 1, search: 'x'.repeat(3 * 1024 * 1024) });
    const { viaLean, viaFastify, took } = await both(path, big, { ...json, cookie: admin });
    expect([took, viaLean.status]).toEqual([0, 400]);
    expect(viaLean).toEqual(viaFastify);
  });
});

describe('the lean path with API_COMPRESSION=on', () => {
  let compressing: TestServer;
  let own = '';
  beforeAll(async () => {
    compressing = await startTestServer({ API_COMPRESSION: 'on' });
    await seedLongResultsList(compressing.built.deps.db, 30);
    own = (await signedIn(compressing.url, ADMIN)).cookie;
  });
  afterAll(() => compressing?.close());

  it('compresses a list of 1 KB or more as the client accepts, as Fastify\'s route does', async () => {
    for (const encoding of ['br, gzip', 'gzip', 'br;q=0, gzip;q=0', '']) {
      const { viaLean, viaFastify, took } = await both('/api/carbohydrate/paged', '{"page":1,"rowsPerPage":30}', { ...json, cookie: own, 'accept-encoding': encoding }, compressing);
      expect(took).toBe(1);
      expect(viaLean).toEqual(viaFastify);
      expect(viaLean.body.length).toBeGreaterThan(1024);
      expect(viaLean.headers['content-encoding']).toBe(encoding.startsWith('br,') ? 'br' : encoding === 'gzip' ? 'gzip' : undefined);
      expect(viaLean.headers.vary).toMatch(/accept-encoding/i);
    }
  });
});
