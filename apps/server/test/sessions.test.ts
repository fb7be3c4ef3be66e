import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsEndpoints } from '@sapwood/contracts';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';

/**
 * Session time-outs, with tiny values through the environment: an idle session ends after
 * SESSION_IDLE_MINUTES without a request; any session ends SESSION_ABSOLUTE_HOURS after sign-in,
 * however busy it is.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('idle time-out', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SESSION_IDLE_MINUTES: '0.05' }); // 3 s
  });
  afterAll(() => server.close());

  it('keeps a session alive while it is used, and ends it after the idle time', async () => {
    const client = await signedIn(server.url, ADMIN);
    // Used every second for longer than the idle time: still alive.
    for (let i = 0; i < 5; i++) {
      expect((await client.call(settingsEndpoints.get)).status).toBe(200);
      await sleep(1000);
    }
    // Then left alone for longer than the idle time: gone.
    await sleep(3500);
    const r = await client.call(settingsEndpoints.get);
    expect(r.status).toBe(401);
    expect(r.headers.get('set-cookie') ?? '').toMatch(/sapwood_session=;/);
  });
});

describe('absolute time-out', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SESSION_ABSOLUTE_HOURS: String(3 / 3600) }); // 3 s
  });
  afterAll(() => server.close());

  it('ends a busy session at the absolute time-out', async () => {
    const client = await signedIn(server.url, ADMIN);
    expect((await client.call(settingsEndpoints.get)).status).toBe(200);
    await expect
      .poll(async () => (await client.call(settingsEndpoints.get)).status, { timeout: 10_000, interval: 500 })
      .toBe(401);
  });
});
