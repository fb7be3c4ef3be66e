import { existsSync } from 'node:fs';
import { type Browser, type Locator, type Page, chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags that work as root on a closed network. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
    ],
  });
}

/** Fails the test on any uncaught page error. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Signs in through the real sign-in screen. */
export async function signInThroughUi(page: Page, baseUrl: string, creds: { email: string; password: string }, path = '/') {
  await page.goto(`${baseUrl}/login?ReturnUrl=${encodeURIComponent(path)}`);
  await page.getByTestId('login-email').fill(creds.email);
  await page.getByTestId('login-password').fill(creds.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === path.split('?')[0]);
}

/**
 * Whether a form field shows its red ring (Mantine marks invalid inputs with aria-invalid, and the
 * password input with data-invalid).
 */
export function isMarkedInvalid(field: Locator): Promise<boolean> {
  return field.evaluate((el) => el.getAttribute('aria-invalid') === 'true' || el.hasAttribute('data-invalid'));
}
