import { readFileSync } from 'node:fs';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SentryStandIn, startSentryStandIn } from '../tools/stand-ins/sentry-server';
import { launchBrowser, signIn } from '../tests/support/browser';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

/** the web build's own version (package.json's) */
const BUILD = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const SERVER_VERSION = `${BUILD}-newer`;

let browser: Browser;
let server: TestServer;
let sentry: SentryStandIn;
let withService: TestServer;

beforeAll(async () => {
  sentry = await startSentryStandIn();
  [server, withService] = await Promise.all([
    startTestServer({ APP_VERSION: SERVER_VERSION }),
    startTestServer({ SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'e2e' }),
  ]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), withService?.close()]);
  await sentry?.close();
});

/** A crash of the web app itself: an error thrown by the page's code and not caught. */
const crash = (page: Page, message: string) => page.evaluate((m) => {
  setTimeout(() => {
    throw new Error(m);
  }, 0);
}, message);

describe('crash reports (issue 35)', () => {
  it('without an error-reporting service, the server keeps the crashes, grouped, for the Errors screen; others get no access', async () => {
    for (let i = 0; i < 2; i += 1) {
      const page = await browser.newPage();
      await signIn(page, server.url, ADMIN, '/labmins');
      await page.getByTestId('labmins-table').waitFor();
      const posted = page.waitForResponse((r) => r.url().endsWith('/api/errors/report'));
      await crash(page, 'Grid state lost its rows');
      expect((await posted).status()).toBe(200);
      await page.close();
    }
    const page = await browser.newPage();
    await signIn(page, server.url, ADMIN, '/errors');
    const row = page.getByTestId('errors-table').getByRole('row').filter({ hasText: 'Grid state lost its rows' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('/labmins');
    await row.dblclick();
    const detail = page.getByTestId('error-detail');
    await expect.poll(() => detail.getByTestId('error-message').textContent()).toBe('Grid state lost its rows');
    const text = (await detail.textContent()) ?? '';
    expect(text).toMatch(/Count\s*2/);
    expect(text).toContain(BUILD);
    expect(text).toContain('Administrator');
    await page.close();

    const other = await browser.newPage();
    await signIn(other, server.url, await createUser(server.built.deps.db, ['Users', 'Settings']), '/errors');
    await expect.poll(() => other.getByText('No access').count()).toBe(1);
    const answer = await other.evaluate(() => fetch('/api/errors/paged', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.status));
    expect(answer).toBe(403);
    await other.close();
  });

  it('with SENTRY_DSN, the web app sends its crash to the service as an envelope', async () => {
    const page = await browser.newPage();
    await signIn(page, withService.url, ADMIN, '/labmins');
    await page.getByTestId('labmins-table').waitFor();
    // the SDK is loaded (its own chunk) and started once the start-up data names the service
    await page.locator('html[data-error-reporting="service"]').waitFor({ state: 'attached' });
    await crash(page, 'Thrown in the web app');
    await expect.poll(() => sentry.events().length).toBe(1);
    const event = sentry.events()[0] as { environment: string; release: string; exception: { values: { value: string }[] } };
    expect(event).toMatchObject({ environment: 'e2e', release: BUILD });
    expect(event.exception.values[0].value).toBe('Thrown in the web app');
    await page.close();
  });
});

describe('a screen whose code does not load (spec part 1 §9)', () => {
  it('says so after the time-out, with Retry that shows the screen once the code arrives', async () => {
    const page = await browser.newPage();
    // the 120 s time-out, shortened for the test
    await page.addInitScript(() => Object.assign(window, { __sapwoodChunkTimeoutMs: 1000 }));
    let held: Route | null = null;
    await page.route(/\/assets\/LabminsPage-[^/]*\.js$/, (route) => {
      held = route;
    });
    await signIn(page, server.url, ADMIN, '/');
    await page.getByTestId('user-name').waitFor();
    await page.evaluate(() => {
      history.pushState({}, '', '/labmins');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByTestId('screen-load-failed').waitFor();
    expect(await page.getByTestId('screen-load-failed').textContent()).toContain('This screen could not be loaded');
    await expect.poll(() => held !== null).toBe(true);
    await held!.continue();
    await page.unroute(/\/assets\/LabminsPage-[^/]*\.js$/);
    await page.getByTestId('screen-load-retry').click();
    await page.getByTestId('labmins-table').waitFor();
    await page.close();
  });
});

describe('version notice (spec part 1 §4)', () => {
  it('compares the build\'s own version with the server\'s: another one shows the banner', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, ADMIN, '/');
    await page.getByTestId('version-banner').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('sapwood.version'))).toBe(SERVER_VERSION);
    await page.close();
    const same = await browser.newPage();
    await signIn(same, withService.url, ADMIN, '/');
    await same.getByTestId('user-name').waitFor();
    // the socket has answered with the server's version (equal to the build's): no banner
    await expect.poll(() => withService.built.socket.websocketServer.clients.size).toBeGreaterThan(0);
    expect(await same.getByTestId('version-banner').count()).toBe(0);
    await same.close();
  });
});
