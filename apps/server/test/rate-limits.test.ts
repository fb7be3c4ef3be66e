import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { createServerDatabase, freshDatabase } from '../../../tests/support/database';
import { POSTGRES_SERVER_URL, type ServerProcess, startServerProcess } from '../../../tests/support/process';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { type ReceivedMail, startSmtpServer } from '../../../tests/support/smtp';
import { createUser } from '../../../tests/support/users';
import { type BuiltApp, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, type Db, openDatabase } from '../src/db/database';
import { accountKey, addressKey } from '../src/platform/auth/attempts';

/**
 * Sign-in and password-reset attempts are limited per client address and per account, counted in the database
 * (ADR 0005), so that neither a forged X-Forwarded-For nor a second app server gets around the limit.
 */
const LIMITED = /^Rate limit exceeded, retry in (\d+ seconds?|1 minute)$/;
let n = 0;
const someone = () => `someone-${++n}-${Date.now()}@test.local`;

async function statusesOf(count: number, attempt: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await attempt(i)).status);
  return out;
}
const times = (count: number, status: number) => Array<number>(count).fill(status);

describe('TRUST_PROXY', () => {
  it('believes no forwarded header when unset, empty or false', () => {
    for (const value of [undefined, '', 'false', ' FALSE ']) expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY, String(value)).toBe(false);
  });

  it('takes the proxies\' addresses, CIDRs and proxy-addr\'s range names, and true', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,fd00::/8 , ::1, 10.1.0.0/255.255.0.0' }).TRUST_PROXY)
      .toBe('10.0.0.5,192.168.0.0/16,fd00::/8,::1,10.1.0.0/255.255.0.0');
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });

  it('stops the server at boot on anything else, a hop count included (Fastify would believe nobody with one)', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY: not a proxy address, CIDR or range name: proxy\.example\.com/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count is not supported/);
  });
});

describe('keys', () => {
  it('an IPv4 address as it is, an IPv6 address by its /64, an account by a hash of its email', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(accountKey(' Someone@Test.Local ')).toBe(accountKey('someone@test.local'));
    expect(accountKey('someone@test.local')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('sign-in without a trusted proxy (TRUST_PROXY unset)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // the default limit (AUTH_RATE_LIMIT 30 a minute) and no TRUST_PROXY
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('40 sign-ins from one machine, each with a new X-Forwarded-For and email, are limited after 30 (429)', async () => {
    expect(server.built.deps.config.TRUST_PROXY).toBe(false);
    const client = new ApiClient(server.url);
    const statuses = await statusesOf(40, (i) => client.call(authEndpoints.login, { email: someone(), password: 'whatever-it-is' }, { 'x-forwarded-for': `198.51.100.${i + 1}` }));
    expect(statuses).toEqual([...times(30, 200), ...times(10, 429)]);

    const r = await client.call(authEndpoints.login, ADMIN, { 'x-forwarded-for': '198.51.100.250' });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ error: 'TooManyRequests', message: expect.stringMatching(LIMITED) });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(r.headers.get('x-ratelimit-limit')).toBe('30');
    expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
    // refused before the password is looked at: the session cookie is not touched
    expect(r.headers.get('set-cookie')).toBeNull();
  });

  it('counts in the database, by the peer\'s address, and keeps no email', async () => {
    const db = server.built.deps.db;
    const rows = await db.selectFrom('auth_attempts').select(['kind', 'key', 'attempts']).where('kind', '=', 'sign-in').execute();
    expect(rows.find((r) => r.key === 'address:127.0.0.1')?.attempts).toBeGreaterThanOrEqual(41);
    expect(rows.some((r) => r.key.startsWith('address:198.51.100.'))).toBe(false);
    expect(rows.filter((r) => r.key.startsWith('account:')).length).toBeGreaterThanOrEqual(40);
    expect(rows.some((r) => r.key.includes('@'))).toBe(false);
    expect(rows.find((r) => r.key === `account:${accountKey(ADMIN.email)}`)?.attempts).toBe(1);
  });

  it('other endpoints are not limited', async () => {
    const client = new ApiClient(server.url);
    expect(await statusesOf(5, () => client.call(authEndpoints.initial))).toEqual(times(5, 200));
  });
});

describe('sign-in behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => server?.close());

  const login = (email: string, from: string, password = 'whatever-it-is') =>
    new ApiClient(server.url).call(authEndpoints.login, { email, password }, { 'x-forwarded-for': from });

  it('counts each forwarded client address on its own', async () => {
    expect(await statusesOf(4, () => login(someone(), '203.0.113.1'))).toEqual([200, 200, 200, 429]);
    expect(await statusesOf(3, () => login(someone(), '203.0.113.2'))).toEqual([200, 200, 200]);
    // the client is the address the proxy saw, not one the client put before it
    expect((await login(someone(), '10.6.6.6, 203.0.113.1')).status).toBe(429);
  });

  it('still limits one account tried from many addresses', async () => {
    const u = await createUser(server.built.deps.db, []);
    const statuses = await statusesOf(5, (i) => login(u.email, `203.0.113.${10 + i}`));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // the right password does not get through either, whatever the case of the email
    expect((await login(u.email.toUpperCase(), '203.0.113.99', u.password)).status).toBe(429);
  });

  it('records the forwarded address on the session', async () => {
    const u = await createUser(server.built.deps.db, []);
    expect((await login(u.email, '203.0.113.77', u.password)).body).toBe('Success');
    const s = await server.built.deps.db.selectFrom('sessions').select('ip').where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(s.ip).toBe('203.0.113.77');
  });

  it('a proxy not named is not believed', async () => {
    const other = await startTestServer({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: '10.9.9.9' });
    try {
      const c = new ApiClient(other.url);
      const statuses = await statusesOf(4, (i) => c.call(authEndpoints.login, { email: someone(), password: 'whatever-it-is' }, { 'x-forwarded-for': `203.0.113.${i + 1}` }));
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await other.close();
    }
  });
});

