import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@sapwood/contracts';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT: '1000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The menu as shown: group headings and item labels, in order. */
async function menuOf(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByTestId('user-name').waitFor();
  return nav.locator('[data-menu-group], a[href^="/"]').evaluateAll((els) =>
    els.map((e) => (e.hasAttribute('data-menu-group') ? `# ${e.textContent}` : (e.textContent ?? '').trim())),
  );
}

describe('app shell', () => {
  it('shows a user with few permissions only their items, and hides empty groups', async () => {
    const user = await createUser(server.built.deps.db, ['Settings', 'Submissions'], { name: 'Few Rights' });
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, user, '/');
    expect(await page.getByTestId('user-name').textContent()).toBe('Few Rights');
    expect(await menuOf(page)).toEqual(['# ITest Leaf', 'Submissions', '# Management', 'Settings']);

    // A screen the menu hides says so inside the shell; the API refuses it too (registry test).
    await page.goto(`${server.url}/users`);
    await page.getByText('You do not have permission to open this page.').waitFor();
    // Submissions opens its screen; without a tab permission it has no tab to show.
    await page.getByRole('link', { name: 'Submissions' }).click();
    await page.waitForURL(`${server.url}/submissions`);
    await page.getByText('You have no submission tabs.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows Farms only to an administrator', async () => {
    const everythingButAdmin = await createUser(server.built.deps.db, PERMISSIONS.filter((p) => p !== 'Admin'));
    const page = await browser.newPage();
    await signIn(page, server.url, everythingButAdmin, '/');
    const menu = await menuOf(page);
    expect(menu).toContain('Settings');
    expect(menu).not.toContain('Farms');
    expect(menu).not.toContain('Errors');
    await page.close();

    const adminPage = await browser.newPage();
    await signIn(adminPage, server.url, ADMIN, '/');
    expect(await menuOf(adminPage)).toEqual([
      '# ITest Leaf', 'Entries', 'Submissions',
      '# ITest Carbohydrates', 'Results', 'Tissues', 'Growths',
      '# ITest Farmers Sample', 'Entries', 'Submissions',
      '# Lab', 'Jobs', 'Control materials',
      '# Configuration', 'Labmin', 'Crop', 'DrisGraphs',
      '# Management', 'Users', 'Roles', 'Language', 'Address', 'Distributors', 'Farms', 'Settings', 'Agronomist', 'Agent', 'Depot', 'Errors',
    ]);
    await adminPage.close();
  });

  it('collapses the sidebar and opens a drawer on a small screen', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, ADMIN, '/');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(async () => (await nav.boundingBox())?.x ?? 0).toBeLessThan(0);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(async () => (await nav.boundingBox())?.x).toBe(0);

    await page.setViewportSize({ width: 420, height: 800 });
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await nav.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${server.url}/settings`);
    await page.getByTestId('limits-card').waitFor();
    await page.close();
  });

  it('keeps every menu item reachable above the Logout footer in a short window', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 600 } });
    const errors = watchPageErrors(page);
    await signIn(page, server.url, ADMIN, '/');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const list = nav.getByTestId('menu-list');
    const footer = nav.getByTestId('menu-footer');
    const last = nav.getByRole('link', { name: 'Depot', exact: true });
    await last.waitFor();

    /** the link is inside the scrolling list, above the footer, in the window, and nothing covers its middle */
    const unobstructed = () => last.evaluate((a) => {
      const r = a.getBoundingClientRect();
      const listBox = a.closest('[data-testid="menu-list"]')!.getBoundingClientRect();
      const footerBox = document.querySelector('[data-testid="menu-footer"]')!.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.top >= listBox.top - 0.5 && r.bottom <= listBox.bottom + 0.5 && r.bottom <= footerBox.top + 0.5
        && footerBox.bottom <= window.innerHeight + 0.5 && a.contains(hit);
    });

    // The list is taller than the window: it scrolls by itself, and Logout stays in view below it.
    await expect.poll(() => list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await footer.isVisible()).toBe(true);
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(unobstructed).toBe(true);
    await last.click();
    await page.waitForURL(`${server.url}/depot`);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Depot');

    // Opened straight on the last item's screen, the menu shows that item without scrolling by hand.
    await page.reload();
    await last.waitFor();
    await expect.poll(unobstructed).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('logout ends the session and goes to /, which then asks to sign in', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, ADMIN, '/settings');
    await page.getByTestId('logout').click();
    // where the browser ends up is what counts (a navigation superseded on the way is not a failure)
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/\/login\?ReturnUrl=%2F$/);
    await page.getByTestId('login-email').waitFor();
    // The old session is gone on the server, not just in this tab.
    await page.goto(`${server.url}/settings`);
    await page.waitForURL(/\/login\?ReturnUrl=%2Fsettings$/);
    const status = await page.evaluate(async () => (await fetch('/api/settings/get', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
    expect(status).toBe(401);
    await page.close();
  });

  it("shows 'Error loading app' when the start-up call fails, with 'Start over'", async () => {
    const page = await browser.newPage();
    await page.route('**/api/auth/initial', (route) => route.abort('connectionrefused'));
    await page.goto(`${server.url}/settings`);
    await page.getByText('Error loading app').waitFor({ timeout: 15_000 });
    await page.getByText('Oops, something went wrong. The exact error has been logged and our developers have been notified.').waitFor();
    await page.unroute('**/api/auth/initial');
    await page.getByRole('link', { name: 'Start over' }).click();
    await page.waitForURL(/\/login\?ReturnUrl=%2F$/);
    await page.close();
  });
});
