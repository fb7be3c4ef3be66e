import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CarbohydrateReference, controlsOptional, seedCarbohydrateReference, seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

const execFileAsync = promisify(execFile);

/** /carbohydrates in Chromium: filter, select across groups, group select, merge, edit, downloads, gating. */
let server: TestServer;
let browser: Browser;
let pool: PagePool;
let ref: CarbohydrateReference;
let staff: { email: string; password: string };
let nobody: { email: string; password: string };
const dir = mkdtempSync(join(tmpdir(), 'carbo-e2e-'));

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  ref = await seedCarbohydrateReference(db);
  // the list's own behaviour, not quality control: these runs carry no controls (ADR 0253)
  await controlsOptional(db);
  await seedCarbohydrateReference(db, ' 2');
  await seedLabJob(db, ref, {
    samples: [
      { sampleNumber: 'S1', sugar: 5.126, starch: 12.5 },
      { sampleNumber: 'S2', sugar: 6, starch: 13 },
      { sampleNumber: 'S3', farm: 'Hilltop', sugar: 4, starch: 9, stage: 1 },
    ],
  });
  await seedLabJob(db, ref, {
    samples: [
      { sampleNumber: 'T1', entity: 'Orchard Co', farm: 'Eastside', sugar: 3, starch: 7 },
      { sampleNumber: 'T2', entity: 'Orchard Co', farm: 'Eastside', sugar: 2, starch: 8 },
    ],
  });
  await seedLabJob(db, ref, {
    samples: ['U1', 'U2', 'U3'].map((sampleNumber) => ({ sampleNumber, entity: 'Upland Estates', farm: 'North', sugar: 1, starch: 2 })),
  });
  staff = await createUser(db, ['CarbohydrateEntries']);
  nobody = await createUser(db, ['Settings']);
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url, { acceptDownloads: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(creds: { email: string; password: string }, path = '/carbohydrates'): Promise<Page> {
  const page = await pool.newPage();
  await signIn(page, server.url, creds, path);
  return page;
}
const line = (page: Page) => page.getByTestId('selection-line');
const row = (page: Page, table: string, sample: string) =>
  page.getByTestId(table).locator('tbody tr[data-row-id]', { has: page.getByTestId(`select-${sample}`) });
const rowsOf = (page: Page, table: string) =>
  page.getByTestId(table).locator('tbody tr[data-row-id] td:nth-child(2)').allTextContents();

describe('/carbohydrates', () => {
  it('filters, and keeps a selection across groups and pages', async () => {
    const page = await open(staff);
    const errors = watchPageErrors(page);
    await page.getByTestId('select-S1').waitFor();
    await expect.poll(() => rowsOf(page, 'grouped-table')).toEqual(['U1', 'U2', 'U3', 'T1', 'T2', 'S1', 'S2', 'S3']);
    // each location group starts with a header naming it: client · farm · job
    const heads = await page.getByTestId('grouped-table').getByTestId('group-header').allTextContents();
    expect(heads.map((h) => h.replace(/J\d+$/, 'J#'))).toEqual([
      'Upland Estates · North · J#', 'Orchard Co · Eastside · J#', 'Green Valley Farms · Riverside · J#', 'Green Valley Farms · Hilltop · J#',
    ]);
    expect(await row(page, 'grouped-table', 'S1').locator('td').nth(9).textContent()).toBe('5.13');
    await page.getByTestId('toggle-filters').click();
    await page.getByTestId('filter-client').fill('green');
    await page.getByTestId('filter-search').click();
    await expect.poll(() => rowsOf(page, 'grouped-table')).toEqual(['S1', 'S2', 'S3']);
    await page.getByTestId('select-S1').check();
    await page.getByTestId('select-S3').check();
    await expect.poll(() => line(page).textContent()).toBe('You have selected 2 which creates 2 pages.');
    await page.getByTestId('filter-reset').click();
    await expect.poll(() => rowsOf(page, 'grouped-table')).toHaveLength(8);
    await page.getByTestId('select-T1').check();
    await expect.poll(() => line(page).textContent()).toBe('You have selected 3 which creates 3 pages.');
    // the RESULTS tab shows the same selection
    await page.getByTestId('tab-results').click();
    await page.getByTestId('results-table').waitFor();
    expect(await page.getByTestId('select-T1').isChecked()).toBe(true);
    await page.getByTestId('clear-selection').click();
    await expect.poll(() => line(page).textContent()).toBe('You have selected 0 which creates 0 pages.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sorts the RESULTS tab by every column with data, e.g. Sugar both ways', async () => {
    const page = await open(staff, '/carbohydrates?tab=results');
    const errors = watchPageErrors(page);
    await page.getByTestId('select-S1').waitFor();
    const table = page.getByTestId('results-table');
    for (const head of ['Sample Number', 'Entity', 'Farm', 'Crop / Cultivar', 'Region', 'Field Block Number', 'Growth Phase (Organ)', 'Organ',
      'Sugar', 'Starch', 'Field Date', 'Job Created', 'Result date']) {
      // the header that starts with the name ('Organ', not 'Growth Phase (Organ)')
      const th = table.locator('th', { hasText: new RegExp(`^${head.replace(/[()/]/g, '\\$&')}`) }).first();
      await th.click();
      await expect.poll(() => th.getAttribute('aria-sort'), { message: head }).toBe('ascending');
    }
    await table.locator('th', { hasText: 'Sugar' }).click();
    await expect.poll(() => rowsOf(page, 'results-table')).toEqual(['U1', 'U2', 'U3', 'T2', 'T1', 'S3', 'S1', 'S2']);
    await table.locator('th', { hasText: 'Sugar' }).click();
    await expect.poll(() => rowsOf(page, 'results-table')).toEqual(['S2', 'S1', 'S3', 'T1', 'T2', 'U3', 'U2', 'U1']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('selects across pages of the RESULTS tab', async () => {
    const page = await open(staff, '/carbohydrates?tab=results&r.size=5&r.sort=sampleNumber');
    await expect.poll(() => rowsOf(page, 'results-table')).toEqual(['S1', 'S2', 'S3', 'T1', 'T2']);
    await page.getByTestId('select-S1').check();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => rowsOf(page, 'results-table')).toEqual(['U1', 'U2', 'U3']);
    await page.getByTestId('select-U2').check();
    await expect.poll(() => line(page).textContent()).toBe('You have selected 2 which creates 2 pages.');
    await page.getByRole('button', { name: '1', exact: true }).click();
    await expect.poll(() => rowsOf(page, 'results-table')).toEqual(['S1', 'S2', 'S3', 'T1', 'T2']);
    expect(await page.getByTestId('select-S1').isChecked()).toBe(true);
    // the search box says it matches the start of a value: 'or' finds client Orchard Co, 'chard' nothing
    const search = page.getByPlaceholder('Start of sample, client, farm or block');
    await search.fill('or');
    await search.press('Enter');
    await expect.poll(() => rowsOf(page, 'results-table')).toEqual(['T1', 'T2']);
    await search.fill('chard');
    await search.press('Enter');
    await expect.poll(() => rowsOf(page, 'results-table')).toEqual([]);
    await page.close();
  });

  it('keeps where a page starts in the URL, so a reload of a page seeks from there', async () => {
    const page = await open(staff, '/carbohydrates?tab=results&r.size=5&r.sort=sampleNumber');
    await expect.poll(() => rowsOf(page, 'results-table')).toEqual(['S1', 'S2', 'S3', 'T1', 'T2']);
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => rowsOf(page, 'results-table')).toEqual(['U1', 'U2', 'U3']);
    await expect.poll(() => new URL(page.url()).searchParams.get('r.at') ?? '').toMatch(/^2~\w+~[\w-]+$/);
    const sent: { page?: number; anchor?: { page: number } }[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/carbohydrate/paged')) sent.push(req.postDataJSON() as { page?: number; anchor?: { page: number } });
    });
    await page.reload();
    await expect.poll(() => rowsOf(page, 'results-table')).toEqual(['U1', 'U2', 'U3']);
    expect(sent[0]).toMatchObject({ page: 2, anchor: { page: 2 } });
    // page 1 keeps a clean URL
    await page.getByRole('button', { name: '1', exact: true }).click();
    await expect.poll(() => rowsOf(page, 'results-table')).toEqual(['S1', 'S2', 'S3', 'T1', 'T2']);
    await expect.poll(() => new URL(page.url()).searchParams.has('r.at')).toBe(false);
    await page.close();
  });

  it('a page load sends its tab\'s list at once, while the session is still asked, and the table takes that answer', async () => {
    const page = await open(staff);
    for (const [path, list, table, first] of [
      ['/carbohydrates', '/api/carbohydrate/pagedgroupedlocation', 'grouped-table', 'U1'],
      ['/carbohydrates?tab=results', '/api/carbohydrate/paged', 'results-table', 'S1'],
    ] as const) {
      const lists: string[] = [];
      let listSeen: () => void = () => undefined;
      const seen = new Promise<void>((resolve) => (listSeen = resolve));
      const onRequest = (req: { url: () => string }) => {
        if (new URL(req.url()).pathname !== list) return;
        lists.push(req.url());
        listSeen();
      };
      page.on('request', onRequest);
      // the session's answer is held until the list's request is out (or 10 s: then it was not, and the test fails)
      let sentBeforeSession = false;
      await page.route('**/api/auth/initial', async (route) => {
        sentBeforeSession = await Promise.race([seen.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]);
        await route.continue();
      });
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => rowsOf(page, table)).toContain(first);
      await page.unroute('**/api/auth/initial');
      page.off('request', onRequest);
      expect(sentBeforeSession).toBe(true);
      // one request: the table took the early answer instead of asking again
      expect(lists).toHaveLength(1);
    }
    await page.close();
  });

  it('double-click checks and unchecks a whole group; a full group is marked', async () => {
    const page = await open(staff);
    await page.getByTestId('select-S1').waitFor();
    await row(page, 'grouped-table', 'S1').dblclick();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => line(page).textContent()).toBe('You have selected 2 which creates 1 pages.');
    await page.getByTestId('group-checked-S2').waitFor();
    expect(await page.getByTestId('select-S2').isChecked()).toBe(true);
    expect(await page.getByTestId('group-checked-S3').count()).toBe(0);
    // checking every row by hand marks the group too
    await page.getByTestId('select-S3').check();
    await page.getByTestId('group-checked-S3').waitFor();
    await row(page, 'grouped-table', 'S2').dblclick();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => line(page).textContent()).toBe('You have selected 1 which creates 1 pages.');
    expect(await page.getByTestId('select-S1').isChecked()).toBe(false);
    await page.close();
  });

  it('downloads the list as Excel, which LibreOffice opens with the expected rows', async () => {
    const page = await open(staff, '/carbohydrates?tab=results&r.sort=sampleNumber');
    await page.getByTestId('select-S1').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByLabel('Download Excel').click()]);
    const file = join(dir, 'results.xlsx');
    await download.saveAs(file);
    const csv = await libreOfficeCsv(file);
    expect(csv[0].slice(0, 3)).toEqual(['Sample Number', 'Entity', 'Farm']);
    expect(csv.slice(1).map((r) => r[0])).toEqual(['S1', 'S2', 'S3', 'T1', 'T2', 'U1', 'U2', 'U3']);
    expect(csv[1][11]).toBe('5.13');
    // Download Selected: exactly the checked rows
    await page.getByTestId('select-T2').check();
    await page.getByTestId('select-S2').check();
    const [selected] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-selected').click()]);
    const file2 = join(dir, 'selected.xlsx');
    await selected.saveAs(file2);
    expect((await libreOfficeCsv(file2)).slice(1).map((r) => r[1])).toEqual(['S2', 'T2']);
    await page.close();
  }, 240_000); // LibreOffice starts twice, slowly on a busy machine

  it('edits an entry: validation messages, and a crop change resets cultivar, region, tissue and growth', async () => {
    const page = await open(staff);
    await page.getByTestId('edit-S3').click();
    const dialog = page.getByTestId('edit-dialog');
    await page.getByTestId('edit-update').waitFor();
    expect(await page.getByTestId('edit-sampleNumber').inputValue()).toBe('S3');
    await page.getByTestId('edit-entity').fill('   ');
    await page.getByTestId('edit-update').click();
    await dialog.getByText('Entity required').waitFor();
    await page.getByTestId('edit-entity').fill('Green Valley Farms');
    expect(await page.getByTestId('edit-cultivarId').inputValue()).toBe('Wichita');
    await page.getByTestId('edit-cropId').click();
    await page.getByRole('option', { name: 'Pecan 2' }).click();
    await page.getByTestId('edit-cropId').click();
    await page.getByRole('option', { name: 'Pecan', exact: true }).click();
    expect(await page.getByTestId('edit-cultivarId').inputValue()).toBe('');
    expect(await page.getByTestId('edit-tissueId').inputValue()).toBe('');
    expect(await page.getByTestId('edit-cropGrowthId').inputValue()).toBe('');
    await dialog.getByText('Cultivar required').waitFor();
    await dialog.getByText('Organ type required').waitFor();
    await dialog.getByText('Growth required').waitFor();
    await page.getByTestId('edit-cultivarId').click();
    await page.getByRole('option', { name: 'Choctaw', exact: true }).click();
    await page.getByTestId('edit-tissueId').click();
    await page.getByRole('option', { name: 'Shoots', exact: true }).click();
    await page.getByTestId('edit-cropGrowthId').click();
    await page.getByRole('option', { name: 'Harvest (Shoots)', exact: true }).click();
    await page.getByTestId('edit-farmName').fill('Hilltop East');
    await page.getByTestId('edit-update').click();
    await page.getByTestId('edit-update').waitFor({ state: 'detached' });
    const s3 = row(page, 'grouped-table', 'S3');
    await expect.poll(() => s3.textContent()).toContain('Hilltop East');
    expect(await s3.textContent()).toContain('Pecan / Choctaw');
    expect(await s3.textContent()).toContain('Harvest (Shoots)');
    await page.close();
  });

  it('merges the groups of the selected entries into one', async () => {
    const page = await open(staff);
    await page.getByTestId('select-S1').check();
    await page.getByTestId('select-T1').check();
    await expect.poll(() => line(page).textContent()).toBe('You have selected 2 which creates 2 pages.');
    await page.getByTestId('merge-entries').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => line(page).textContent()).toBe('You have selected 0 which creates 0 pages.');
    await expect.poll(() => rowsOf(page, 'grouped-table')).toEqual(['S1', 'S2', 'T1', 'T2', 'U1', 'U2', 'U3', 'S3']);
    // the merged group's header names every client and farm it holds, not only its first row's
    const merged = page.getByTestId('grouped-table').getByTestId('group-header').first();
    await expect.poll(() => merged.textContent()).toMatch(/^Green Valley Farms, Orchard Co · Eastside, Riverside · merged group \d+$/);
    await row(page, 'grouped-table', 'T2').dblclick();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => line(page).textContent()).toBe('You have selected 4 which creates 1 pages.');
    await page.close();
  });

  it('shows the debug viewer to Admin only', async () => {
    const page = await open(staff);
    await page.getByTestId('edit-S1').waitFor();
    expect(await page.getByTestId('debug-S1').count()).toBe(0);
    await page.close();
    const adminPage = await open(ADMIN);
    await adminPage.getByTestId('debug-S1').click();
    await adminPage.getByTestId('debug-dialog').getByText('Original').waitFor();
    expect(await adminPage.getByTestId('debug-mapped').textContent()).toBe('(none)');
    await adminPage.close();
  });

  it('hides the screen from a user without CarbohydrateEntries, and the API answers 403', async () => {
    const page = await open(nobody, '/settings');
    await page.getByTestId('limits-card').waitFor();
    expect(await page.locator('a[href="/carbohydrates"]').count()).toBe(0);
    await page.goto(`${server.url}/carbohydrates`);
    await page.getByText('No access').waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/carbohydrate/paged', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
    expect(status).toBe(403);
    await page.close();
  });
});

/** The first sheet as CSV rows, converted by LibreOffice headless (a second, independent xlsx reader). */
/** The file as LibreOffice reads it, saved as CSV (one user profile for every call: its first start is the slow part). */
async function libreOfficeCsv(file: string): Promise<string[][]> {
  const out = mkdtempSync(join(dir, 'csv-'));
  await execFileAsync('soffice', [`-env:UserInstallation=file://${dir}/soffice-profile`, '--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true', '--outdir', out, file], { timeout: 120_000 });
  const csv = readdirSync(out).find((f) => f.endsWith('.csv'));
  if (!csv) throw new Error('LibreOffice wrote no CSV');
  return readFileSync(join(out, csv), 'utf8').trim().split('\n').map((l) => l.split(','));
}
