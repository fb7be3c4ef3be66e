import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@sapwood/contracts';
import { isMarkedInvalid, launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

let server: TestServer;
let browser: Browser;
let pool: PagePool;
let editor: { email: string; password: string };

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url);
  editor = await createUser(server.built.deps.db, ['Settings']);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const savedLimits = () => server.built.deps.db.selectFrom('settings').select(['sugar_limit', 'starch_limit']).executeTakeFirstOrThrow();

function countUpdates(page: Page) {
  const counter = { n: 0 };
  page.on('request', (r) => {
    if (r.url().endsWith('/api/settings/update')) counter.n += 1;
  });
  return counter;
}

describe('/settings Limits card', () => {
  it('looks disabled at 0 and 0, saves changed values, and loads them again', async () => {
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, editor, '/settings');
    const card = page.getByTestId('limits-card');
    await card.getByText('Limits').waitFor();
    const sugar = page.getByTestId('sugar-max');
    const starch = page.getByTestId('starch-max');
    const save = page.getByTestId('settings-save');
    await expect.poll(() => sugar.inputValue()).toBe('0');
    expect(await starch.inputValue()).toBe('0');
    expect(await page.getByLabel('Sugar Max').count()).toBe(1);
    expect(await page.getByLabel('Starch Max').count()).toBe(1);
    expect(await save.getAttribute('data-looks-disabled')).toBe('true');

    await sugar.fill('7.5');
    await expect.poll(() => save.getAttribute('data-looks-disabled')).toBe('false');
    await sugar.fill('0');
    await expect.poll(() => save.getAttribute('data-looks-disabled')).toBe('true');
    await starch.fill('12');
    await expect.poll(() => save.getAttribute('data-looks-disabled')).toBe('false');
    await sugar.fill('7.5');
    await save.click();
    await page.getByText('Settings updated').waitFor();
    await expect.poll(savedLimits).toEqual({ sugar_limit: 7.5, starch_limit: 12 });

    await page.reload();
    await expect.poll(() => page.getByTestId('sugar-max').inputValue()).toBe('7.5');
    expect(await page.getByTestId('starch-max').inputValue()).toBe('12');
    expect(await page.getByTestId('settings-save').getAttribute('data-looks-disabled')).toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses non-numeric and negative input and sends nothing', async () => {
    const before = await savedLimits();
    const page = await pool.newPage();
    const updates = countUpdates(page);
    await signIn(page, server.url, editor, '/settings');
    const sugar = page.getByTestId('sugar-max');
    const starch = page.getByTestId('starch-max');
    await expect.poll(() => sugar.inputValue()).toBe(String(before.sugar_limit));

    await sugar.fill('abc');
    await expect.poll(() => isMarkedInvalid(sugar)).toBe(true);
    await page.getByTestId('settings-save').click();
    await page.getByText('Must be a number').waitFor();

    await sugar.fill('3');
    await starch.fill('-2');
    await page.getByTestId('settings-save').click();
    await page.getByText('Must not be negative').waitFor();
    expect(await isMarkedInvalid(sugar)).toBe(false);
    expect(updates.n).toBe(0);
    expect(await savedLimits()).toEqual(before);
    await page.close();
  });

  it('says when the settings were saved by someone else meanwhile, and keeps theirs', async () => {
    const page = await pool.newPage();
    await signIn(page, server.url, editor, '/settings');
    const sugar = page.getByTestId('sugar-max');
    const before = await savedLimits();
    await expect.poll(() => sugar.inputValue()).toBe(String(before.sugar_limit));
    // someone else saves after this page read the settings
    await server.built.deps.db.updateTable('settings').set((eb) => ({ starch_limit: 99, row_version: eb('row_version', '+', 1) })).execute();
    await sugar.fill('4');
    await page.getByTestId('settings-save').click();
    await page.getByText(SETTINGS_MESSAGES.changed).waitFor();
    expect(await savedLimits()).toEqual({ sugar_limit: before.sugar_limit, starch_limit: 99 });
    // reloaded, the page shows theirs and saves over them
    await page.reload();
    await expect.poll(() => page.getByTestId('starch-max').inputValue()).toBe('99');
    await page.getByTestId('sugar-max').fill('4');
    await page.getByTestId('settings-save').click();
    await page.getByText('Settings updated').waitFor();
    await page.getByTestId('sugar-max').fill('5');
    await page.getByTestId('settings-save').click();
    await expect.poll(savedLimits).toEqual({ sugar_limit: 5, starch_limit: 99 });
    await page.close();
  });

  it('is not in the menu of a user without Settings', async () => {
    const reader = await createUser(server.built.deps.db, ['LabJobs']);
    const page = await pool.newPage();
    await signIn(page, server.url, reader, '/');
    await page.getByRole('link', { name: 'Jobs' }).waitFor();
    expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await page.goto(`${server.url}/settings`);
    await page.getByText('You do not have permission to open this page.').waitFor();
    expect(await page.getByTestId('limits-card').count()).toBe(0);
    await page.close();
  });
});
