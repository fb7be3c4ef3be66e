// vitest: long-running (one server walks every screen, axe-core and the 1400 × 900 fit in each state; started first)
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from '../tests/support/axe';
import { signIn } from '../tests/support/browser';
import type { DemoWorld } from '../tests/support/demo-world';
import { overflow } from '../tests/support/fit';
import { ADMIN } from '../tests/support/server';
import { Findings, SCREENS, WALK_VIEWPORT, type WalkSetup, startWalk, walkScreen } from '../tests/support/screen-walk';
import { createUser } from '../tests/support/users';

/**
 * Every screen of the side menu (taken from the menu's own declaration, so a new screen is walked too) at
 * 1400 × 900 as an administrator on a demo-seeded server: loaded, each of its tabs, its create dialog (empty, then
 * with the errors of an empty save), its edit dialog, a row selected, and its extra states (job card, results,
 * Prepare, manual entry). Each state is opened once and two probes run on it:
 * - issue 34, **fit** (`tests/support/fit.ts`): no page-level horizontal scrolling, every action in view;
 * - issue 38, **axe**: axe-core's WCAG 2.0/2.1/2.2 A and AA rules find nothing (`tests/support/axe.ts`).
 * Each screen's test reports both probes' findings apart. One server, one browser, one page for the whole walk
 * (`tests/support/screen-walk.ts`): the two walks were one file each, and opened every state twice.
 */
const { width: WIDTH, height: HEIGHT } = WALK_VIEWPORT;
let walk: WalkSetup;
let world: DemoWorld;
let browser: Browser;
let page: Page;

// the demo seed, three stand-ins and Chromium: minutes on a busy shared machine
beforeAll(async () => {
  walk = await startWalk();
  ({ world, browser, page } = walk);
}, 300_000);
afterAll(() => walk?.close());

/** Every state the fit probe checked, so that the test fails when a main dialog is no longer reached. */
const seen: string[] = [];
const PROBES = {
  fit: (p: Page, where: string, scope?: string) => {
    seen.push(where);
    return overflow(p, where, scope);
  },
  axe: checkAccessibility,
};

/** Both probes found nothing; each is told apart (and both are told when both find something). */
function expectClean(f: Findings): void {
  expect.soft(f.by.fit, `fits ${WIDTH} × ${HEIGHT}: no sideways scrolling, every action in view`).toEqual([]);
  expect.soft(f.by.axe, 'axe-core, WCAG 2.2 A and AA: no violation').toEqual([]);
}

/** The states named in issue 34 as not fitting: the walk must reach each. */
const NAMED = [
  '/carbohydrates › RESULTS', '/leafs › Results', '/farmerssampleentries › Results', '/labjobs › job results',
  '/labjobs › job card grid being edited', '/submissions › Prepare dialog', '/submissions › manual entry grid',
  '/farmerssamplesubmissions › Prepare dialog', '/farmerssamplesubmissions › manual entry grid',
];

describe(`every screen: axe-core (WCAG 2.2 AA) and fits ${WIDTH} × ${HEIGHT}`, () => {
  it('the sign-in screen: empty, with errors, the forgot-password dialog', async () => {
    const f = new Findings(page, PROBES);
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
    expectClean(f);
  });

  it.each(SCREENS.map((p) => [p]))('%s: loaded, its tabs, its create and edit dialogs, its extra states', async (path) => {
    const f = new Findings(page, PROBES);
    await walkScreen(f, world.server.url, path);
    expectClean(f);
  }, 150_000);

  it('reached every state issue 34 names', () => {
    expect(NAMED.filter((n) => !seen.includes(n))).toEqual([]);
  });

  it('a column hidden by the chooser stays hidden for that user on another machine, not for another user', async () => {
    const headers = (p: Page) => p.getByTestId('grouped-table').locator('thead th').allTextContents();
    await page.goto(`${world.server.url}/carbohydrates`);
    await page.getByTestId('grouped-table').locator('tbody tr[data-row-id]').first().waitFor();
    expect(await headers(page)).toContain('Entity');
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-chooser-list').getByLabel('Entity').uncheck();
    await expect.poll(() => headers(page)).not.toContain('Entity');
    // saved when the chooser closes
    const saved = page.waitForResponse((r) => r.url().includes('/api/preferences/columns/save') && r.status() === 200);
    await page.keyboard.press('Escape');
    await saved;
    // another machine: a new browser context, signed in afresh
    const other = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } });
    const elsewhere = await other.newPage();
    await signIn(elsewhere, world.server.url, ADMIN, '/carbohydrates');
    await elsewhere.getByTestId('grouped-table').locator('tbody tr[data-row-id]').first().waitFor();
    const shown = await headers(elsewhere);
    expect(shown).toContain('Farm');
    expect(shown).not.toContain('Entity');
    await other.close();
    // another user: every column
    const third = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } });
    const clerkPage = await third.newPage();
    const clerk = await createUser(world.server.built.deps.db, ['CarbohydrateEntries'], { name: 'Fit Clerk' });
    await signIn(clerkPage, world.server.url, clerk, '/carbohydrates');
    await clerkPage.getByTestId('grouped-table').locator('tbody tr[data-row-id]').first().waitFor();
    expect(await headers(clerkPage)).toContain('Entity');
    await third.close();
  });

  it('had no page error on the way', () => {
    expect(walk.errors).toEqual([]);
  });
});
