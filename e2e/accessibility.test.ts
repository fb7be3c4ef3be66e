// vitest: long-running (one server walks every screen; started first)
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from '../tests/support/axe';
import type { DemoWorld } from '../tests/support/demo-world';
import { ADMIN } from '../tests/support/server';
import { Findings, SCREENS, type WalkSetup, startWalk, walkScreen } from '../tests/support/screen-walk';

/**
 * Issue 38: every screen of the side menu (taken from the menu's own declaration, so a new screen is walked too)
 * at 1400 × 900 as an administrator on a demo-seeded server, loaded, each of its tabs, its create dialog (empty,
 * then with the errors of an empty save) and its edit dialog; axe-core's WCAG 2.0/2.1/2.2 A and AA rules find
 * nothing. One server, one browser, one page for the whole walk (`tests/support/screen-walk.ts`, shared with the fit walk).
 */
let walk: WalkSetup;
let world: DemoWorld;
let page: Page;

beforeAll(async () => {
  walk = await startWalk();
  ({ world, page } = walk);
});
afterAll(() => walk?.close());

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  it('the sign-in screen: empty, with errors, the forgot-password dialog', async () => {
    const f = new Findings(page, checkAccessibility);
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

  it.each(SCREENS.map((p) => [p]))('%s: loaded, its tabs, its create and edit dialogs, its extra states', async (path) => {
    const f = new Findings(page, checkAccessibility);
    await walkScreen(f, world.server.url, path);
    expect(f.lines).toEqual([]);
  }, 120_000);

  it('had no page error on the way', () => {
    expect(walk.errors).toEqual([]);
  });
});
