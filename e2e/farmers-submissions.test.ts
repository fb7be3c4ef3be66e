import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES as M } from '@sapwood/contracts';
import { CapturesService } from '../apps/server/src/features/leafs/captures.service';
import { createCaptureClient } from '../apps/server/src/platform/integrations/capture.client';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../tools/stand-ins/capture-server';

/**
 * /farmerssamplesubmissions in Chromium (issue 13): the farmers' screen mirrors the leaf one with its own
 * calls — no crop columns, the farmer labs, and the farmer-sample default test refused at its field until a
 * real test is chosen; its CSV upload describes the farmers' columns and offers the farmers' sample file (issue
 * 31); the screen itself needs FarmersSampleSubmissions.
 */
let app: CaptureStandIn;
let server: TestServer;
let browser: Browser;
let pool: PagePool;
let errors: string[] = [];

const db = () => server.built.deps.db;

async function open(permissions: string[], path = '/farmerssamplesubmissions'): Promise<Page> {
  const page = await pool.newPage();
  errors = watchPageErrors(page);
  await signIn(page, server.url, await createUser(db(), permissions, { name: 'Soil Staff' }), path);
  return page;
}

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 4, soil: 8 });
  server = await startTestServer({ LAB_POLL_INTERVAL_MINUTES: '0' });
  await db().insertInto('agents').values({ name: 'Agent Smith' }).execute();
  await db().insertInto('depots').values({ name: 'Tzaneen depot' }).execute();
  await db().insertInto('agronomists').values({ name: 'Dr Nel' }).execute();
  await new CapturesService(db(), createCaptureClient({ url: app.url, apiKey: 'cap-key', timeoutMs: 5_000 })).sync('soil', null);
  await db().updateTable('captures').set({ client_name: 'Kloof Citrus', farm_name: 'Kloof 2', agent: 'Agent Smith', agronomist: 'Dr Nel', captured_at: new Date('2025-11-03T08:00:00Z') })
    .where('sample_number', 'in', ['S26001', 'S26002']).execute();
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await app?.close();
});

describe('/farmerssamplesubmissions', () => {
  it('prepares and submits a farmers’ group to the manual farmer lab, refusing the default test at its field', async () => {
    const page = await open(['FarmersSampleSubmissions', 'SubmissionsPrepare', 'SubmissionsWaitingForLab']);
    await expect.poll(() => page.getByRole('tab').allTextContents()).toEqual(['Prepare', 'Waiting for Lab']);
    await page.getByTestId('tab-prepare').click();
    const group = page.getByTestId('pending-row').filter({ hasText: 'Kloof Citrus' }).filter({ hasText: '03/11/2025' });
    await group.waitFor();
    expect(await page.getByTestId('pending-table').locator('th').allTextContents()).not.toContain('Crops');
    // without FarmersSampleEntries, no delete on the group
    expect(await group.getByRole('button', { name: /^delete/ }).count()).toBe(0);
    await group.getByRole('button', { name: /^prepare/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Prepare Submission' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Submission Lab' }).inputValue()).toMatch(/^(Manual|Nvirotek) \(farmer\)$/);
    expect(await dialog.getByLabel(/^Crop of/).count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Depot' }).click();
    await page.getByRole('option', { name: 'Tzaneen depot' }).click();
    await dialog.getByRole('textbox', { name: 'Submission Lab' }).click();
    await page.getByRole('option', { name: 'Manual (farmer)' }).click();
    await dialog.getByTestId('submission-submit').click();
    expect(await dialog.getByText(M.farmerDefaultTest, { exact: true }).count()).toBe(2);
    // the row keeps showing its default test, which its list does not let be chosen again
    expect(await dialog.getByLabel('Test of S26001').inputValue()).toBe('Farmer Sample');
    await dialog.getByLabel('Test of S26001').click();
    expect(await page.getByRole('option', { name: 'Farmer Sample', exact: true }).getAttribute('data-combobox-disabled')).toBe('true');
    expect(await page.getByRole('option', { name: 'Unknown', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    for (const sample of ['S26001', 'S26002']) await dialog.getByLabel(`Select ${sample}`).check();
    // Set test offers only the tests a farmers' row may be submitted with: neither Unknown nor Farmer Sample
    await dialog.getByRole('textbox', { name: 'Test for the selected rows' }).click();
    await page.getByRole('option', { name: 'P Bray I Water', exact: true }).waitFor();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered).not.toContain('Unknown');
    expect(offered).not.toContain('Farmer Sample');
    await page.getByRole('option', { name: 'P Bray I Water', exact: true }).click();
    await dialog.getByTestId('bulk-test').click();
    await dialog.getByTestId('submission-submit').click();
    await page.getByRole('dialog', { name: 'Submit' }).getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('tab-waiting').click();
    const row = page.getByTestId('waiting-table').locator('tbody tr[data-row-id]', { hasText: 'Kloof Citrus (Kloof 2)' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Manual (farmer)');
    expect(await db().selectFrom('submission_samples').select('test').execute()).toEqual([{ test: 'PBrayIWater' }, { test: 'PBrayIWater' }]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("uploads a farmers' CSV: the dialog names the farmers' columns and offers the farmers' sample file", async () => {
    const page = await open(['FarmersSampleSubmissions', 'SubmissionsPrepare'], '/farmerssamplesubmissions?tab=prepare');
    await page.getByTestId('prepare-new').click();
    const dialog = page.getByRole('dialog', { name: 'Prepare Submission' });
    await dialog.getByTestId('upload-csv').click();
    const upload = page.getByRole('dialog', { name: 'Upload CSV' });
    const told = await upload.textContent();
    expect(told).toContain('Sample Number, Block, Test, Optional tests');
    expect(told).not.toMatch(/Crop|Cultivars|Growth phase/);
    const [download] = await Promise.all([page.waitForEvent('download'), upload.getByTestId('sample-csv').click()]);
    expect(download.suggestedFilename()).toBe('farmers-submission-sample.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Sample Number,Block,Test,Optional tests');
    await upload.locator('input[type=file]').setInputFiles({ name: 'farmers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await upload.waitFor({ state: 'detached' });
    const rows = dialog.getByTestId('sample-row');
    expect(await rows.count()).toBe(2);
    const first = await dialog.getByLabel('Sample Number of row 1').inputValue();
    expect(first).toMatch(/^S/);
    expect(await dialog.getByLabel(`Test of ${first}`).inputValue()).toBe('P Bray I Water');
    expect(await dialog.getByLabel(/^Crop of/).count()).toBe(0);
    // pasted lines fill the farmers' columns in their order: sample number, block, test
    await dialog.getByLabel('Sample Number of row 2').evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, 'S3001\tB4\tEc\nS3002\tB5\tTexture');
    // the paste is shown first (the entry grids' preview) and applied
    await page.getByTestId('paste-preview-apply').click();
    expect(await dialog.getByLabel('Test of S3001').inputValue()).toBe('Ec');
    expect(await dialog.getByLabel('Block of S3002').inputValue()).toBe('B5');
    expect(await dialog.getByLabel('Test of S3002').inputValue()).toBe('Texture');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is neither in the menu nor open for a user without FarmersSampleSubmissions, and its calls are refused', async () => {
    const page = await open(['FarmersSampleEntries', 'SubmissionsPrepare'], '/farmerssampleentries');
    expect(await page.getByRole('link', { name: 'Submissions' }).count()).toBe(0);
    await page.goto(`${server.url}/farmerssamplesubmissions`);
    await page.getByText('You do not have permission to open this page.').waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/farmerssample/pagedwaiting', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
    expect(status).toBe(403);
    await page.close();
  });
});
