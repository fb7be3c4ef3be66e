import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leafsEndpoints } from '@sapwood/contracts';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { seedCarbohydrateReference } from '../tests/support/carbohydrate-fixtures';
import { expectMenuAndApiGated } from '../tests/support/gating';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../tools/stand-ins/capture-server';

/**
 * /leafs in Chromium (first part of issue 12): Sync from the capture app's stand-in (a job: its progress, then the
 * last sync's line), the refused captures told, the list; a sync started elsewhere followed too; gating.
 */
let app: CaptureStandIn;
let server: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 100, soil: 10 });
  server = await startTestServer({ CAPTURE_URL: app.url, CAPTURE_API_KEY: 'cap-key' });
  const db = server.built.deps.db;
  await seedCarbohydrateReference(db);
  await db.insertInto('crops').values([{ name: 'Macadamia', factor: 1 }, { name: 'Apple', factor: 1 }, { name: 'Table grape', factor: 1 }]).execute();
  browser = await launchBrowser();
  page = await browser.newPage();
  errors = watchPageErrors(page);
  await signIn(page, server.url, await createUser(db, ['Leafs']), '/leafs');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await app?.close();
});

describe('/leafs', () => {
  it('syncs the captures, lists them, and tells the ones it could not import with their reason', async () => {
    await page.getByTestId('leafs-table').getByText('No data available').waitFor();
    // the capture app answers slowly: the sync's progress shows, and Sync waits for it
    app.delayNext(1, 1_000);
    await page.getByTestId('leaf-sync').click();
    // what it is doing and for how long (issue 33): 'Reading the capture app’s leaf captures… 3 s'
    await page.getByTestId('leaf-sync-progress').getByText(/^(Waiting to sync…|Syncing… \d+%( \d+ s)?|Reading the capture app’s leaf captures…( \d+ of \d+ pages read)? \d+ s)$/).waitFor();
    expect(await page.getByTestId('leaf-sync').isDisabled()).toBe(true);
    await page.getByText('Synced: 100 new, 0 updated, 2 refused').waitFor();
    await expect.poll(() => page.getByTestId('leaf-sync-last').textContent()).toMatch(/^Last sync .+: 100 new, 0 updated, 2 refused$/);
    expect(await page.getByTestId('leaf-sync').isDisabled()).toBe(false);
    const report = page.getByTestId('leaf-sync-report');
    await report.getByText("LF-000089: unknown crop 'Dragonfruit'").waitFor();
    await report.getByText('LF-000097: missing sample number').waitFor();
    await expect.poll(() => page.getByTestId('pager-range').textContent()).toBe('1–20 of 98');
    await page.getByLabel('Search', { exact: true }).fill('L26001');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('leafs-table').locator('tbody tr[data-row-id]').count()).toBe(1);
    await page.getByTestId('leafs-table').getByRole('cell', { name: 'Orchard Co (Eastside)' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('downloads the current search as Excel', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByLabel('Download Excel').click()]);
    expect(download.suggestedFilename()).toBe('leafs-notcompleted.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const numbers: unknown[] = [];
    book.worksheets[0].eachRow((row, i) => i > 1 && numbers.push(row.getCell(2).value));
    expect(numbers).toEqual(['L26001']);
  });

  it('says so when the capture app fails, and imports nothing', async () => {
    app.failNext(1, 503, 'maintenance');
    await page.getByTestId('leaf-sync').click();
    await page.getByTestId('leaf-sync-report').getByText('The capture app answered 503: maintenance. Nothing was imported.').waitFor();
    await expect.poll(() => page.getByTestId('leaf-sync-last').textContent()).toMatch(/: nothing imported$/);
  });

  it('shows a row’s json: Original, Mapped and Test Leaf Data', async () => {
    // the row's icons share one tooltip: over one, its label; over the next, that one's; pressed, none
    await page.getByRole('button', { name: 'json of L26001' }).hover();
    await page.getByRole('tooltip', { name: 'json', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Archive L26001' }).hover();
    await page.getByRole('tooltip', { name: 'Archive', exact: true }).waitFor();
    expect(await page.getByRole('tooltip').count()).toBe(1);
    await page.getByRole('button', { name: 'json of L26001' }).click();
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
    const dialog = page.getByRole('dialog', { name: 'Leaf L26001' });
    await expect.poll(() => dialog.getByTestId('leaf-json-Original').textContent()).toContain('"id": "LF-000001"');
    expect(await dialog.getByTestId('leaf-json-Mapped').textContent()).toContain('"sampleNumber": "L26001"');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('fetches a row’s photo and location (sync), then shows the photo in its popup', async () => {
    await page.getByRole('button', { name: 'image of L26001' }).click();
    await page.getByRole('dialog', { name: 'Photo L26001' }).getByText('No photo yet.', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Photo L26001' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'sync L26001' }).click();
    await page.getByText('Successfully').first().waitFor();
    await expect.poll(async () => (await server.built.deps.db.selectFrom('captures').select('photo_path').where('sample_number', '=', 'L26001').executeTakeFirstOrThrow()).photo_path).not.toBeNull();
    await page.getByRole('button', { name: 'image of L26001' }).click();
    const img = page.getByTestId('leaf-photo');
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(160);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Photo L26001' }).waitFor({ state: 'detached' });
  });

  it('changes a row’s lab, archives it after asking, and restores it from Archived', async () => {
    const db = server.built.deps.db;
    await page.getByLabel('Lab of L26001').first().selectOption('Manual');
    await page.getByText('Successfully').first().waitFor();
    await expect.poll(async () => (await db.selectFrom('captures').select('lab').where('sample_number', '=', 'L26001').executeTakeFirstOrThrow()).lab).toBe('Manual');
    await page.getByRole('button', { name: 'Archive L26001' }).click();
    await page.getByRole('dialog', { name: 'Archive' }).getByText('Are you sure you want to archive this row?').waitFor();
    await page.getByRole('dialog', { name: 'Archive' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('dialog', { name: 'Archive' }).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('leafs-table').locator('tbody tr[data-row-id]').count()).toBe(0);
    await page.getByTestId('tab-archived').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('archived');
    // the only archived row
    await page.getByRole('button', { name: 'Restore L26001' }).click();
    await page.getByRole('dialog', { name: 'Restore' }).getByText('Are you sure you want to restore this row?').waitFor();
    await page.getByRole('dialog', { name: 'Restore' }).getByRole('button', { name: 'Yes' }).click();
    await expect.poll(async () => (await db.selectFrom('captures').select('status').where('sample_number', '=', 'L26001').executeTakeFirstOrThrow()).status).toBe('NotCompleted');
    await page.getByTestId('tab-notcompleted').click();
    // the tab opens afresh, newest first: the restored row is on the last page
    await page.getByRole('button', { name: 'Last' }).click();
    await page.getByRole('button', { name: 'Archive L26001' }).waitFor();
  });

  it('follows a sync started elsewhere (a schedule): Sync waits for it, and its line tells the result', async () => {
    // the capture app answers late (well within the client's 15 s): the sync is under way while the page loads, even on a busy machine
    app.delayNext(1, 6_000);
    await server.built.services.jobs.enqueueOnce('capture-sync', { kind: 'leaf' }, null, 'capture-sync:leaf');
    await page.reload();
    await page.getByTestId('leaf-sync-progress').waitFor();
    expect(await page.getByTestId('leaf-sync').isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('leaf-sync-last').textContent(), { timeout: 20_000 }).toMatch(/: 0 new, 0 updated, 2 refused$/);
    await page.getByTestId('leaf-sync-report').getByText('2 captures could not be imported', { exact: false }).waitFor();
    expect(await page.getByTestId('leaf-sync').isDisabled()).toBe(false);
  });

  it("/farmerssampleentries: syncs the soil captures, shows a json, archives and restores after asking", async () => {
    const farmers = await browser.newPage();
    await signIn(farmers, server.url, await createUser(server.built.deps.db, ['FarmersSampleEntries']), '/farmerssampleentries');
    await farmers.getByTestId('leaf-sync').click();
    await farmers.getByText('Synced: 10 new, 0 updated, 0 refused').waitFor();
    await expect.poll(() => farmers.getByTestId('leaf-sync-last').textContent()).toMatch(/: 10 new, 0 updated, 0 refused$/);
    await expect.poll(() => farmers.getByTestId('pager-range').textContent()).toBe('1–10 of 10');
    expect(await farmers.getByTestId('leafs-table').getByRole('columnheader', { name: 'Crop' }).count()).toBe(0);
    await farmers.getByRole('button', { name: 'json of S26001' }).click();
    const dialog = farmers.getByRole('dialog', { name: 'Sample S26001' });
    await dialog.getByText('Test Farmers Sample Data').waitFor();
    await expect.poll(() => dialog.getByTestId('leaf-json-Original').textContent()).toContain('"kind": "soil"');
    await farmers.keyboard.press('Escape');
    await farmers.getByRole('button', { name: 'Archive S26001' }).click();
    await farmers.getByRole('dialog', { name: 'Archive' }).getByRole('button', { name: 'Yes' }).click();
    await farmers.getByText('Successfully').first().waitFor();
    await farmers.getByTestId('tab-archived').click();
    await farmers.getByRole('button', { name: 'Restore S26001' }).click();
    await farmers.getByRole('dialog', { name: 'Restore' }).getByText('Are you sure you want to restore this row?').waitFor();
    await farmers.getByRole('dialog', { name: 'Restore' }).getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => farmers.getByTestId('leafs-table').locator('tbody tr[data-row-id]').count()).toBe(0);
    await farmers.getByTestId('tab-completed').click();
    await farmers.getByTestId('leafs-table').getByRole('columnheader', { name: 'Submitted Id' }).waitFor();
    await farmers.close();
  });

  it('is neither in the menu nor callable for a user without Leafs', async () => {
    const user = await createUser(server.built.deps.db, ['Crop']);
    await expectMenuAndApiGated(browser, server.url, user, { visible: 'Crop', hidden: 'Entries', calls: [{ path: leafsEndpoints.notCompleted.path }] });
  });
});
