import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authEndpoints, carbohydrateReportEndpoints as reports, docsEndpoints, leafsEndpoints, settingsEndpoints } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';

/**
 * Request hardening (ASVS L2): JSON endpoints take JSON only, the origin check compares scheme, host and
 * port, the /messages websocket admits only a signed-in user's page of our own origin, API answers are never
 * cached, and HSTS goes out over HTTPS only.
 */
let server: TestServer;
let admin: ApiClient;
// a web build with one static asset, to show that static files keep their own caching
const webDist = mkdtempSync(join(tmpdir(), 'sapwood-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Sapwood</title><div id="root"></div>');
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1);');

beforeAll(async () => {
  // the tests' own address is a trusted proxy here (ADR 0005), so that X-Forwarded-Proto is believed
  server = await startTestServer({ AUTH_RATE_LIMIT: '1000', WEB_DIST: webDist, TRUST_PROXY: '127.0.0.1' });
  admin = await signedIn(server.url, ADMIN);
});
afterAll(async () => {
  await server?.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** A request whose answer is read to the end (an unread body keeps its connection busy, and the server's close waits for it). */
async function send(path: string, init: RequestInit = {}) {
  const res = await fetch(server.url + path, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}
const limits = async () => (await admin.call(settingsEndpoints.get)).body;
const port = () => Number(new URL(server.url).port);

describe('JSON endpoints take application/json only', () => {
  const update = settingsEndpoints.update.path;

  it.each([
    ['a urlencoded form', 'application/x-www-form-urlencoded', 'sugarLimit=91&starchLimit=91'],
    ['a text/plain body', 'text/plain', '{"sugarLimit": 91, "starchLimit": 91}'],
    ['a text/plain form post', 'text/plain;charset=UTF-8', 'sugarLimit=91'],
    ['an XML body', 'application/xml', '<limits sugarLimit="91"/>'],
  ])('%s answers 415 with the error body, and saves nothing', async (_name, type, body) => {
    const before = await limits();
    const r = await admin.raw('POST', update, body, { 'content-type': type });
    expect(r.status).toBe(415);
    expect(r.body).toEqual({ error: 'UnsupportedMediaType', message: expect.any(String) });
    expect(await limits()).toEqual(before);
  });

  it('a multipart form answers 415, and saves nothing', async () => {
    const before = await limits();
    const form = new FormData();
    form.set('sugarLimit', '91');
    form.set('starchLimit', '91');
    const res = await send(update, { method: 'POST', body: form, headers: { cookie: admin.cookie } });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.text)).toEqual({ error: 'UnsupportedMediaType', message: expect.any(String) });
    expect(await limits()).toEqual(before);
  });

  it('a body without a Content-Type answers 415', async () => {
    const res = await send(update, {
      method: 'POST', body: new Blob(['{"sugarLimit": 91, "starchLimit": 91}']), headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(415);
  });

  it('refuses the form on a public endpoint too (sign-in), before anything else', async () => {
    const r = await new ApiClient(server.url).raw('POST', authEndpoints.login.path, `email=${encodeURIComponent(ADMIN.email)}&password=${ADMIN.password}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(r.status).toBe(415);
    expect(r.body.error).toBe('UnsupportedMediaType');
  });

  it('takes JSON (with a charset too), and a POST with no body at all to an endpoint whose input is Empty', async () => {
    expect((await admin.raw('POST', settingsEndpoints.get.path, '{}', { 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
    const bare = await admin.raw('POST', settingsEndpoints.get.path);
    expect(bare.status).toBe(200);
    expect(bare.body).toEqual(await limits());
  });

  it('GET endpoints are unaffected by a Content-Type', async () => {
    const r = await admin.raw('GET', '/api/docs/openapi.json', undefined, { 'content-type': 'text/plain' });
    expect(r.status).toBe(200);
  });

  it('an endpoint declared multipart (the report form post) still takes a multipart form and a urlencoded one', async () => {
    const form = new FormData();
    const multi = await send(reports.blockReport.path, { method: 'POST', body: form, headers: { cookie: admin.cookie, origin: server.url }, redirect: 'manual' });
    expect(multi.status).toBe(400); // the server's own answer naming the missing fields
    expect(JSON.parse(multi.text).error).toBe('ValidationError');
    const urlencoded = await admin.raw('POST', reports.blockReport.path, 'includeSummary=true', { 'content-type': 'application/x-www-form-urlencoded', origin: server.url });
    expect(urlencoded.status).toBe(400);
    expect(urlencoded.body.error).toBe('ValidationError');
    const text = await admin.raw('POST', reports.blockReport.path, 'includeSummary=true', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
  });
});

describe('the origin check compares scheme, host and port', () => {
  const update = (headers: Record<string, string>) => admin.call(settingsEndpoints.update, { sugarLimit: 55, starchLimit: 55, rowVersion: 1 }, headers);

  it('refuses another scheme with 403, and saves nothing', async () => {
    const before = await limits();
    const r = await update({ origin: server.url.replace('http:', 'https:') });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'CrossOriginRejected', message: expect.any(String) });
    expect(await limits()).toEqual(before);
  });

  it('refuses another port with 403, by Origin and by Referer', async () => {
    const other = `http://127.0.0.1:${port() + 1}`;
    expect((await update({ origin: other })).status).toBe(403);
    expect((await update({ referer: `${other}/settings` })).status).toBe(403);
    expect((await update({ origin: 'null' })).status).toBe(403);
  });

  it('lets the same scheme, host and port through', async () => {
    expect((await admin.call(settingsEndpoints.get, {}, { origin: server.url })).status).toBe(200);
    expect((await admin.call(settingsEndpoints.get, {}, { referer: `${server.url}/settings` })).status).toBe(200);
  });

  it('behind a trusted proxy the scheme is the one X-Forwarded-Proto names', async () => {
    const httpsOrigin = server.url.replace('http:', 'https:');
    expect((await admin.call(settingsEndpoints.get, {}, { 'x-forwarded-proto': 'https', origin: httpsOrigin })).status).toBe(200);
    expect((await admin.call(settingsEndpoints.get, {}, { 'x-forwarded-proto': 'https', origin: server.url })).status).toBe(403);
  });

  it("PUBLIC_URL's origin passes too, and only its scheme", async () => {
    const pub = await startTestServer({ PUBLIC_URL: 'https://lab.example.com', TRUST_PROXY: 'false' });
    try {
      const client = new ApiClient(pub.url);
      expect((await client.call(authEndpoints.login, ADMIN, { origin: 'https://lab.example.com' })).body).toBe('Success');
      expect((await client.call(settingsEndpoints.get, {}, { origin: 'http://lab.example.com' })).status).toBe(403);
      expect((await client.call(settingsEndpoints.get, {}, { origin: 'https://lab.example.com:8443' })).status).toBe(403);
      expect((await client.call(settingsEndpoints.get, {}, { origin: pub.url })).status).toBe(200);
      // no trusted proxy: X-Forwarded-Proto is not believed, the request's scheme stays http
      expect((await client.call(settingsEndpoints.get, {}, { 'x-forwarded-proto': 'https', origin: pub.url.replace('http:', 'https:') })).status).toBe(403);
    } finally {
      await pub.close();
    }
  });
});

type Opened = { socket: WebSocket; versions: string[] };

/** Opens /messages; answers the open socket, or the HTTP status the upgrade was refused with. */
function openSocket(base: string, opts: { cookie?: string; origin?: string }): Promise<Opened | number> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/messages`, {
    ...(opts.origin ? { origin: opts.origin } : {}),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
  const versions: string[] = [];
  socket.on('message', (raw: Buffer) => versions.push((JSON.parse(raw.toString()) as { version: string }).version));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, versions }));
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

describe('the /messages websocket', () => {
  const clients = () => server.built.socket.websocketServer.clients.size;

  it('refuses a connection without a session with 401', async () => {
    expect(await openSocket(server.url, { origin: server.url })).toBe(401);
    expect(await openSocket(server.url, { origin: server.url, cookie: 'sapwood_session=not-a-session' })).toBe(401);
  });

  it('refuses a signed-in connection from another origin (host, port or scheme), or naming none, with 403', async () => {
    for (const origin of ['http://evil.example', `http://127.0.0.1:${port() + 1}`, server.url.replace('http:', 'https:'), 'null', undefined]) {
      expect(await openSocket(server.url, { cookie: admin.cookie, origin }), String(origin)).toBe(403);
    }
  });

  it('admits a signed-in page of our own origin, and the server lives on after the refusals', async () => {
    const before = clients();
    const opened = await openSocket(server.url, { cookie: admin.cookie, origin: server.url });
    if (typeof opened === 'number') throw new Error(`refused with ${opened}`);
    await expect.poll(() => opened.versions.length).toBeGreaterThanOrEqual(1);
    expect(clients()).toBe(before + 1);
    opened.socket.close();
    expect((await send('/healthz')).status).toBe(200);
  });

  it('answers an upgrade asked of any other URL with 404 and closes it, whatever it names', async () => {
    for (const path of ['/api/settings/get', '/healthz', '/messages/x', '/nothing', '/messagesx?x=1']) {
      const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${path}`, { origin: server.url, headers: { cookie: admin.cookie } });
      const status = await new Promise<number>((resolve, reject) => {
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.once('open', () => reject(new Error(`${path} opened`)));
        socket.once('error', reject);
      });
      socket.terminate();
      expect(status, path).toBe(404);
    }
    const before = clients();
    const opened = await openSocket(server.url, { cookie: admin.cookie, origin: server.url });
    if (typeof opened === 'number') throw new Error(`refused with ${opened}`);
    expect(clients()).toBe(before + 1);
    opened.socket.close();
  });
});

describe('Cache-Control: no-store on every API answer', () => {
  it('on a JSON answer', async () => {
    const r = await admin.call(settingsEndpoints.get);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('on error answers: 401, 404, 415, 403 and 400', async () => {
    const answers = [
      await new ApiClient(server.url).call(settingsEndpoints.get),
      await admin.call({ ...settingsEndpoints.get, path: '/api/no/such' }),
      await admin.call(settingsEndpoints.get, {}, { origin: 'http://evil.example' }),
      await admin.call(settingsEndpoints.update, { sugarLimit: 'x' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 404, 403, 400]);
    for (const a of answers) expect(a.headers.get('cache-control'), String(a.status)).toBe('no-store');
    const form = await send(settingsEndpoints.update.path, { method: 'POST', body: 'a=1', headers: { cookie: admin.cookie, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect(form.headers.get('cache-control')).toBe('no-store');
  });

  it('on a download', async () => {
    const res = await send(docsEndpoints.openapi.path, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('not on static files, which keep their own caching', async () => {
    const res = await send('/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).not.toContain('no-store');
  });
});

describe('security headers: a JSON answer its own, every other answer the web app\'s', () => {
  // ADR 0246: OWASP's REST Security Cheat Sheet; the page set is helmet's with the app's content security policy
  const API = { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", 'cross-origin-resource-policy': 'same-origin', 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' };
  const PAGE_ONLY = ['cross-origin-opener-policy', 'referrer-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];
  const isApi = (h: Headers, what: string) => {
    for (const [name, value] of Object.entries(API)) expect(h.get(name), `${what}: ${name}`).toBe(value);
    for (const name of PAGE_ONLY) expect(h.get(name), `${what}: ${name}`).toBeNull();
  };
  const isPage = (h: Headers, what: string) => {
    expect(h.get('content-security-policy'), what).toMatch(/^default-src 'self';.*frame-ancestors 'none'/);
    expect(h.get('x-frame-options'), what).toBe('SAMEORIGIN');
    expect(h.get('x-content-type-options'), what).toBe('nosniff');
    // same-origin, not no-referrer: under no-referrer the browser posts forms with 'Origin: null' (ADR 0004)
    expect(h.get('referrer-policy'), what).toBe('same-origin');
    expect(h.get('cross-origin-opener-policy'), what).toBe('same-origin');
    expect(h.get('x-powered-by'), what).toBeNull();
  };

  it('JSON answers, the lean list reads and every error answer carry the API set', async () => {
    const answers = {
      'a JSON answer': await admin.call(settingsEndpoints.get),
      'a list read (lean path)': await admin.call(leafsEndpoints.notCompleted, { page: 1, rowsPerPage: 10 }),
      'signed out (401)': await new ApiClient(server.url).call(settingsEndpoints.get),
      'no such endpoint (404)': await admin.call({ ...settingsEndpoints.get, path: '/api/no/such' }),
      'cross-site (403, at arrival)': await admin.call(settingsEndpoints.get, {}, { origin: 'http://evil.example' }),
      'bad input (400)': await admin.call(settingsEndpoints.update, { sugarLimit: 'x' }),
    };
    for (const [what, r] of Object.entries(answers)) {
      expect(r.headers.get('content-type'), what).toMatch(/^application\/json/);
      isApi(r.headers, what);
    }
  });

  it('pages, static files and non-JSON downloads carry the web app\'s set', async () => {
    isPage((await send('/')).headers, 'the web app');
    isPage((await send('/leafs')).headers, 'a screen\'s address');
    isPage((await send('/assets/app.js')).headers, 'a static file');
    const docs = await send(docsEndpoints.page.path, { headers: { cookie: admin.cookie } });
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    isPage(docs.headers, 'an HTML page under /api');
  });
});

describe('Strict-Transport-Security over HTTPS only', () => {
  const hsts = (res: { headers: Headers }) => res.headers.get('strict-transport-security');

  it('is absent over plain http', async () => {
    expect(hsts(await admin.call(settingsEndpoints.get))).toBeNull();
    expect(hsts(await send('/'))).toBeNull();
  });

  it('is sent when a trusted proxy says the request came over https', async () => {
    const r = await admin.call(settingsEndpoints.get, {}, { 'x-forwarded-proto': 'https' });
    expect(hsts(r)).toMatch(/^max-age=\d{7,}/);
    expect(hsts(await send('/', { headers: { 'x-forwarded-proto': 'https' } }))).toMatch(/^max-age=/);
  });

  it('is not sent on an untrusted X-Forwarded-Proto', async () => {
    const untrusted = await startTestServer({ TRUST_PROXY: 'false' });
    try {
      expect(hsts(await new ApiClient(untrusted.url).call(authEndpoints.initial, {}, { 'x-forwarded-proto': 'https' }))).toBeNull();
    } finally {
      await untrusted.close();
    }
  });

  it('is sent when PUBLIC_URL is https', async () => {
    const pub = await startTestServer({ PUBLIC_URL: 'https://lab.example.com', TRUST_PROXY: 'false' });
    try {
      expect(hsts(await new ApiClient(pub.url).call(authEndpoints.initial))).toMatch(/^max-age=\d{7,}/);
    } finally {
      await pub.close();
    }
  });
});
