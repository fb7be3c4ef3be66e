// vitest: long-running (one server walks every screen; started first)
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU } from '../apps/web/src/app/menu';
import { Findings, closeDialogs, disableMotion, createButton, editButton, settle } from '../tests/support/a11y-walk';
import { launchBrowser, watchPageErrors } from '../tests/support/browser';
import { type DemoWorld, startDemoWorld } from '../tests/support/demo-world';
import { ADMIN } from '../tests/support/server';

/**
 * Issue 38: every screen of the side menu (taken from the menu's own declaration, so a new screen is walked too)
 * at 1400 × 900 as an administrator on a demo-seeded server, loaded, each of its tabs, its create dialog (empty,
 * then with the errors of an empty save) and its edit dialog; axe-core's WCAG 2.0/2.1/2.2 A and AA rules find
 * nothing. One server, one browser, one page for the whole walk.
 */
let world: DemoWorld;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  world = await startDemoWorld({ leaf: 30, soil: 6 });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await disableMotion(page);
  page.setDefaultTimeout(15_000);
  // leaving a dialog with unsaved work asks (beforeunload): the walk goes on
  page.on('dialog', (d) => void d.accept());
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await browser?.close();
  await world?.close();
});

/** States a screen has beyond the walk's own (its tabs, create and edit dialogs, a row selected). */
const EXTRA_STATES: Record<string, (f: Findings) => Promise<void>> = {
  '/labjobs': async (f) => {
    // a job's results (the card's title opens them) and its job card's grid being edited
    await f.dialog(page.getByTestId('job-card-title').first(), '/labjobs › job results');
    await editButton(page).click();
    await page.getByTestId('entry-0-sampleNumber').fill('A11Y-1');
    await f.check('/labjobs › job card grid being edited', 'section[role="dialog"]');
    await closeDialogs(page);
  },
};

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  it('the sign-in screen: empty, with errors, the forgot-password dialog', async () => {
    const f = new Findings(page);
    await page.goto(`${world.server.url}/login`);
    await page.getByTestId('login-email').waitFor();
    await f.check('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await f.check('/login, errors shown');
    await f.dialog(page.getByRole('button', { name: /forgot/i }), '/login, forgot password');
    await page.getByTestId('login-email').fill(ADMIN.email);
    await page.getByTestId('login-password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await f.check('/ (home)');
    expect(f.lines).toEqual([]);
  });

  const items = MENU.flatMap((g) => g.items);
  it.each(items.map((i) => [i.path]))('%s: loaded, its tabs, its create and edit dialogs', async (path) => {
    const f = new Findings(page);
    await page.goto(`${world.server.url}${path}`);
    await page.locator('main').waitFor();
    await f.check(path);
    const tabs = page.locator('main [role="tab"]');
    const tabCount = await tabs.count();
    for (let i = 0; i < Math.max(tabCount, 1); i += 1) {
      let where = path;
      if (tabCount) {
        const tab = tabs.nth(i);
        where = `${path} › ${(await tab.textContent())?.trim()}`;
        await tab.click();
        await settle(page);
        await f.check(where);
      }
      await f.dialog(createButton(page), `${where} › create dialog`, { submit: true });
      await f.dialog(editButton(page), `${where} › edit dialog`);
      // a list's row selected (its selection box is named 'Select …')
      const rowBox = page.locator('main tbody input[type="checkbox"][aria-label^="Select "]:visible').first();
      if (await rowBox.isVisible()) {
        await rowBox.check();
        await f.check(`${where} › a row selected`);
        await rowBox.uncheck();
      }
    }
    await EXTRA_STATES[path]?.(f);
    expect(f.lines).toEqual([]);
  }, 120_000);

  it('had no page error on the way', () => {
    expect(errors).toEqual([]);
  });
});
