import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distributorEndpoints } from '@sapwood/contracts';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser, signedIn } from '../tests/support/users';

/** the machine is shared: give the app time to answer */
const POLL = { timeout: 15_000 };

let server: TestServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sapwood-e2e-dist-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('/distributors', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    const clerk = await createUser(server.built.deps.db, ['Distributors']);
    page = await browser.newPage();
    errors = watchPageErrors(page);
    await signIn(page, server.url, clerk, '/distributors');
  });
  afterAll(() => page.close());

  it('requires a name and refuses a file that is not an image', async () => {
    await page.getByTestId('distributor-add').click();
    const dialog = page.getByTestId('distributor-dialog');
    await page.getByTestId('distributor-save').click();
    await dialog.getByText('Name required').waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('logo-browse').click();
    await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a logo') });
    await expect.poll(() => page.getByTestId('logo-error').textContent(), POLL).toBe('The logo must be a PNG, JPEG or WebP image.');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adds a distributor with a logo chosen through the file chooser, shows the preview and the thumbnail', async () => {
    const logo = await sharp({ create: { width: 1000, height: 250, channels: 3, background: '#2f855a' } }).png().toBuffer();
    await page.getByTestId('distributor-add').click();
    await page.getByTestId('distributor-name').fill('Green Valley Agri');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('logo-browse').click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    const preview = page.getByTestId('logo-preview');
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), POLL).toBe(1000);
    const width = await preview.evaluate((img) => img.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(0);
    expect(width).toBeLessThanOrEqual(600);
    await page.getByTestId('distributor-save').click();
    await page.getByTestId('distributor-dialog').waitFor({ state: 'hidden' });

    const table = page.getByTestId('distributors-table');
    const thumb = table.getByRole('img', { name: 'Green Valley Agri logo' });
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), POLL).toBe(300);
    const src = await thumb.getAttribute('src');
    expect(src).toMatch(/^\/upload\/distributors\/[a-f0-9]+-[a-f0-9]+-low\.png$/);

    // Editing shows the saved logo in the preview; a new logo gives a new path.
    await table.getByRole('button', { name: 'Edit Green Valley Agri' }).click();
    await page.getByTestId('logo-preview').waitFor();
    const replacement = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c53030' } }).jpeg().toBuffer();
    const again = page.waitForEvent('filechooser');
    await page.getByTestId('logo-browse').click();
    await (await again).setFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: replacement });
    await page.getByTestId('distributor-save').click();
    await expect.poll(() => thumb.getAttribute('src'), POLL).not.toBe(src);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), POLL).toBe(300);
    expect(errors).toEqual([]);
  });

  it('takes a logo dropped on the area, and shows the server refusing a text file disguised as a PNG', async () => {
    await page.getByTestId('distributor-add').click();
    await page.getByTestId('distributor-name').fill('Dropped Logo Co');
    const drop = async (name: string, type: string, bytes: number[]) => {
      const dataTransfer = await page.evaluateHandle(({ name, type, bytes }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(bytes)], name, { type }));
        return dt;
      }, { name, type, bytes });
      await page.getByTestId('logo-drop').dispatchEvent('drop', { dataTransfer });
    };
    await drop('fake.png', 'image/png', [...Buffer.from('just some text, not a picture')]);
    await page.getByTestId('logo-preview').waitFor();
    await page.getByTestId('distributor-save').click();
    await expect.poll(() => page.getByTestId('logo-error').textContent(), POLL).toBe('The logo must be a PNG, JPEG or WebP image.');

    const real = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#805ad5' } }).webp().toBuffer();
    await drop('real.webp', 'image/webp', [...real]);
    await expect.poll(() => page.getByTestId('logo-error').count(), POLL).toBe(0);
    await page.getByTestId('distributor-save').click();
    await page.getByTestId('distributor-dialog').waitFor({ state: 'hidden' });
    const thumb = page.getByTestId('distributors-table').getByRole('img', { name: 'Dropped Logo Co logo' });
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), POLL).toBe(120);
  });

  it('deletes a distributor after the confirmation', async () => {
    const table = page.getByTestId('distributors-table');
    await table.getByRole('button', { name: 'Delete Green Valley Agri' }).click();
    await page.getByText('Are you sure you want to delete this row?').waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => table.getByRole('cell', { name: 'Green Valley Agri', exact: true }).count(), POLL).toBe(0);
    await table.getByRole('cell', { name: 'Dropped Logo Co', exact: true }).waitFor();
  });
});

describe('/distributors permission', () => {
  it('a user without Distributors neither sees the menu item nor can call the API', async () => {
    const creds = await createUser(server.built.deps.db, ['Settings']);
    const page = await browser.newPage();
    await signIn(page, server.url, creds, '/settings');
    await page.locator('a[href="/settings"]').waitFor();
    expect(await page.locator('a[href="/distributors"]').count()).toBe(0);
    const api = await signedIn(server.url, creds);
    expect((await api.call(distributorEndpoints.paged, {})).status).toBe(403);
    await page.close();
  });
});
