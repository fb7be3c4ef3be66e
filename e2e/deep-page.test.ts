import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SKIP, pageTooDeepMessage } from '@sapwood/contracts';
import { controlsOptional, seedLongResultsList } from '../tests/support/carbohydrate-fixtures';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

/**
 * A page of a list too long to count, typed into the address: refused with the server's message, which
 * offers Last (the list's true last rows) and the search; neither leaves the user stuck.
 */
let server: TestServer;
let browser: Browser;
let staff: { email: string; password: string };
const ROWS = 3 * MAX_PAGE_SKIP;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  await seedLongResultsList(db, ROWS);
  // paging, not quality control: these runs carry no controls (ADR 0253)
  await controlsOptional(db);
  staff = await createUser(db, ['CarbohydrateEntries']);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a deep page typed into the address', () => {
  it('is refused with a message offering Last and the search, and Last opens the end of the list', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    const deep = ROWS / 50 / 2;
    await signIn(page, server.url, staff, `/carbohydrates?tab=results&r.size=50&r.sort=sampleNumber&r.page=${deep}`);
    const refusal = page.getByTestId('table-too-deep');
    await expect.poll(() => refusal.textContent()).toContain(pageTooDeepMessage(deep));
    // the pager still says how long the list is, and its Last works
    await expect.poll(() => page.getByTestId('pager-range').textContent()).toMatch(/of ≈ \d+/);
    await refusal.getByRole('button', { name: 'Last' }).click();
    const cells = () => page.getByTestId('results-table').locator('tbody tr[data-row-id] td:nth-child(2)').allTextContents();
    await expect.poll(async () => (await cells()).at(-1)).toBe(`S${String(ROWS - 1).padStart(7, '0')}`);
    expect(await refusal.count()).toBe(0);
    // the search button of the refusal puts the cursor in the search box
    await page.goto(`${server.url}/carbohydrates?tab=results&r.size=50&r.sort=sampleNumber&r.page=${deep}`);
    await page.getByTestId('table-too-deep').getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search');
    await page.keyboard.type('S00150');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await cells())[0]).toBe('S0015000');
    expect(errors).toEqual([]);
    await page.close();
  });
});
