import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPageErrors } from '../tests/support/browser';
import { type TestServer, startTestServer } from '../tests/support/server';

/** web.dev's budget for a first page: JavaScript and CSS together, as transferred (issue 36, ADR 0170). */
const BUDGET_BYTES = 170_000;
const DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

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

/** The bytes a file of the build is sent as to a browser that accepts brotli: its precompressed copy, if any. */
function brotliBytes(path: string): number {
  const file = `${DIST}${path}`;
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}

describe('the sign-in page', () => {
  // Sizes of the built files, not timings: the same build always gives the same sum.
  it('loads at most 170 KB of JavaScript and CSS, brotli-compressed as served, and nothing behind sign-in', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    const loaded = new Set<string>();
    page.on('request', (r) => {
      if (['script', 'stylesheet'].includes(r.resourceType())) loaded.add(new URL(r.url()).pathname);
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-email').waitFor();
    const sizes = [...loaded].map((p) => ({ p, bytes: brotliBytes(p) })).sort((a, b) => b.bytes - a.bytes);
    const total = sizes.reduce((n, s) => n + s.bytes, 0);
    const listing = sizes.map((s) => `${(s.bytes / 1000).toFixed(1)} KB ${s.p}`).join('\n');
    expect(total, `the sign-in page loads ${(total / 1000).toFixed(1)} KB:\n${listing}`).toBeLessThanOrEqual(BUDGET_BYTES);
    // the shell and the screens are not part of it (they load once signed in)
    expect(sizes.map((s) => s.p).filter((p) => /\/(SignedInApp|Shell|menu)-/.test(p))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
