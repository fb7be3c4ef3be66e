import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, settingsEndpoints, userEndpoints } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { type ReceivedMail, startSmtpServer, waitForLink } from '../../../tests/support/smtp';
import { ADMIN } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { loadConfig } from '../src/config';

/** Forgot password and the reset link, mailed through a real SMTP server (or written to the log without one). */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const db = () => server.built.deps.db;
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

async function requestLink(srv: TestServer, mails: ReceivedMail[], email: string): Promise<string> {
  const r = await new ApiClient(srv.url).call(authEndpoints.forgot, { email });
  expect(r.status).toBe(200);
  return waitForLink(mails, email);
}

describe('forgot password', () => {
  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const u = await createUser(db(), []);
    const known = await new ApiClient(server.url).call(authEndpoints.forgot, { email: u.email });
    const unknown = await new ApiClient(server.url).call(authEndpoints.forgot, { email: 'nobody-here@test.local' });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toBe(true);
    const link = await waitForLink(smtp.mails, u.email);
    expect(link).toMatch(new RegExp(`^${server.url}/token\\?token=`));
    expect(smtp.mails.some((m) => m.to.includes('nobody-here@test.local'))).toBe(false);
  });

  it('mails a link whose token has at least 128 random bits and is stored only as a hash', async () => {
    const u = await createUser(db(), []);
    const token = tokenOf(await requestLink(server, smtp.mails, u.email));
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await db().selectFrom('password_tokens').select('token_hash').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
  });

  it('sends nothing for an archived account', async () => {
    const u = await createUser(db(), []);
    await db().updateTable('users').set({ archived: true }).where('id', '=', u.id).execute();
    expect((await new ApiClient(server.url).call(authEndpoints.forgot, { email: u.email })).body).toBe(true);
    await expect(waitForLink(smtp.mails, u.email, 1500)).rejects.toThrow(/no mail/);
  });
});

describe('reset link', () => {
  it('is valid, sets the password once, and is refused the second time', async () => {
    const u = await createUser(db(), []);
    const token = tokenOf(await requestLink(server, smtp.mails, u.email));
    const client = new ApiClient(server.url);
    expect((await client.call(authEndpoints.checkToken, { token })).body).toEqual({ valid: true });
    expect((await client.call(authEndpoints.reset, { token, password: 'brand-new-pass-1' })).body).toEqual({ valid: true });
    expect((await client.call(authEndpoints.checkToken, { token })).body).toEqual({ valid: false });
    expect((await client.call(authEndpoints.reset, { token, password: 'second-try-pass' })).body).toEqual({ valid: false });
    expect((await client.call(authEndpoints.login, { email: u.email, password: u.password })).body).toBe('WrongPassword');
    expect((await client.call(authEndpoints.login, { email: u.email, password: 'second-try-pass' })).body).toBe('WrongPassword');
    expect((await client.call(authEndpoints.login, { email: u.email, password: 'brand-new-pass-1' })).body).toBe('Success');
  });

  it('spends the other open links of the user once one is used', async () => {
    const u = await createUser(db(), []);
    const first = tokenOf(await requestLink(server, smtp.mails, u.email));
    await new ApiClient(server.url).call(authEndpoints.forgot, { email: u.email });
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(u.email)).length).toBe(2);
    const second = tokenOf(await waitForLink(smtp.mails, u.email));
    expect(second).not.toBe(first);
    const client = new ApiClient(server.url);
    expect((await client.call(authEndpoints.reset, { token: second, password: 'newest-link-1' })).body).toEqual({ valid: true });
    expect((await client.call(authEndpoints.checkToken, { token: first })).body).toEqual({ valid: false });
  });

  it('refuses a token that was never issued', async () => {
    const client = new ApiClient(server.url);
    expect((await client.call(authEndpoints.checkToken, { token: 'made-up-token' })).body).toEqual({ valid: false });
    expect((await client.call(authEndpoints.reset, { token: 'made-up-token', password: 'whatever-pass' })).body).toEqual({ valid: false });
  });

  it('ends every other session of the user', async () => {
    const u = await createUser(db(), ['Settings']);
    const elsewhere = await signedIn(server.url, u);
    expect((await elsewhere.call(settingsEndpoints.get)).status).toBe(200);
    const token = tokenOf(await requestLink(server, smtp.mails, u.email));
    expect((await new ApiClient(server.url).call(authEndpoints.reset, { token, password: 'after the reset, kettle' })).body).toEqual({ valid: true });
    expect((await elsewhere.call(settingsEndpoints.get)).status).toBe(401);
  });

  it('lets an account created without a password create one through the same link', async () => {
    const u = await createUser(db(), [], { password: null });
    const client = new ApiClient(server.url);
    expect((await client.call(authEndpoints.login, { email: u.email, password: 'first pass, mango orbit' })).body).toBe('CreatePassword');
    const token = tokenOf(await requestLink(server, smtp.mails, u.email));
    expect((await client.call(authEndpoints.reset, { token, password: 'first pass, mango orbit' })).body).toEqual({ valid: true });
    expect((await client.call(authEndpoints.login, { email: u.email, password: 'first pass, mango orbit' })).body).toBe('Success');
  });

  it('refuses an empty password with the spec message, and spends nothing', async () => {
    const u = await createUser(db(), []);
    const token = tokenOf(await requestLink(server, smtp.mails, u.email));
    const r = await new ApiClient(server.url).call(authEndpoints.reset, { token, password: '' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'password', message: 'Password is required' }]);
    expect((await new ApiClient(server.url).call(authEndpoints.checkToken, { token })).body).toEqual({ valid: true });
  });
});