describe('password reset requests', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1', SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const forgot = (email: string, from: string) => new ApiClient(server.url).call(authEndpoints.forgot, { email }, { 'x-forwarded-for': from });
  const mailsTo = (mails: ReceivedMail[], email: string) => mails.filter((m) => m.to.includes(email)).length;

  it('are limited per address', async () => {
    const statuses = await statusesOf(4, () => forgot(someone(), '203.0.113.1'));
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await forgot(someone(), '203.0.113.2')).status).toBe(200);
  });

  it('are limited per account, from however many addresses: no flood of mail to one person', async () => {
    const u = await createUser(server.built.deps.db, []);
    const statuses = await statusesOf(6, (i) => forgot(` ${i % 2 ? u.email.toUpperCase() : u.email} `, `203.0.113.${20 + i}`));
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    await expect.poll(() => mailsTo(smtp.mails, u.email)).toBe(3);
    const tokens = await server.built.deps.db.selectFrom('password_tokens').select('token_hash').where('user_id', '=', u.id).execute();
    expect(tokens).toHaveLength(3);
  });

  it('the reset link\'s check and the reset itself are limited per address', async () => {
    const c = new ApiClient(server.url);
    expect(await statusesOf(4, () => c.call(authEndpoints.checkToken, { token: 'made-up' }, { 'x-forwarded-for': '203.0.113.40' }))).toEqual([200, 200, 200, 429]);
    const reset = () => c.call(authEndpoints.reset, { token: 'made-up', password: 'a-long-enough-password' }, { 'x-forwarded-for': '203.0.113.41' });
    expect(await statusesOf(4, reset)).toEqual([200, 200, 200, 429]);
    expect((await reset()).body).toEqual({ error: 'TooManyRequests', message: expect.stringMatching(LIMITED) });
  });
});

