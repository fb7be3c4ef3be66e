import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFarms } from '../apps/server/src/features/farms/farms.demo';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

/** /farms in Chromium: the read-only table for administrators; hidden from everyone else. */
let server: TestServer;
let browser: Browser;
let pool: PagePool;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url);
  await seedDemoFarms(server.built.deps.db);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const menuLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: label, exact: true });

describe('/farms', () => {
  it('an administrator opens Farms from the menu and sees Client, Farm, MFW Id and Originate, searchable', async () => {
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, ADMIN, '/');
    await menuLink(page, 'Farms').click();
    await page.waitForURL(`${server.url}/farms`);
    const table = page.getByTestId('farms-table');
    await table.locator('tbody tr', { hasText: 'North Block' }).waitFor();
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toEqual(['Client', 'Farm', 'MFW Id', 'Originate']);
    const north = await table.locator('tbody tr', { hasText: 'North Block' }).locator('td').allTextContents();
    expect(north).toEqual(['Sunridge Pecans (demo)', 'North Block', 'MFW-20417', 'Usa']);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);

    await table.getByRole('textbox', { name: 'Search' }).fill('karoo');
    await table.getByRole('textbox', { name: 'Search' }).press('Enter');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.locator('tbody tr', { hasText: 'Bergplaas' }).waitFor();
    // read-only: no add, edit or delete
    expect(await table.getByRole('button', { name: /add|edit|delete/i }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a user with every management permission but Admin sees no Farms item, no screen, and gets 403', async () => {
    const creds = await createUser(server.built.deps.db, ['Users', 'Roles', 'Address', 'Distributors', 'Settings', 'Agronomists', 'Agents', 'Depots']);
    const page = await pool.newPage();
    await signIn(page, server.url, creds, '/');
    await menuLink(page, 'Depot').waitFor();
    await expect.poll(() => menuLink(page, 'Farms').count()).toBe(0);
    await page.goto(`${server.url}/farms`);
    await page.getByText('No access').waitFor();
    const status = await page.evaluate(async () => {
      const r = await fetch('/api/farm/paged', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return r.status;
    });
    expect(status).toBe(403);
    await page.close();
  });
});
