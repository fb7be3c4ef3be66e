import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '@sapwood/contracts';
import { isMarkedInvalid, launchBrowser, PagePool, signIn, signInThroughUi, watchPageErrors } from '../tests/support/browser';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';
import { PROTECTED_PATHS } from '../apps/web/src/app/ProtectedScreen';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT: '1000', APP_VERSION: '4.5.6' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const db = () => server.built.deps.db;

async function fillAndSubmit(page: Page, email: string, password: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Counts the sign-in calls the page makes. */
function countLoginCalls(page: Page): { n: number } {
  const counter = { n: 0 };
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/login')) counter.n += 1;
  });
  return counter;
}

describe('sign-in screen', () => {
  it('sends an anonymous user to /login with ReturnUrl, then back after sign-in with Enter', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.url}/settings`);
    await page.waitForURL(/\/login\?ReturnUrl=%2Fsettings$/);
    await page.getByTestId('login-email').fill(ADMIN.email);
    await page.getByTestId('login-password').fill(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/settings`);
    await page.getByTestId('limits-card').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends an anonymous user from every protected route of both spec parts to /login with ReturnUrl', async () => {
    const page = await browser.newPage();
    for (const path of PROTECTED_PATHS) {
      await page.goto(server.url + path);
      await page.waitForURL(`${server.url}/login?ReturnUrl=${encodeURIComponent(path)}`);
      await page.getByTestId('login-email').waitFor();
    }
    await page.close();
  });

  it('guards an unknown path the same way and returns to it', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/no/such/screen?x=1`);
    await page.waitForURL(/\/login\?ReturnUrl=%2Fno%2Fsuch%2Fscreen%3Fx%3D1$/);
    await fillAndSubmit(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${server.url}/no/such/screen?x=1`);
    // a proper not-found page naming the path, with the way home
    const notFound = page.getByTestId('not-found');
    await notFound.getByText('Page not found').waitFor();
    expect(await notFound.textContent()).toContain('/no/such/screen');
    expect(await notFound.textContent()).not.toContain('__unknown');
    await page.getByTestId('not-found-home').click();
    await page.waitForURL(`${server.url}/`);
    await page.close();
  });

  it('goes to / without a ReturnUrl, and never to another site', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login?ReturnUrl=${encodeURIComponent('//evil.example/')}`);
    await fillAndSubmit(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${server.url}/`);
    await page.getByTestId('user-name').waitFor();
    await page.close();
  });

  it('shows the version label', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await expect.poll(() => page.getByTestId('login-version').textContent()).toBe('Version 4.5.6');
    await page.close();
  });

  it('shows the catalogue message for every refused sign-in', async () => {
    const archived = await createUser(db(), []);
    const inactive = await createUser(db(), []);
    const locked = await createUser(db(), []);
    const noPassword = await createUser(db(), [], { password: null });
    await db().updateTable('users').set({ archived: true }).where('id', '=', archived.id).execute();
    await db().updateTable('users').set({ active: false }).where('id', '=', inactive.id).execute();
    await db().updateTable('users').set({ locked: true }).where('id', '=', locked.id).execute();
    const cases = [
      ['DoesNotExists', 'nobody@test.local', 'whatever-1'],
      ['Archived', archived.email, archived.password],
      ['InActive', inactive.email, inactive.password],
      ['Locked', locked.email, locked.password],
      ['WrongPassword', ADMIN.email, 'not-the-password'],
      ['CreatePassword', noPassword.email, 'anything-1'],
    ] as const;
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    for (const [result, email, password] of cases) {
      await fillAndSubmit(page, email, password);
      await expect.poll(() => page.getByTestId('login-message').textContent(), { message: result }).toBe(LOGIN_MESSAGES[result]);
      expect(new URL(page.url()).pathname).toBe('/login');
    }
    await page.close();
  });

  it('validates only after the first submit, with red rings, and sends nothing while a field is empty', async () => {
    const page = await browser.newPage();
    const calls = countLoginCalls(page);
    await page.goto(`${server.url}/login`);
    const email = page.getByTestId('login-email');
    const password = page.getByTestId('login-password');
    await email.waitFor();
    expect(await isMarkedInvalid(email)).toBe(false);
    expect(await isMarkedInvalid(password)).toBe(false);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => isMarkedInvalid(email)).toBe(true);
    expect(await isMarkedInvalid(password)).toBe(true);

    await email.fill(ADMIN.email);
    await expect.poll(() => isMarkedInvalid(email)).toBe(false);
    expect(await isMarkedInvalid(password)).toBe(true);
    await password.press('Enter');
    await email.fill('   ');
    await password.fill('something');
    await password.press('Enter');
    await expect.poll(() => isMarkedInvalid(email)).toBe(true);
    expect(calls.n).toBe(0);

    await email.fill(ADMIN.email);
    await password.fill(ADMIN.password);
    await password.press('Enter');
    await page.waitForURL(`${server.url}/`);
    expect(calls.n).toBe(1);
    await page.close();
  });

  it('signs in through the helper and shows the user in the shell', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server.url, ADMIN, '/');
    await expect(page.getByTestId('user-name').textContent()).resolves.toBe('Administrator');
    await expect(page.getByTestId('app-version').textContent()).resolves.toBe('Version 4.5.6');
    await page.close();
  });
});

describe('the helpers that sign in without the sign-in screen (ADR 0236)', () => {
  it('signIn signs in through the API and opens the path, and throws on a refused sign-in', async () => {
    const page = await browser.newPage();
    const user = await createUser(db(), [], { name: 'Api Signer' });
    await expect(signIn(page, server.url, { ...user, password: 'wrong-password-1' }, '/')).rejects.toThrow(/answered 200 "WrongPassword"/);
    await signIn(page, server.url, user, '/');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe('Api Signer');
    await page.close();
  });

  it("a PagePool page starts signed out with nothing stored, and closes the pool's pages before it", async () => {
    const pool = new PagePool(browser, server.url);
    const first = await pool.newPage();
    await signIn(first, server.url, ADMIN, '/');
    await first.getByTestId('user-name').waitFor();
    await first.evaluate(() => localStorage.setItem('left-behind', 'yes'));
    const second = await pool.newPage();
    expect(first.isClosed()).toBe(true);
    await second.goto(`${server.url}/`);
    await second.waitForURL(/\/login\?ReturnUrl=%2F$/);
    expect(await second.evaluate(() => localStorage.getItem('left-behind'))).toBeNull();
    await second.context().close();
  });
});
