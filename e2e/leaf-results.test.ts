import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leafsEndpoints } from '@sapwood/contracts';
import { type CaptureResultInput, recordCaptureResults } from '../apps/server/src/features/leafs';
import { CapturesService } from '../apps/server/src/features/leafs/captures.service';
import { createCaptureClient } from '../apps/server/src/platform/integrations/capture.client';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { seedCarbohydrateReference } from '../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../tools/stand-ins/capture-server';

/**
 * The Results tabs of /leafs (LeafResults) and /farmerssampleentries in Chromium (issue 12): the element values
 * per sample with their units, N/A marked, the farmers' wide table; without LeafResults no Results tab, and
 * ?tab=results opens Not Completed.
 */
let app: CaptureStandIn;
let server: TestServer;
let browser: Browser;
let pool: PagePool;
let errors: string[] = [];

const db = () => server.built.deps.db;
const idOf = async (sampleNumber: string) => (await db().selectFrom('captures').select('id').where('sample_number', '=', sampleNumber).executeTakeFirstOrThrow()).id;
const record = (rows: CaptureResultInput[]) => db().transaction().execute((trx) => recordCaptureResults(trx, rows, null));

async function open(permissions: string[], path: string): Promise<Page> {
  const page = await pool.newPage();
  errors = watchPageErrors(page);
  await signIn(page, server.url, await createUser(db(), permissions), path);
  return page;
}
const rowOf = (page: Page, sampleNumber: string) => page.getByTestId('capture-results-table').locator('tbody tr[data-row-id]', { hasText: sampleNumber });
const valueIn = (page: Page, sampleNumber: string, code: string) => rowOf(page, sampleNumber).locator(`[data-code="${code}"]`).textContent();

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 12, soil: 6 });
  server = await startTestServer();
  await seedCarbohydrateReference(db());
  await db().insertInto('crops').values([{ name: 'Macadamia', factor: 1 }, { name: 'Apple', factor: 1 }, { name: 'Table grape', factor: 1 }]).execute();
  const captures = new CapturesService(db(), createCaptureClient({ url: app.url, apiKey: 'cap-key', timeoutMs: 5_000 }));
  await captures.sync('leaf', null);
  await captures.sync('soil', null);
  await record([
    { captureId: await idOf('L26001'), labName: 'Nvirotek', labNumber: 'NV-501', source: 'Nvirotek', values: { N: 2.45, P: 0.18, K: 1.2, NaPerc: 0.02, Na: 200, Fe: 132, No3: 640 } },
    { captureId: await idOf('L26002'), labName: 'Manual', labNumber: 'M-7', source: 'Manual', na: true, values: {} },
    { captureId: await idOf('S26001'), labName: 'Wynland', labNumber: 'WL-90', source: 'Wynland', values: { caToMg: 2.61, pBrayI: 32.5, phKcl: 5.4, zn: 3.2, cWb: 1.15, sAmAC: 7.1, tValueAmAc: 7.45, exchAcidKcl: 0.35 } },
  ]);
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await app?.close();
});

describe('Results tabs', () => {
  it('/leafs with LeafResults: a Results tab between Completed and Archived with the element values and their units', async () => {
    const page = await open(['Leafs', 'LeafResults'], '/leafs');
    const tabs = page.getByRole('tab');
    await expect.poll(() => tabs.allTextContents()).toEqual(['Not Completed', 'Completed', 'Results', 'Archived', 'Refused']);
    await page.getByTestId('tab-results').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('results');
    const table = page.getByTestId('capture-results-table');
    await expect.poll(() => table.locator('tbody tr[data-row-id]').count()).toBe(2);
    for (const header of ['Lab Number', 'Crop', 'N %', 'Na %', 'Na mg/kg', 'Fe mg/kg', 'NO3-N mg/l', 'NH4-N mg/l']) await table.getByRole('columnheader', { name: header, exact: true }).waitFor();
    expect(await valueIn(page, 'L26001', 'N')).toBe('2.45');
    expect(await valueIn(page, 'L26001', 'K')).toBe('1.2');
    expect(await valueIn(page, 'L26001', 'No3')).toBe('640');
    expect(await valueIn(page, 'L26001', 'Mo')).toBe('—');
    await rowOf(page, 'L26001').getByText('NV-501').waitFor();
    expect(await rowOf(page, 'L26002').getByTestId('result-na').textContent()).toBe('N/A');
    expect(await rowOf(page, 'L26001').getByTestId('result-na').count()).toBe(0);
    // the search finds the start of a sample number, in any case
    await page.getByLabel('Search', { exact: true }).fill('l26002');
    await page.keyboard.press('Enter');
    await expect.poll(() => table.locator('tbody tr[data-row-id]').count()).toBe(1);
    await rowOf(page, 'L26002').waitFor();
    // the tab's search as Excel, every value a column
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByLabel('Download Excel').click()]);
    expect(download.suggestedFilename()).toBe('leafs-results.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Sample Number', 'Lab Number', 'N/A', 'N %', 'NO3-N mg/l']));
    expect(sheet.rowCount).toBe(2);
    // the N/A column as every export writes it: 'Yes' on a row marked N/A (platform/excel naCell)
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['L26002', 'M-7', 'Yes']));
    // an address with the tab opens it
    await page.goto(`${server.url}/leafs?tab=results`);
    await expect.poll(() => valueIn(page, 'L26001', 'Fe')).toBe('132');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/farmerssampleentries: the Results tab is the wide table of the soil values, scrolling sideways', async () => {
    const page = await open(['FarmersSampleEntries'], '/farmerssampleentries?tab=results');
    const table = page.getByTestId('capture-results-table');
    await expect.poll(() => valueIn(page, 'S26001', 'pBrayI')).toBe('32.5');
    for (const header of ['Ca:Mg', 'K mg/kg', 'K %', 'P Bray I mg/kg', 'S mg/kg', 'pH (KCl)', 'Zn mg/kg', 'C WB %', 'SOM %', 'Acid sat. %', 'T-value cmol(+)/kg', 'S-value cmol(+)/kg']) {
      await table.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    expect(await table.getByRole('columnheader', { name: 'Crop' }).count()).toBe(0);
    expect(await valueIn(page, 'S26001', 'caToMg')).toBe('2.61');
    expect(await valueIn(page, 'S26001', 'sAmAC')).toBe('7.1');
    expect(await valueIn(page, 'S26001', 'som')).toBe('—');
    await rowOf(page, 'S26001').getByText('WL-90').waitFor();
    // wider than the screen: its box scrolls sideways
    const box = table.locator('table').locator('xpath=..');
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.getByRole('tab', { name: 'Results' }).getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/leafs without LeafResults: no Results tab, ?tab=results opens Not Completed, and the list is refused', async () => {
    const page = await open(['Leafs'], '/leafs?tab=results');
    await page.getByTestId('leafs-table').locator('tbody tr[data-row-id]').first().waitFor();
    await expect.poll(() => page.getByRole('tab').allTextContents()).toEqual(['Not Completed', 'Completed', 'Archived', 'Refused']);
    expect(await page.getByRole('tab', { name: 'Not Completed' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('capture-results-table').count()).toBe(0);
    expect((await page.request.post(`${server.url}${leafsEndpoints.getLeafResults.path}`, { data: {} })).status()).toBe(403);
    expect(errors).toEqual([]);
    await page.close();
  });
});
