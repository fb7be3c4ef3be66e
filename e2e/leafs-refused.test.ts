import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmersSampleEndpoints, leafsEndpoints } from '@sapwood/contracts';
import { signedIn } from '../tests/support/users';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { seedCarbohydrateReference } from '../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../tools/stand-ins/capture-server';

/**
 * Issue 31, finding 7 in Chromium: after a first sync (the demo's, or a schedule's), Sync on /leafs said
 * "6 captures could not be imported and are kept with their reason:" and listed none. Now it lists each with
 * its reason, and the Refused tab pages, searches and sorts them, opens a capture's original payload, and
 * lets go of one a later sync accepts. /farmerssampleentries has its own.
 */
let app: CaptureStandIn;
let server: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];

const rows = (p: Page = page) => p.getByTestId('refused-table').locator('tbody tr[data-row-id]');

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 300, soil: 100 });
  server = await startTestServer({ CAPTURE_URL: app.url, CAPTURE_API_KEY: 'cap-key' });
  const db = server.built.deps.db;
  await seedCarbohydrateReference(db);
  await db.insertInto('crops').values([{ name: 'Macadamia', factor: 1 }, { name: 'Apple', factor: 1 }, { name: 'Table grape', factor: 1 }]).execute();
  const user = await createUser(db, ['Leafs', 'FarmersSampleEntries']);
  // the first sync ran before anyone looked (the demo's, or a schedule's)
  const api = await signedIn(server.url, user);
  for (const ep of [leafsEndpoints, farmersSampleEndpoints]) {
    const { jobId } = (await api.call(ep.sync, {})).body as { jobId: number };
    const deadline = Date.now() + 30_000;
    while ((await api.call(ep.syncStatus, {})).body?.jobId !== jobId || (await api.call(ep.syncStatus, {})).body?.status !== 'done') {
      if (Date.now() > deadline) throw new Error(`the first ${ep.sync.path} did not end`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  browser = await launchBrowser();
  page = await browser.newPage();
  errors = watchPageErrors(page);
  await signIn(page, server.url, user, '/leafs');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await app?.close();
});

describe('refused captures on /leafs', () => {
  it('Sync lists every capture it could not import with its reason, those refused before included', async () => {
    await page.getByTestId('leaf-sync').click();
    await page.getByText('Synced: 0 new, 0 updated, 6 refused').waitFor();
    const report = page.getByTestId('leaf-sync-report');
    await report.getByText('6 captures could not be imported and are kept with their reason:').waitFor();
    for (const line of ["LF-000089: unknown crop 'Dragonfruit'", 'LF-000097: missing sample number', "LF-000178: unknown crop 'Dragonfruit'", 'LF-000194: missing sample number', "LF-000267: unknown crop 'Dragonfruit'", 'LF-000291: missing sample number']) {
      await report.getByText(line, { exact: true }).waitFor();
    }
    expect(errors).toEqual([]);
  });

  it('the Refused tab lists them with their reason, pages, searches and sorts them', async () => {
    await page.getByTestId('leaf-sync-show-refused').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('refused');
    await expect.poll(() => page.getByTestId('pager-range').textContent()).toBe('1–6 of 6');
    await page.getByTestId('refused-table').getByRole('cell', { name: 'L26089', exact: true }).waitFor();
    expect(await page.getByTestId('refused-reason').allTextContents()).toEqual(expect.arrayContaining(["unknown crop 'Dragonfruit'", 'missing sample number']));
    // sorted by Sample Number, descending: the three with one first, highest first
    const header = page.getByRole('columnheader', { name: 'Sample Number' });
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => (await rows().locator('td:nth-child(2)').allTextContents()).slice(0, 3)).toEqual(['L26267', 'L26178', 'L26089']);
    // searched
    await page.getByLabel('Search', { exact: true }).fill('L26178');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByTestId('refused-table').getByRole('cell', { name: 'LF-000178', exact: true }).waitFor();
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows().count()).toBe(6);
    // paged
    await page.getByRole('textbox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    await expect.poll(() => page.getByTestId('pager-range').textContent()).toBe('1–5 of 6');
  });

  it('opens a refused capture’s original payload', async () => {
    await page.getByLabel('Search', { exact: true }).fill('L26089');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByRole('button', { name: 'json of L26089' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leaf L26089' });
    await expect.poll(() => dialog.getByTestId('leaf-json-Original').textContent()).toContain('"crop": "Dragonfruit"');
    expect(await dialog.getByTestId('leaf-json-Original').textContent()).toContain('"id": "LF-000089"');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('a capture a later sync accepts leaves the Refused tab', async () => {
    // the search for L26089 still on: its row is there
    await expect.poll(() => rows().count()).toBe(1);
    Object.assign(app.captures.find((c) => c.id === 'LF-000089')!, { crop: 'Apple', updatedAt: '2026-11-20T10:00:00.000Z' });
    await page.getByTestId('leaf-sync').click();
    await page.getByText('Synced: 0 new, 1 updated, 5 refused').waitFor();
    await expect.poll(() => rows().count()).toBe(0);
    await page.getByTestId('tab-notcompleted').click();
    await page.getByTestId('leafs-table').waitFor();
    await page.getByLabel('Search', { exact: true }).fill('L26089');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('leafs-table').locator('tbody tr[data-row-id]').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('/farmerssampleentries has its own Refused tab', async () => {
    const farmers = await browser.newPage();
    await signIn(farmers, server.url, await createUser(server.built.deps.db, ['FarmersSampleEntries']), '/farmerssampleentries?tab=refused');
    await expect.poll(() => farmers.getByTestId('pager-range').textContent()).toBe('1–1 of 1');
    await farmers.getByTestId('refused-table').getByRole('cell', { name: 'SL-000097', exact: true }).waitFor();
    await farmers.getByTestId('refused-reason').getByText('missing sample number').waitFor();
    await farmers.close();
  });
});
