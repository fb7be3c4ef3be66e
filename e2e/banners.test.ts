import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionService } from '../apps/server/src/platform/version/version.service';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';

const NEW_VERSION = 'New version is available. Please save your work and update.';

/** the web build's own version (package.json's): a server of the same version shows no banner */
const BUILD = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

let server: TestServer;
let browser: Browser;
let pool: PagePool;

beforeAll(async () => {
  server = await startTestServer({ IS_DEV: 'true', APP_VERSION: BUILD });
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const openSockets = () => server.built.socket.websocketServer.clients.size;

describe('banners', () => {
  it('reloads the page once when the version this browser last ran differs from the server version', async () => {
    const page = await pool.newPage();
    await signIn(page, server.url, ADMIN, '/');
    await page.getByTestId('user-name').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('sapwood.version'))).toBe(BUILD);
    await page.evaluate(() => {
      localStorage.setItem('sapwood.version', '0.9.0');
      sessionStorage.clear();
    });
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.reload();
    await expect.poll(() => loads).toBe(2);
    await page.getByTestId('user-name').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('sapwood.version'))).toBe(BUILD);
    await page.close();
  });

  it("shows the red 'This is a testing environment.' banner when start-up data says isDev", async () => {
    const page = await pool.newPage();
    await signIn(page, server.url, ADMIN, '/');
    const banner = page.getByTestId('dev-banner');
    await expect.poll(() => banner.textContent()).toBe('This is a testing environment.');
    const bg = await banner.evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = (bg.match(/\d+/g) ?? []).map(Number);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(100);
    await page.close();
  });

  it('reconnects after a drop, then shows the new-version banner with Update when another version starts', async () => {
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, ADMIN, '/');
    await expect.poll(openSockets).toBe(1);
    expect(await page.getByTestId('version-banner').count()).toBe(0);

    // The server drops the connection; the client comes back by itself.
    for (const socket of server.built.socket.websocketServer.clients) socket.terminate();
    await expect.poll(openSockets).toBe(0);
    await expect.poll(openSockets, { timeout: 15_000 }).toBe(1);

    // Another server process with a newer version starts against the same database.
    await new VersionService(server.built.deps.db, server.built.deps.notifier, '1.1.0').start();
    const banner = page.getByTestId('version-banner');
    await expect.poll(() => banner.getByText(NEW_VERSION).count(), { timeout: 10_000 }).toBe(1);

    // Update reloads the page.
    let loads = 0;
    page.on('load', () => (loads += 1));
    await banner.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => loads).toBe(1);
    await page.getByTestId('user-name').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
