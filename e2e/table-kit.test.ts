import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from '../tests/support/browser';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';
import { ensureRole } from '../apps/server/src/seed/seed.repository';

/** The shared table kit (PagedTable, Pager) and dialogs, exercised on the real /users list. */
const BULK = 1100;
const email = (i: number) => `bulk-${String(i).padStart(4, '0')}@kit.test`;

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  const role = await ensureRole(db, 'Kit role', ['Users']);
  const rows = Array.from({ length: BULK }, (_, i) => ({ name: `Bulk ${i}`, email: email(i), role_id: role, password_hash: null, language_id: null }));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('users').values(rows.slice(i, i + 500)).execute();
  const agronomist = await db.insertInto('agronomists').values({ name: 'Dr Dialog' }).returning('id').executeTakeFirstOrThrow();
  const target = await db.selectFrom('users').select('id').where('email', '=', email(0)).executeTakeFirstOrThrow();
  await db.insertInto('user_agronomists').values({ user_id: target.id, agronomist_id: agronomist.id }).execute();
  browser = await launchBrowser();
  page = await browser.newPage();
  await signIn(page, server.url, ADMIN, '/users');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const table = () => page.getByTestId('users-table');
const bodyRows = () => table().locator('tbody tr[data-row-id]');
const range = () => page.getByTestId('pager-range').textContent();
const total = BULK + 1;

async function open(query = '') {
  await page.goto(`${server.url}/users${query}`);
  await bodyRows().first().waitFor();
}

describe('table kit on /users', () => {
  it('searches with the search button and with Enter', async () => {
    await open();
    await expect.poll(range).toBe(`1–20 of ${total}`);
    await table().getByRole('textbox', { name: 'Search' }).fill('bulk-0042');
    await table().getByRole('button', { name: 'Search button' }).click();
    await expect.poll(() => bodyRows().allTextContents()).toEqual([expect.stringContaining(email(42))]);
    expect(new URL(page.url()).searchParams.get('q')).toBe('bulk-0042');
    await table().getByRole('textbox', { name: 'Search' }).fill('bulk-010');
    await page.keyboard.press('Enter');
    await expect.poll(range).toBe('1–10 of 10');
  });

  it('offers the page sizes 5 to 1000 and applies one', async () => {
    await open();
    await page.getByRole('textbox', { name: 'Rows per page' }).click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['5', '10', '20', '30', '50', '100', '200', '500', '1000']);
    await page.getByRole('option', { name: '5', exact: true }).click();
    await expect.poll(() => bodyRows().count()).toBe(5);
    await expect.poll(range).toBe(`1–5 of ${total}`);
  });

  it('shows about 6 page numbers near the current page plus First and Last', async () => {
    await open('?page=10');
    const pager = page.getByLabel('Pages');
    await expect.poll(() => pager.getByRole('button').allTextContents()).toEqual(['First', '8', '9', '10', '11', '12', '13', 'Last']);
    expect(await pager.getByRole('button', { name: '10' }).getAttribute('aria-current')).toBe('page');
    await pager.getByRole('button', { name: 'Last' }).click();
    await expect.poll(range).toBe(`1101–${total} of ${total}`);
    expect(await pager.getByRole('button', { name: 'Last' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'First' }).click();
    await expect.poll(range).toBe(`1–20 of ${total}`);
  });

  it('sorts by a header, both ways', async () => {
    await open();
    const header = table().getByRole('columnheader', { name: 'Email' });
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => bodyRows().first().textContent()).toContain(ADMIN.email);
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => bodyRows().first().textContent()).toContain(email(BULK - 1));
  });

  it('shows the loading overlay while the list loads', async () => {
    await open();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/user/paged', async (route) => {
      await held;
      await route.continue();
    });
    await table().getByRole('textbox', { name: 'Search' }).fill('bulk-0001');
    await page.keyboard.press('Enter');
    const overlay = table().locator('.mantine-LoadingOverlay-root');
    await overlay.waitFor({ state: 'visible' });
    release();
    await overlay.waitFor({ state: 'hidden' });
    await expect.poll(range).toBe('1–1 of 1');
    await page.unroute('**/api/user/paged');
  });

  it("says 'Error loading table data' when the list call fails", async () => {
    await page.route('**/api/user/paged', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"InternalError","message":"Something went wrong."}' }));
    await page.goto(`${server.url}/users`);
    await table().getByText('Error loading table data').waitFor();
    await page.unroute('**/api/user/paged');
  });

  it('renders a page of 1000 rows, virtualized, and scrolls to the last ones', async () => {
    await open('?size=1000&sort=email');
    await expect.poll(range).toBe(`1–1000 of ${total}`);
    const rendered = await bodyRows().count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(1000);
    expect(await table().getByText(email(998), { exact: true }).count()).toBe(0);
    const scroller = table().locator('tbody').locator('xpath=ancestor::div[contains(@style,"overflow")][1]');
    await scroller.evaluate((el) => { el.scrollTop = el.scrollHeight; });
    const last = table().getByText(email(998), { exact: true });
    await last.waitFor();
    expect(await last.isVisible()).toBe(true);
  });
});

describe('dialogs', () => {
  it('Escape closes only the topmost dialog', async () => {
    await open(`?q=${encodeURIComponent(email(0))}`);
    await bodyRows().first().getByTestId('user-edit').click();
    const profile = page.getByRole('dialog', { name: 'User Profile' });
    await profile.waitFor();
    await page.getByRole('button', { name: 'Remove Dr Dialog' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByText('Are you sure you want to remove Dr Dialog?').waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(await profile.isVisible()).toBe(true);
    expect(await page.getByTestId('user-agronomists').textContent()).toContain('Dr Dialog');
    await page.keyboard.press('Escape');
    await profile.waitFor({ state: 'hidden' });
  });

  it('an outside click closes a modal dialog', async () => {
    await open();
    await page.getByTestId('user-add').click();
    const profile = page.getByRole('dialog', { name: 'User Profile' });
    await profile.waitFor();
    await page.mouse.click(5, 300);
    await profile.waitFor({ state: 'hidden' });
  });
});
