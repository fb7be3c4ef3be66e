import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, leafsEndpoints, settingsEndpoints, userEndpoints } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { startSmtpServer, waitForLink } from '../../../tests/support/smtp';
import { createUser } from '../../../tests/support/users';

/**
 * A run's log, read as an operator would: every request line after sign-in names the user, and no
 * password, reset token or session cookie is ever written (spec: logs).
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, LOG_LEVEL: 'info' }, {}, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

type LogLine = { msg?: string; userId?: number; reqId?: string; req?: { url?: string }; res?: { statusCode?: number } };
const parsed = (from = 0): LogLine[] => lines.slice(from).map((l) => JSON.parse(l) as LogLine);

describe('request logs', () => {
  it('name the signed-in user and never hold a password, token or cookie', async () => {
    const user = await createUser(server.built.deps.db, ['Users', 'Leafs'], { password: 'first-Secret-pw-4711' });
    const newPassword = 'second-Secret-pw-0815';
    const client = new ApiClient(server.url);

    // the reset flow: a token travels by mail, then in a link, a check and the reset itself
    expect((await client.call(authEndpoints.forgot, { email: user.email })).status).toBe(200);
    const link = await waitForLink(smtp.mails, user.email);
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(10);
    await client.raw('GET', `/token?token=${encodeURIComponent(token)}`);
    expect((await client.call(authEndpoints.checkToken, { token })).body).toEqual({ valid: true });
    expect((await client.call(authEndpoints.reset, { token, password: newPassword })).body).toEqual({ valid: true });
    // a wrong password, then the right one
    expect((await client.call(authEndpoints.login, { email: user.email, password: user.password })).body).not.toBe('Success');
    expect((await client.call(authEndpoints.login, { email: user.email, password: newPassword })).body).toBe('Success');
    const cookieValue = client.cookie.split('=')[1];
    expect(cookieValue.length).toBeGreaterThan(10);
    const afterSignIn = lines.length;

    expect((await client.call(authEndpoints.initial, {})).status).toBe(200);
    expect((await client.call(settingsEndpoints.get, {})).status).toBe(200);
    expect((await client.call(userEndpoints.unique, { name: 'x', id: 0 })).status).toBeLessThan(500);
    expect((await client.call(settingsEndpoints.update, { sugarLimit: 1, starchLimit: 2 })).status).toBe(403);
    expect((await client.call(userEndpoints.unique, { name: 5, id: 'x' })).status).toBe(400);
    // a list read, answered on the lean path (http/lean-router.ts), is logged alike: refused, then answered
    expect((await client.call(leafsEndpoints.notCompleted, { page: 'one', rowsPerPage: 10 })).status).toBe(400);
    expect((await client.call(leafsEndpoints.notCompleted, { page: 1, rowsPerPage: 10 })).status).toBe(200);
    await new Promise((done) => setTimeout(done, 100));

    const requestLines = parsed(afterSignIn).filter((l) => l.reqId);
    const completed = requestLines.filter((l) => l.msg === 'request completed');
    expect(completed.map((l) => l.req?.url)).toEqual(
      [authEndpoints.initial, settingsEndpoints.get, userEndpoints.unique, settingsEndpoints.update, userEndpoints.unique, leafsEndpoints.notCompleted, leafsEndpoints.notCompleted].map((e) => e.path),
    );
    expect(completed.map((l) => l.res?.statusCode)).toEqual([200, 200, 200, 403, 400, 400, 200]);
    expect(completed.slice(-2).map((l) => l.reqId?.split('-')[0])).toEqual(['lean', 'lean']);
    for (const l of requestLines) expect(l, JSON.stringify(l)).toMatchObject({ userId: user.id });
    // before sign-in a request names no user, and the reset link's token is not in its URL
    const tokenPage = parsed().find((l) => l.req?.url?.startsWith('/token?'));
    expect(tokenPage?.req?.url).toBe('/token?token=%5Bredacted%5D');

    const log = lines.join('');
    expect(log).toContain('request completed');
    for (const secret of [user.password, newPassword, token, encodeURIComponent(token), cookieValue]) {
      expect(log.includes(secret), `the log holds ${secret.slice(0, 4)}…`).toBe(false);
    }
    expect(log).not.toMatch(/sapwood_session|set-cookie|"cookie"|authorization/i);
  });
});