describe('old windows', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => server?.close());
  const db = () => server.built.deps.db;
  const expired = (kind: string, key: string, attempts = 999) =>
    db().insertInto('auth_attempts').values({ kind, key, attempts, window_start: sql<Date>`now() - interval '2 minutes'`, expires_at: sql<Date>`now() - interval '1 minute'` }).execute();
  const keys = async () => (await db().selectFrom('auth_attempts').select(['kind', 'key']).orderBy('key').execute()).map((r) => `${r.kind} ${r.key}`);

  it('are deleted as attempts come, and by the periodic sweep', async () => {
    await expired('sign-in', 'address:192.0.2.1');
    await expired('reset-request', `account:${accountKey('gone@test.local')}`);
    // the first attempt a server counts deletes what has ended
    expect((await new ApiClient(server.url).call(authEndpoints.login, { email: '', password: '' })).status).toBe(200);
    expect(await keys()).toEqual(['sign-in address:127.0.0.1']);

    await expired('check-token', 'address:192.0.2.2');
    await server.built.services.auth.sweep();
    expect(await keys()).toEqual(['sign-in address:127.0.0.1']);
  });

  it('a window that has ended starts again at one', async () => {
    const u = await createUser(db(), []);
    await expired('sign-in', `account:${accountKey(u.email)}`);
    const r = await new ApiClient(server.url).call(authEndpoints.login, { email: u.email, password: u.password });
    expect(r.body).toBe('Success');
    expect(r.headers.get('x-ratelimit-remaining')).toBe('1'); // the address's second attempt in this file
    const row = await db().selectFrom('auth_attempts').select('attempts').where('key', '=', `account:${accountKey(u.email)}`).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
  });
});

/** Two app servers on one database share every count: one attempt on either counts on both. */
async function sharedCountChecks(a: string, b: string, limit: number, db: Db): Promise<void> {
  const servers = [a, b];
  // one address (both see 127.0.0.1): the limit holds across them, alternating
  const byAddress = await statusesOf(limit + 2, (i) => new ApiClient(servers[i % 2]).call(authEndpoints.forgot, { email: someone() }));
  expect(byAddress).toEqual([...times(limit, 200), 429, 429]);
  const row = await db.selectFrom('auth_attempts').select('attempts').where('kind', '=', 'reset-request').where('key', '=', 'address:127.0.0.1').executeTakeFirstOrThrow();
  expect(row.attempts).toBe(limit + 2);
  // one account through both servers
  const u = await createUser(db, []);
  const byAccount = await statusesOf(limit + 1, (i) => new ApiClient(servers[i % 2]).call(authEndpoints.login, { email: u.email, password: 'not-the-password' }));
  expect(byAccount).toEqual([...times(limit, 200), 429]);
}

describe('two app servers on one database (embedded PGlite, one process)', () => {
  let handle: Awaited<ReturnType<typeof freshDatabase>>;
  const apps: BuiltApp[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    handle = await freshDatabase();
    // the servers of a database share one file store (ADR 0108)
    const filesDir = await mkdtemp(join(tmpdir(), 'sapwood-limits-files-'));
    for (let i = 0; i < 2; i++) {
      const dataDir = await mkdtemp(join(tmpdir(), 'sapwood-limits-'));
      const config = loadConfig({ DATA_DIR: dataDir, FILES_DIR: filesDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent', SEED_DEMO: 'false', AUTH_RATE_LIMIT: '4' });
      const built = await buildApp(config, { database: handle.handle });
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const address = built.app.server.address();
      apps.push(built);
      urls.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }
  });
  afterAll(async () => {
    for (const built of apps) await built.close();
    await handle?.drop();
  });

  it('share the counts of each address and each account', async () => {
    expect(apps[0]).not.toBe(apps[1]);
    await sharedCountChecks(urls[0], urls[1], 4, handle.handle.db);
  });
});

/** The same with two server processes on a PostgreSQL server, as deployed (needs TEST_DATABASE_URL, as CI has). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two app server processes on one PostgreSQL server', () => {
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  const processes: ServerProcess[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    const created = await createServerDatabase(POSTGRES_SERVER_URL);
    drop = created.drop;
    const filesDir = await mkdtemp(join(tmpdir(), 'sapwood-limits-pg-files-'));
    dirs.push(filesDir);
    for (let i = 0; i < 2; i++) {
      const dataDir = await mkdtemp(join(tmpdir(), 'sapwood-limits-pg-'));
      dirs.push(dataDir);
      processes.push(await startServerProcess({ DATABASE_URL: created.url, DATA_DIR: dataDir, FILES_DIR: filesDir, AUTH_RATE_LIMIT: '4' }));
    }
    database = await openDatabase({ url: created.url });
  }, 120_000);
  afterAll(async () => {
    for (const p of processes) await p.stop();
    await database?.close();
    await drop?.();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('share the counts of each address and each account', async () => {
    await sharedCountChecks(processes[0].url, processes[1].url, 4, database.db);
  });
});
