import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, settingsEndpoints } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';

/** Bad input gets a 400 naming the fields, never a 500, and nothing is saved. */
let server: TestServer;
let admin: ApiClient;
// A web build is always present here, as in production (the static files plugin changes how routes are set up).
const webDist = mkdtempSync(join(tmpdir(), 'sapwood-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Sapwood</title><div id="root"></div>');

beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT: '1000', WEB_DIST: webDist });
  admin = await signedIn(server.url, ADMIN);
});
afterAll(async () => {
  await server.close();
  rmSync(webDist, { recursive: true, force: true });
});

const JSON_HEADERS = { 'content-type': 'application/json' };
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();
const limits = async () => (await admin.call(settingsEndpoints.get)).body;

describe('bad input', () => {
  it.each([
    ['/api/auth/login', '{"email": "a@b.c", "password": '],
    ['/api/settings/update', '{sugarLimit: 1}'],
    ['/api/auth/forgot', 'not json at all'],
  ])('malformed JSON to %s gets a 400 naming the body', async (path, body) => {
    const r = await admin.raw('POST', path, body, JSON_HEADERS);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'ValidationError', message: 'The request body is not valid JSON.' });
    expect(fieldsOf(r.body)).toEqual(['(body)']);
  });

  it('a body of another content type gets a 415, not a 500 (request-hardening.test.ts has more)', async () => {
    const r = await admin.raw('POST', '/api/settings/update', 'sugarLimit=1', { 'content-type': 'text/plain' });
    expect(r.status).toBe(415);
    expect(r.body).toEqual({ error: 'UnsupportedMediaType', message: expect.any(String) });
  });

  it('missing fields are named', async () => {
    const r = await admin.call(authEndpoints.login, {});
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual(['email', 'password']);
    const s = await admin.call(settingsEndpoints.update, { sugarLimit: 3 });
    expect(s.status).toBe(400);
    expect(fieldsOf(s.body)).toEqual(['rowVersion', 'starchLimit']);
  });

  it('wrong types are named', async () => {
    const r = await admin.call(authEndpoints.login, { email: 42, password: ['x'] });
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual(['email', 'password']);
    const s = await admin.call(settingsEndpoints.update, { sugarLimit: '12', starchLimit: true });
    expect(s.status).toBe(400);
    expect(fieldsOf(s.body)).toEqual(['rowVersion', 'starchLimit', 'sugarLimit']);
  });

  it('over-long strings are named', async () => {
    const long = `${'a'.repeat(300)}@test.local`;
    const r = await admin.call(authEndpoints.login, { email: long, password: 'p'.repeat(2000) });
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual(['email', 'password']);
    const f = await admin.call(authEndpoints.forgot, { email: long });
    expect(f.status).toBe(400);
    expect(fieldsOf(f.body)).toEqual(['email']);
    const t = await admin.call(authEndpoints.checkToken, { token: 'x'.repeat(1000) });
    expect(t.status).toBe(400);
    expect(fieldsOf(t.body)).toEqual(['token']);
  });

  it('an unexpected field on an endpoint that takes none is named', async () => {
    const r = await admin.call(settingsEndpoints.get, { surprise: 1 });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ValidationError');
  });

  it('a JSON body that is not an object gets a 400', async () => {
    for (const body of ['[1,2]', '"text"', '12', 'null']) {
      const r = await admin.raw('POST', '/api/settings/update', body, JSON_HEADERS);
      expect(r.status, body).toBe(400);
      expect(r.body.error, body).toBe('ValidationError');
    }
  });

  it('a body over the size limit gets a 400, not a 500', async () => {
    const r = await admin.raw('POST', '/api/auth/forgot', JSON.stringify({ email: 'x'.repeat(3 * 1024 * 1024) }), JSON_HEADERS);
    expect(r.status).toBe(400);
  });

  it('saves nothing when any field is bad', async () => {
    const before = await limits();
    await admin.call(settingsEndpoints.update, { sugarLimit: 5, starchLimit: 'lots', rowVersion: before.rowVersion });
    await admin.call(settingsEndpoints.update, { sugarLimit: 5, starchLimit: -1, rowVersion: before.rowVersion });
    await admin.raw('POST', '/api/settings/update', '{"sugarLimit": 5, "starchLimit": ', JSON_HEADERS);
    expect(await limits()).toEqual(before);
  });

  it('every screen path is the web app, while an unknown API path gets a JSON 404', async () => {
    const page = await fetch(`${server.url}/no/such/screen`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('a rate-limited call answers 429 in the same error format', async () => {
    const limited = await startTestServer({ AUTH_RATE_LIMIT: '1', WEB_DIST: webDist });
    try {
      const client = new ApiClient(limited.url);
      await client.call(authEndpoints.forgot, { email: 'a@test.local' });
      const r = await client.call(authEndpoints.forgot, { email: 'a@test.local' });
      expect(r.status).toBe(429);
      expect(r.body).toEqual({ error: 'TooManyRequests', message: expect.any(String) });
    } finally {
      await limited.close();
    }
  });

  it('an unknown API path gets a JSON 404, and error answers never show a stack', async () => {
    const r = await admin.raw('POST', '/api/nothing/here', '{}', JSON_HEADERS);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: 'NotFound' });
    expect(r.text).not.toMatch(/at .*\.ts:\d+/);
  });
});
