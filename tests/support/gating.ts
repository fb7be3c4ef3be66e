import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { signInThroughUi } from './browser';

/**
 * Permission gating as a user meets it: signed in through the UI, the menu shows `visible` but not
 * `hidden`, and each of the given API calls (POST, from the same browser session) answers 403.
 */
export async function expectMenuAndApiGated(
  browser: Browser,
  baseUrl: string,
  creds: { email: string; password: string },
  opts: { visible: string; hidden: string; calls: { path: string; data?: Record<string, unknown> }[] },
): Promise<void> {
  const page = await browser.newPage();
  try {
    await signInThroughUi(page, baseUrl, creds, '/');
    await page.getByRole('link', { name: opts.visible, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: opts.hidden, exact: true }).count()).toBe(0);
    for (const c of opts.calls) {
      expect((await page.request.post(`${baseUrl}${c.path}`, { data: c.data ?? {} })).status(), c.path).toBe(403);
    }
  } finally {
    await page.close();
  }
}
