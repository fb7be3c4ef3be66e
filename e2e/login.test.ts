import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInThroughUi, watchPageErrors } from '../tests/support/browser';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';

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

describe('sign-in screen', () => {
  it('sends an anonymous user to /login with ReturnUrl, then back after sign-in', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.url}/settings`);
    await page.waitForURL(/\/login\?ReturnUrl=%2Fsettings/);
    await page.getByTestId('login-email').fill(ADMIN.email);
    await page.getByTestId('login-password').fill(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/settings`);
    await page.getByTestId('limits-card').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the catalogue message for a wrong password', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-email').fill(ADMIN.email);
    await page.getByTestId('login-password').fill('nope');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('login-message').textContent()).resolves.toBe('Wrong email or password');
    await page.close();
  });

  it('signs in through the helper', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server.url, ADMIN, '/');
    await expect(page.getByTestId('user-name').textContent()).resolves.toBe('Administrator');
    await page.close();
  });
});
