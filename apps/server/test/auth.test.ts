import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, settingsEndpoints } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/** Sign-in results, lockout, session cookies, logout, security headers and the cross-origin check. */
let server: TestServer;

beforeAll(async () => {
  // A high rate limit here: this file signs in many times from one address (limits are tested below).
  server = await startTestServer({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(() => server.close());

const db = () => server.built.deps.db;
const login = (email: string, password: string, client = new ApiClient(server.url)) => client.call(authEndpoints.login, { email, password });

async function userWith(state: { archived?: boolean; active?: boolean; locked?: boolean }) {
  const u = await createUser(db(), ['Settings']);
  await db().updateTable('users').set(state).where('id', '=', u.id).execute();
  return u;
}

describe('login results', () => {
  it('answers Success as a JSON string and sets the session cookie', async () => {
    const client = new ApiClient(server.url);
    const r = await client.call(authEndpoints.login, ADMIN);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(r.body).toBe('Success');
    expect(client.cookie).toMatch(/^sapwood_session=.+/);
  });

  it('answers DoesNotExists for an unknown email', async () => {
    const r = await login('nobody@test.local', 'whatever-1');
    expect(r.body).toBe('DoesNotExists');
  });

  it('answers Archived, InActive and Locked for accounts in those states, even with the right password', async () => {
    const archived = await userWith({ archived: true });
    const inactive = await userWith({ active: false });
    const locked = await userWith({ locked: true });
    expect((await login(archived.email, archived.password)).body).toBe('Archived');
    expect((await login(inactive.email, inactive.password)).body).toBe('InActive');
    expect((await login(locked.email, locked.password)).body).toBe('Locked');
  });

  it('answers WrongPassword for a wrong password and sets no cookie', async () => {
    const u = await createUser(db(), []);
    const client = new ApiClient(server.url);
    const r = await login(u.email, 'not-the-password', client);
    expect(r.body).toBe('WrongPassword');
    expect(client.cookie).toBe('');
  });

  it('answers CreatePassword for an account created without a password', async () => {
    const u = await createUser(db(), [], { password: null });
    expect((await login(u.email, 'anything-at-all')).body).toBe('CreatePassword');
  });

  it('matches the email without regard to case or surrounding spaces', async () => {
    expect((await login(`  ${ADMIN.email.toUpperCase()} `, ADMIN.password)).body).toBe('Success');
  });
});

describe('lockout', () => {
  it('locks the account after LOCKOUT_ATTEMPTS (5) consecutive wrong passwords', async () => {
    const u = await createUser(db(), []);
    for (let i = 0; i < 4; i++) expect((await login(u.email, `wrong-${i}`)).body).toBe('WrongPassword');
    expect((await login(u.email, 'wrong-5')).body).toBe('Locked');
    expect((await login(u.email, u.password)).body).toBe('Locked');
    const row = await db().selectFrom('users').select(['locked', 'failed_attempts']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ locked: true, failed_attempts: 5 });
    const audit = await db().selectFrom('audit_log').select(['action', 'entity']).where('entity_id', '=', String(u.id)).execute();
    expect(audit).toContainEqual({ action: 'locked', entity: 'user' });
  });

  it('a successful sign-in resets the count of wrong passwords', async () => {
    const u = await createUser(db(), []);
    for (let i = 0; i < 4; i++) expect((await login(u.email, `wrong-${i}`)).body).toBe('WrongPassword');
    expect((await login(u.email, u.password)).body).toBe('Success');
    for (let i = 0; i < 4; i++) expect((await login(u.email, `wrong-${i}`)).body).toBe('WrongPassword');
    expect((await login(u.email, u.password)).body).toBe('Success');
  });

  it('honours a configured LOCKOUT_ATTEMPTS', async () => {
    const strict = await startTestServer({ LOCKOUT_ATTEMPTS: '2' });
    try {
      const u = await createUser(strict.built.deps.db, []);
      const c = new ApiClient(strict.url);
      expect((await c.call(authEndpoints.login, { email: u.email, password: 'wrong-1' })).body).toBe('WrongPassword');
      expect((await c.call(authEndpoints.login, { email: u.email, password: 'wrong-2' })).body).toBe('Locked');
    } finally {
      await strict.close();
    }
  });
});

describe('sessions', () => {
  it('the cookie is HttpOnly, SameSite=Lax, path /, and not Secure over plain HTTP', async () => {
    const r = await login(ADMIN.email, ADMIN.password);
    const cookie = r.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sapwood_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('the cookie is Secure behind HTTPS (X-Forwarded-Proto from the proxy TRUST_PROXY names), not on a forged header', async () => {
    const forged = await new ApiClient(server.url).call(authEndpoints.login, ADMIN, { 'x-forwarded-proto': 'https' });
    expect(forged.headers.get('set-cookie') ?? '').not.toMatch(/Secure/);
    const proxied = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
    try {
      const r = await new ApiClient(proxied.url).call(authEndpoints.login, ADMIN, { 'x-forwarded-proto': 'https' });
      expect(r.headers.get('set-cookie') ?? '').toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('stores only a hash of the session id', async () => {
    const client = await signedIn(server.url, ADMIN);
    const token = client.cookie.split('=')[1];
    const rows = await db().selectFrom('sessions').select('id').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).not.toContain(token);
  });

  it('gives a new session id at every sign-in and ends the previous one', async () => {
    const client = await signedIn(server.url, ADMIN);
    const first = client.cookie;
    expect((await client.call(settingsEndpoints.get)).status).toBe(200);
    expect((await client.call(authEndpoints.login, ADMIN)).body).toBe('Success');
    expect(client.cookie).not.toBe(first);
    expect((await client.call(settingsEndpoints.get)).status).toBe(200);
    const old = new ApiClient(server.url);
    old.cookie = first;
    expect((await old.call(settingsEndpoints.get)).status).toBe(401);
  });

  it('logout ends the session on the server: the old cookie then gets 401', async () => {
    const client = await signedIn(server.url, ADMIN);
    const cookie = client.cookie;
    // answered once, so that the session is kept in the process's cache (by its token) when it is ended
    expect((await client.call(settingsEndpoints.get)).status).toBe(200);
    const r = await client.call(authEndpoints.logout);
    expect(r.status).toBe(200);
    expect(r.headers.get('set-cookie') ?? '').toMatch(/sapwood_session=;/);
    const replay = new ApiClient(server.url);
    replay.cookie = cookie;
    expect((await replay.call(settingsEndpoints.get)).status).toBe(401);
    const initial = await replay.call(authEndpoints.initial);
    expect(initial.body.authenticated).toBe(false);
  });

  it('a session ends when the account is archived or locked', async () => {
    const u = await createUser(db(), ['Settings']);
    const client = await signedIn(server.url, u);
    expect((await client.call(settingsEndpoints.get)).status).toBe(200);
    await db().updateTable('users').set({ archived: true }).where('id', '=', u.id).execute();
    expect((await client.call(settingsEndpoints.get)).status).toBe(401);
  });

  it('start-up data tells an anonymous and a signed-in user apart', async () => {
    const anon = await new ApiClient(server.url).call(authEndpoints.initial);
    expect(anon.body).toMatchObject({ authenticated: false, permissions: [] });
    expect(typeof anon.body.version).toBe('string');
    const admin = await (await signedIn(server.url, ADMIN)).call(authEndpoints.initial);
    expect(admin.body).toMatchObject({ authenticated: true, name: 'Administrator', permissions: ['Admin'], isDev: false });
  });
});

describe('security headers', () => {
  it('sets the API set on API answers, and no X-Powered-By (pages: request-hardening.test.ts, ADR 0246)', async () => {
    // this server has no web build: a page's headers are checked where the test server is given one
    const api = await fetch(server.url + '/api/auth/logout');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('x-powered-by')).toBeNull();
  });
});

describe('cross-origin requests', () => {
  it('refuses a state-changing request from another origin, and saves nothing', async () => {
    const admin = await signedIn(server.url, ADMIN);
    const before = (await admin.call(settingsEndpoints.get)).body;
    const r = await admin.call(settingsEndpoints.update, { sugarLimit: 77, starchLimit: 77, rowVersion: before.rowVersion }, { origin: 'http://evil.example' });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: 'CrossOriginRejected' });
    expect((await admin.call(settingsEndpoints.get)).body).toEqual(before);
  });

  it('refuses the opaque origin "null" and a foreign Referer without Origin', async () => {
    const admin = await signedIn(server.url, ADMIN);
    expect((await admin.call(settingsEndpoints.update, { sugarLimit: 1, starchLimit: 1, rowVersion: 1 }, { origin: 'null' })).status).toBe(403);
    expect((await admin.call(settingsEndpoints.update, { sugarLimit: 1, starchLimit: 1, rowVersion: 1 }, { referer: 'http://evil.example/page' })).status).toBe(403);
    expect((await new ApiClient(server.url).call(authEndpoints.login, ADMIN, { origin: 'http://evil.example' })).status).toBe(403);
  });

  it('lets a same-origin request through', async () => {
    const admin = await signedIn(server.url, ADMIN);
    const r = await admin.call(settingsEndpoints.get, {}, { origin: server.url, referer: `${server.url}/settings` });
    expect(r.status).toBe(200);
    expect((await new ApiClient(server.url).call(authEndpoints.login, ADMIN, { origin: server.url })).body).toBe('Success');
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    // TRUST_PROXY=false: as if exposed without a proxy, so X-Forwarded-For is the client's to forge.
    limited = await startTestServer({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: 'false' });
  });
  afterAll(() => limited.close());

  it.each([
    ['sign-in', authEndpoints.login, { email: 'x@test.local', password: 'y' }],
    ['forgot password', authEndpoints.forgot, { email: 'x@test.local' }],
  ] as const)('limits %s per client address with 429', async (_name, ep, input) => {
    const client = new ApiClient(limited.url);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await client.call(ep, input)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const r = await client.call(ep, input);
    expect(r.body).toMatchObject({ error: 'TooManyRequests' });
  });

  it('a forged X-Forwarded-For does not escape the limit', async () => {
    const client = new ApiClient(limited.url);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await client.call(authEndpoints.checkToken, { token: 'x' }, { 'x-forwarded-for': `10.0.0.${i}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('does not limit other endpoints', async () => {
    const client = new ApiClient(limited.url);
    for (let i = 0; i < 6; i++) expect((await client.call(authEndpoints.initial)).status).toBe(200);
  });
});
