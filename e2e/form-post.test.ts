import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
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

// The report dialog's Download posts a form to a new tab (report-form.ts postForm). The browser must send the
// page's own Origin with it, so the cross-site request defence (ADR 0004) lets it through.
describe('a form post from the app to a new tab', () => {
  it('passes the origin check (the server answers the request itself, not CrossOriginRejected)', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, ADMIN, '/');
    const response = page.context().waitForEvent('response', (r) => r.url().endsWith('/api/carbohydrate/blockreport'));
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/api/carbohydrate/blockreport';
      form.target = '_blank';
      form.enctype = 'multipart/form-data';
      document.body.appendChild(form);
      form.submit();
      form.remove();
    });
    const r = await response;
    const body = await r.text();
    expect(body).not.toContain('CrossOriginRejected');
    expect(r.status()).toBe(400); // an empty report request: the server's own answer naming the fields
    expect(errors).toEqual([]);
    await page.close();
  });
});
