import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MfwStandIn, startMfwStandIn } from '../tools/stand-ins/mfw-server';
import { controlsOptional, seedCarbohydrateReference, seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { pdfPages } from '../tests/support/pdf';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';
import { CARBOHYDRATE_REPORT_MESSAGES as M } from '@sapwood/contracts';

/** The 'Download selected report' dialog, from a selection on /carbohydrates to the PDF and the MFW upload. */
let server: TestServer;
let mfw: MfwStandIn;
let browser: Browser;
let staff: { email: string; password: string };

beforeAll(async () => {
  mfw = await startMfwStandIn({ apiKey: 'e2e-key' });
  server = await startTestServer({ MFW_URL: mfw.url, MFW_API_KEY: 'e2e-key' });
  const db = server.built.deps.db;
  const ref = await seedCarbohydrateReference(db);
  await controlsOptional(db);
  await seedLabJob(db, ref, { samples: [{ sampleNumber: 'R1', entity: 'Green Valley Farms', farm: 'Riverside', sugar: 5.5, starch: 12.25 }, { sampleNumber: 'R2', entity: 'Green Valley Farms', farm: 'Riverside', sugar: 9.5, starch: 13 }] });
  await seedLabJob(db, ref, { samples: [{ sampleNumber: 'H1', entity: 'Orchard Co', farm: 'Hilltop', sugar: 3.75, starch: 8 }] });
  await seedLabJob(db, ref, { samples: [{ sampleNumber: 'G1', entity: 'Green Valley Farms', farm: 'Hilltop', sugar: 4.5, starch: 9 }] });
  await db.insertInto('addresses').values({ name: 'Sapwood Labs', address_line: '1 Lab Road', area: 'Stellenbosch', code: '7600', number: '021 555 0101', email: 'lab@sapwood.test', website: 'sapwood.test', file_prefix: 'SWL', logo_word: 'SAPWOOD', is_default: true }).execute();
  await db.insertInto('distributors').values({ name: 'AgriCo' }).execute();
  staff = await createUser(db, ['CarbohydrateEntries'], { name: 'Lab Staff' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mfw?.close();
});

/** Selects the samples (R1, R2 and H1: two clients, Green Valley Farms and Orchard Co) and opens the dialog. */
async function selectAndOpen(page: Page, samples = ['R1', 'R2', 'H1']) {
  await signIn(page, server.url, staff, '/carbohydrates');
  for (const s of samples) await page.getByTestId(`select-${s}`).check();
  await expect.poll(() => page.getByTestId('selection-line').textContent()).toBe('You have selected 3 which creates 2 pages.');
  await page.getByTestId('download-report').click();
  await page.getByTestId('report-client').waitFor();
}

describe('Download selected report', () => {
  it('prefills from the first selected result, requires every field, and downloads the PDF from a new tab', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await selectAndOpen(page);
    // prefilled from the lab result of the first selected entry
    await expect.poll(() => page.getByTestId('report-client').inputValue()).toBe('Green Valley Farms');
    expect(await page.getByTestId('report-farm').inputValue()).toBe('Riverside');
    expect(await page.getByTestId('report-agriculturist').inputValue()).toBe('Dr Nel');
    expect(await page.getByTestId('report-agent').inputValue()).toBe('Agent Smith');
    expect(await page.getByTestId('report-summary').isChecked()).toBe(true);
    expect(await page.getByTestId('report-low-quality').isChecked()).toBe(false);
    // the selection spans two clients: said before Download (ADR 0252), which stays allowed
    const clients = [{ client: 'Green Valley Farms', entries: 2 }, { client: 'Orchard Co', entries: 1 }];
    await page.getByTestId('report-many-clients').getByText(M.manyClients(clients)).waitFor();
    expect(await page.getByTestId('report-download').isEnabled()).toBe(true);
    // every field is required: nothing is sent while one is empty
    await page.getByTestId('report-client').fill('');
    await page.getByTestId('report-download').click();
    await page.getByText('Client Name is required').waitFor();
    // the message names the field as its label does ('Distributors')
    expect(await page.locator('label', { hasText: /^Distributors/ }).count()).toBe(1);
    await page.getByText('Distributors is required').waitFor();
    expect(context.pages()).toHaveLength(1);
    await page.getByTestId('report-client').fill('Green Valley Farms');
    await page.getByTestId('report-distributor').click();
    await page.getByRole('option', { name: 'AgriCo' }).click();
    // Download posts the form to a new tab, which shows progress and then downloads the report
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('report-download').click()]);
    await page.getByText('Starting download').waitFor();
    const download = await tab.waitForEvent('download', { timeout: 30_000 });
    expect(tab.url()).toMatch(/\/reports\/carbohydrate\/\d+$/);
    expect(download.suggestedFilename()).toMatch(/^SWL-carbohydrates-Green_Valley_Farms-.*\.pdf$/);
    const pages = pdfPages(await streamToBuffer(await download.createReadStream()));
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('R1');
    expect(pages[0]).toContain('9.50 H');
    expect(pages[1]).toContain('H1');
    expect(pages[2]).toContain('Summary');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses Upload to MFW of a selection of two clients, saying why (the server refuses it too)', async () => {
    const page = await browser.newPage();
    await selectAndOpen(page);
    await expect.poll(() => page.getByTestId('report-client').inputValue()).toBe('Green Valley Farms');
    const clients = [{ client: 'Green Valley Farms', entries: 2 }, { client: 'Orchard Co', entries: 1 }];
    await page.getByTestId('report-upload-refused').getByText(M.uploadOneClientShort).waitFor();
    expect(await page.getByTestId('report-upload-mfw').isDisabled()).toBe(true);
    // the button's own explanation, on hover
    await page.getByTestId('report-upload-mfw').locator('..').hover();
    await page.getByRole('tooltip').getByText(M.uploadOneClient(clients)).waitFor();
    // Download stays: the report is made under the client named, each group's page naming its own
    expect(await page.getByTestId('report-download').isEnabled()).toBe(true);
    await page.close();
  });

  it('uploads to MFW a selection of one client (two groups) and lists what succeeded and what failed', async () => {
    const page = await browser.newPage();
    await selectAndOpen(page, ['R1', 'R2', 'G1']);
    await expect.poll(() => page.getByTestId('report-client').inputValue()).toBe('Green Valley Farms');
    expect(await page.getByTestId('report-many-clients').count()).toBe(0);
    await page.getByTestId('report-distributor').click();
    await page.getByRole('option', { name: 'AgriCo' }).click();
    const before = mfw.received.length;
    mfw.failNext(6, 500, 'MFW is down for maintenance'); // three tries for each of the two groups
    await page.getByTestId('report-upload-mfw').click();
    const results = page.getByRole('dialog', { name: 'Posted result' });
    await results.getByText('Nothing successful').waitFor();
    await expect.poll(() => results.getByText(/MFW answered 500: MFW is down for maintenance/).count()).toBe(2);
    await results.getByRole('button', { name: 'Close' }).last().click();
    await page.getByTestId('report-upload-mfw').click();
    await results.getByText('Nothing failed').waitFor();
    await expect.poll(() => results.getByRole('listitem').count()).toBe(2);
    expect(mfw.received.length - before).toBe(2);
    await page.close();
  });
});

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
