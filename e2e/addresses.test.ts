import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressEndpoints } from '@sapwood/contracts';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser, signedIn } from '../tests/support/users';

/** the machine is shared: give the app time to answer */
const POLL = { timeout: 15_000 };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const defaults = async () =>
  (await server.built.deps.db.selectFrom('addresses').select('name').where('is_default', '=', true).execute()).map((r) => r.name);

async function fillAddress(page: Page, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) await page.getByTestId(`address-${field}`).fill(value);
}

const full = (name: string) => ({
  name, addressLine: '12 Dorp Street', area: 'Stellenbosch', code: '7600', number: '021 555 0100',
  email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`, website: 'lab.example.com', filePrefix: name.slice(0, 3).toUpperCase(), logoWord: 'SAPWOOD',
});

describe('/addresses', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    const clerk = await createUser(server.built.deps.db, ['Address'], { name: 'Address Clerk' });
    page = await browser.newPage();
    errors = watchPageErrors(page);
    await signIn(page, server.url, clerk, '/addresses');
  });
  afterAll(() => page.close());

  it('shows every required-field message after the first submit, and the logo word limit', async () => {
    await page.getByTestId('address-add').click();
    const dialog = page.getByTestId('address-dialog');
    await dialog.getByText('Address', { exact: true }).first().waitFor();
    await page.getByTestId('address-save').click();
    for (const message of ['Name required', 'Address required', 'Area required', 'Code required', 'Number required',
      'Email required', 'Website required', 'File prefix required', 'Logo word required']) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await expect.poll(() => page.getByTestId('address-name').getAttribute('aria-invalid'), POLL).toBe('true');
    await fillAddress(page, { ...full('Overlong'), logoWord: 'x'.repeat(21) });
    await dialog.getByText('The word is to long to fit in the logo').waitFor();
    await expect.poll(() => dialog.getByText('Name required').count(), POLL).toBe(0);
    // the typed address is unsaved: closing asks first
    await page.keyboard.press('Escape');
    const ask = page.getByTestId('confirm-dialog');
    await ask.getByText('You have unsaved changes. Discard them?').waitFor();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await defaults()).toEqual([]);
  });

  it('adds two addresses (the first becomes the default), edits one and moves the default with the toggle', async () => {
    await page.getByTestId('address-add').click();
    await fillAddress(page, full('Head Office'));
    await page.getByTestId('address-save').click();
    await page.getByText('Address updated').first().waitFor();
    const table = page.getByTestId('addresses-table');
    await table.getByRole('cell', { name: 'Head Office', exact: true }).waitFor();

    await page.getByTestId('address-add').click();
    await fillAddress(page, full('Branch'));
    await page.keyboard.press('Enter');
    await table.getByRole('cell', { name: 'Branch', exact: true }).waitFor();
    expect(await defaults()).toEqual(['Head Office']);

    const branchRow = table.locator('tr', { has: page.getByRole('cell', { name: 'Branch', exact: true }) });
    await branchRow.getByRole('button', { name: 'Edit Branch' }).click();
    await expect.poll(() => page.getByTestId('address-name').inputValue(), POLL).toBe('Branch');
    await page.getByTestId('address-area').fill('Paarl');
    await page.getByTestId('address-save').click();
    await table.getByRole('cell', { name: 'Paarl', exact: true }).waitFor();
    await page.getByTestId('address-dialog').waitFor({ state: 'hidden' });

    await branchRow.locator('.mantine-Switch-track').click();
    await expect.poll(defaults, POLL).toEqual(['Branch']);
    await expect.poll(() => branchRow.getByRole('switch').isChecked(), POLL).toBe(true);
    const headRow = table.locator('tr', { has: page.getByRole('cell', { name: 'Head Office', exact: true }) });
    await expect.poll(() => headRow.getByRole('switch').isChecked(), POLL).toBe(false);
    // The default cannot be deleted; the other one can, after the confirmation.
    await expect.poll(() => branchRow.getByRole('button', { name: 'Delete Branch' }).isDisabled(), POLL).toBe(true);
    await headRow.getByRole('button', { name: 'Delete Head Office' }).click();
    await page.getByText('Are you sure you want to delete this row?').waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => table.getByRole('cell', { name: 'Head Office', exact: true }).count(), POLL).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('/addresses permission', () => {
  it('a user without Address neither sees the menu item nor can call the API', async () => {
    const creds = await createUser(server.built.deps.db, ['Settings']);
    const page = await browser.newPage();
    await signIn(page, server.url, creds, '/settings');
    await page.locator('a[href="/settings"]').waitFor();
    expect(await page.locator('a[href="/addresses"]').count()).toBe(0);
    await page.goto(`${server.url}/addresses`);
    await page.getByText('You do not have permission to open this page.').waitFor();
    const api = await signedIn(server.url, creds);
    expect((await api.call(addressEndpoints.paged, {})).status).toBe(403);
    await page.close();
  });
});