describe('expired link', () => {
  let shortLived: TestServer;
  beforeAll(async () => {
    shortLived = await startTestServer({ SMTP_URL: smtp.url, RESET_TOKEN_MINUTES: '0.02' }); // 1.2 s
  });
  afterAll(() => shortLived.close());

  it('is refused once RESET_TOKEN_MINUTES have passed', async () => {
    const u = await createUser(shortLived.built.deps.db, []);
    const token = tokenOf(await requestLink(shortLived, smtp.mails, u.email));
    const client = new ApiClient(shortLived.url);
    await expect.poll(async () => (await client.call(authEndpoints.checkToken, { token })).body.valid, { timeout: 10_000, interval: 300 }).toBe(false);
    expect((await client.call(authEndpoints.reset, { token, password: 'too-late-pass' })).body).toEqual({ valid: false });
    expect((await client.call(authEndpoints.login, { email: u.email, password: u.password })).body).toBe('Success');
  });
});

describe('without SMTP', () => {
  const lines: string[] = [];
  let noMail: TestServer;
  beforeAll(async () => {
    noMail = await startTestServer({ LOG_LEVEL: 'warn' }, {}, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(() => noMail.close());

  it('writes the reset link to the server log, and the link works', async () => {
    const u = await createUser(noMail.built.deps.db, []);
    expect((await new ApiClient(noMail.url).call(authEndpoints.forgot, { email: u.email })).body).toBe(true);
    let link = '';
    await expect
      .poll(() => {
        const logged = lines.map((l) => JSON.parse(l) as { msg?: string; to?: string }).find((l) => l.to === u.email);
        link = /(http:\/\/\S+\/token\?token=\S+)/.exec(logged?.msg ?? '')?.[1] ?? '';
        return link;
      }, { timeout: 5000 })
      .toMatch(/\/token\?token=/);
    const client = new ApiClient(noMail.url);
    expect((await client.call(authEndpoints.reset, { token: tokenOf(link), password: 'from-the-log-1' })).body).toEqual({ valid: true });
    expect((await client.call(authEndpoints.login, { email: u.email, password: 'from-the-log-1' })).body).toBe('Success');
  });
});

/** A JSON POST with headers fetch will not send as given (Host among them), through node:http. */
function postWith(base: string, path: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const url = new URL(path, base);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** Every header a client could use to pick a link's host: the Host, a proxy's forwarded ones, the Origin. */
const FORGED = {
  host: 'attacker.example',
  origin: 'http://attacker.example',
  referer: 'http://attacker.example/login',
  'x-forwarded-host': 'attacker.example',
  'x-forwarded-proto': 'http',
};

describe('links in mail come from PUBLIC_URL only (issue 32, finding 1)', () => {
  it('a server with mail and no PUBLIC_URL refuses to start, saying what to set', () => {
    expect(() => loadConfig({ SMTP_URL: smtp.url })).toThrow(/PUBLIC_URL: required with SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'lab.example.com' })).toThrow(/PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL/);
    expect(loadConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://lab.example.com' }).PUBLIC_URL).toBe('https://lab.example.com');
  });

  it('with mail, a forged Host, X-Forwarded-Host, Origin or Referer never reaches a mailed link (forgot password, and a link an administrator sends)', async () => {
    // behind a trusted proxy (TRUST_PROXY), so that Fastify believes the forwarded host: the link still ignores it
    const lab = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://lab.example.com/sapwood/', TRUST_PROXY: '127.0.0.1' });
    try {
      const u = await createUser(lab.built.deps.db, []);
      expect(await postWith(lab.url, authEndpoints.forgot.path, { email: u.email }, FORGED)).toBe(200);
      const link = await waitForLink(smtp.mails, u.email);
      expect(link).toMatch(/^https:\/\/lab\.example\.com\/sapwood\/token\?token=[\w-]+$/);
      const other = await createUser(lab.built.deps.db, [], { password: null });
      const admin = await signedIn(lab.url, ADMIN);
      expect(await postWith(lab.url, userEndpoints.sendPasswordLink.path, { id: other.id }, { ...FORGED, cookie: admin.cookie })).toBe(200);
      expect(await waitForLink(smtp.mails, other.email)).toMatch(/^https:\/\/lab\.example\.com\/sapwood\/token\?token=/);
      expect(smtp.mails.filter((m) => m.raw.includes('attacker.example'))).toEqual([]);
    } finally {
      await lab.close();
    }
  });

  it('without mail, the logged link is the address the server listens on, whatever the request says', async () => {
    const lines: string[] = [];
    const noMail = await startTestServer({ LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' }, {}, { logStream: { write: (line: string) => void lines.push(line) } });
    try {
      const u = await createUser(noMail.built.deps.db, []);
      expect(await postWith(noMail.url, authEndpoints.forgot.path, { email: u.email }, FORGED)).toBe(200);
      let logged = '';
      await expect.poll(() => (logged = lines.find((l) => l.includes(u.email)) ?? ''), { timeout: 5000 }).not.toBe('');
      expect(logged).not.toContain('attacker.example');
      const link = /(http:\/\/\S+\/token\?token=[\w-]+)/.exec((JSON.parse(logged) as { msg: string }).msg)?.[1] ?? '';
      expect(link.startsWith(`${noMail.url}/token?token=`)).toBe(true);
    } finally {
      await noMail.close();
    }
  });
});
