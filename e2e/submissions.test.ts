import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_MESSAGES, SUBMISSION_MESSAGES as M } from '@sapwood/contracts';
import { CapturesService } from '../apps/server/src/features/leafs/captures.service';
import { createCaptureClient } from '../apps/server/src/platform/integrations/capture.client';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { seedCarbohydrateReference } from '../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../tools/stand-ins/capture-server';

/**
 * /submissions in Chromium (issue 13): tabs by permission and none open at first; the Prepare tab paged, searched
 * and sorted like every list, newest day first in the app's date format (issue 31); prepare a submission from a
 * pending group of leaf entries — the rules shown on their rows and fields, a test set on the selected rows, a
 * row split into a new group, submitted after asking —; then on Waiting for Lab link a lab job by hand.
 */
let app: CaptureStandIn;
let server: TestServer;
let browser: Browser;
let pool: PagePool;
let errors: string[] = [];

const db = () => server.built.deps.db;
const ALL = ['Submissions', 'SubmissionsPrepare', 'SubmissionsWaitingForLab', 'SubmissionsResults', 'SubmissionsCompleted', 'SubmissionsDelete'];

async function open(permissions: string[], path = '/submissions'): Promise<Page> {
  const page = await pool.newPage();
  errors = watchPageErrors(page);
  await signIn(page, server.url, await createUser(db(), permissions, { name: 'Prep Staff' }), path);
  return page;
}
const tabNames = (page: Page) => page.getByRole('tab').allTextContents();

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 150, soil: 6 });
  server = await startTestServer({ LAB_POLL_INTERVAL_MINUTES: '0' });
  const ref = await seedCarbohydrateReference(db());
  const mac = await db().insertInto('crops').values({ name: 'Macadamia', factor: 1 }).returning('id').executeTakeFirstOrThrow();
  await db().insertInto('cultivars').values({ crop_id: mac.id, name: 'Beaumont' }).execute();
  await db().insertInto('crops').values({ name: 'Apple', factor: 1 }).execute();
  await db().insertInto('agents').values({ name: 'Agent Smith' }).execute();
  await db().insertInto('depots').values({ name: 'Tzaneen depot' }).execute();
  await db().insertInto('agronomists').values({ name: 'Dr Nel' }).execute();
  expect(ref.cultivars[0].name).toBe('Wichita');
  const captures = new CapturesService(db(), createCaptureClient({ url: app.url, apiKey: 'cap-key', timeoutMs: 5_000 }));
  await captures.sync('leaf', null);
  await captures.sync('soil', null);
  // three entries of one day, client and farm: one pending group (Macadamia, Pecan, Macadamia), older than the stand-in's
  await db().updateTable('captures').set({ client_name: 'Orchard Co', farm_name: 'Eastside', agent: 'Agent Smith', agronomist: 'Dr Nel', captured_at: new Date('2025-11-02T08:00:00Z') })
    .where('sample_number', 'in', ['L26001', 'L26004', 'L26005']).execute();
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await app?.close();
});

describe('/submissions', () => {
  it('shows each tab only with its permission, and none open at first', async () => {
    const none = await open(['Submissions']);
    await none.getByText('You have no submission tabs.').waitFor();
    expect(await tabNames(none)).toEqual([]);
    await none.close();
    const prepareOnly = await open(['Submissions', 'SubmissionsPrepare']);
    await prepareOnly.getByText('Choose a tab.').waitFor();
    expect(await tabNames(prepareOnly)).toEqual(['Prepare']);
    expect(await prepareOnly.getByRole('tab', { selected: true }).count()).toBe(0);
    // the Waiting for Lab tab is not opened by its address either, and its list is refused
    await prepareOnly.goto(`${server.url}/submissions?tab=waiting`);
    await prepareOnly.getByText('Choose a tab.').waitFor();
    const status = await prepareOnly.evaluate(async () => (await fetch('/api/submission/pagedwaiting', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
    expect(status).toBe(403);
    await prepareOnly.close();
    const all = await open(ALL);
    await expect.poll(() => tabNames(all)).toEqual(['Prepare', 'Waiting for Lab', 'Results', 'Completed', 'Archived']);
    await all.close();
    const resultsOnly = await open(['Submissions', 'SubmissionsResults']);
    await expect.poll(() => tabNames(resultsOnly)).toEqual(['Results']);
    await resultsOnly.close();
  });

  it('pages, searches and sorts the Prepare tab like every list: the newest day first, as dd/mm/yyyy', async () => {
    const page = await open(ALL);
    await page.getByTestId('tab-prepare').click();
    const table = page.getByTestId('pending-table');
    const rows = table.getByTestId('pending-row');
    const column = async (n: number) => (await rows.locator(`td:nth-child(${n})`).allTextContents()).map((t) => t.trim());
    const day = (t: string) => t.split('/').reverse().join('-');
    await expect.poll(() => rows.count()).toBe(20);
    const total = Number((await page.getByTestId('pager-range').textContent())?.match(/of (\d+)$/)?.[1]);
    expect(total).toBeGreaterThan(20);
    expect(await table.locator('th').allTextContents()).toEqual(['Day', 'Client', 'Farm', 'Samples', 'Crops', 'Latest entry', 'Actions']);
    const days = await column(1);
    expect(days.every((d) => /^\d{2}\/\d{2}\/\d{4}$/.test(d)), days.join(' ')).toBe(true);
    expect(days.map(day)).toEqual([...days.map(day)].sort().reverse());
    expect(await table.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // several samples a group, as a lab takes them
    expect((await column(4)).map(Number).filter((n) => n >= 2).length).toBeGreaterThan(15);
    // the next page goes on with older days
    await page.getByLabel('Pages').getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(async () => (await column(1)).join()).not.toBe(days.join());
    expect(day((await column(1))[0]) <= day(days[days.length - 1])).toBe(true);
    // a search for the start of a client's name, then sorted by farm
    await page.getByLabel('Search', { exact: true }).fill('kloof');
    await page.getByLabel('Search button').click();
    await expect.poll(async () => (await column(2)).every((c) => c === 'Kloof Citrus') && (await rows.count()) > 0).toBe(true);
    expect(Number((await page.getByTestId('pager-range').textContent())?.match(/of (\d+)$/)?.[1])).toBeLessThan(total);
    await page.getByRole('columnheader', { name: 'Client' }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Client' }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByLabel('Search button').click();
    await expect.poll(async () => { const c = await column(2); return c.length === 20 && c.every((x, i) => i === 0 || c[i - 1].toLowerCase() <= x.toLowerCase()); }).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('prepares a submission from a pending group: rules at their fields, a bulk test, a split, then submits it', async () => {
    const page = await open(ALL);
    await page.getByTestId('tab-prepare').click();
    // the group is older than the stand-in's captures: found by its client
    await page.getByLabel('Search', { exact: true }).fill('Orchard');
    await page.getByLabel('Search button').click();
    const group = page.getByTestId('pending-row').filter({ hasText: 'Orchard Co' }).filter({ hasText: '02/11/2025' });
    await expect.poll(() => group.textContent()).toContain('Macadamia, Pecan');
    await group.getByRole('button', { name: /^prepare/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Prepare Submission' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('sample-row').count()).toBe(3);
    expect(await dialog.getByLabel('Entity Name').inputValue()).toBe('Orchard Co');
    expect(await dialog.getByRole('textbox', { name: 'Agent' }).inputValue()).toBe('Agent Smith');

    // Submit as it is: every missing thing is told at its field, and nothing is sent
    await dialog.getByTestId('submission-submit').click();
    await dialog.getByText(M.depotRequired).waitFor();
    expect(await dialog.getByText(M.cultivarRequired, { exact: true }).count()).toBe(3);
    expect(await dialog.getByText(M.growthPhaseRequired, { exact: true }).count()).toBe(3);
    expect(errors).toEqual([]);

    await dialog.getByRole('textbox', { name: 'Depot' }).click();
    await page.getByRole('option', { name: 'Tzaneen depot' }).click();
    await dialog.getByRole('textbox', { name: 'Submission Lab' }).click();
    await page.getByRole('option', { name: 'Manual', exact: true }).click();
    for (const [sample, cultivar] of [['L26001', 'Beaumont'], ['L26004', 'Wichita'], ['L26005', 'Beaumont']]) {
      await dialog.getByLabel(`Cultivars of ${sample}`).click();
      await page.getByRole('option', { name: cultivar }).click();
      await dialog.getByLabel(`Growth phase of ${sample}`).fill('Flowering');
    }
    // a test for the selected rows
    await dialog.getByLabel('Select L26001').check();
    await dialog.getByLabel('Select L26005').check();
    await dialog.getByRole('textbox', { name: 'Test for the selected rows' }).click();
    await page.getByRole('option', { name: 'Chloride', exact: true }).click();
    await dialog.getByTestId('bulk-test').click();
    expect(await dialog.getByLabel('Test of L26001').inputValue()).toBe('Chloride');
    expect(await dialog.getByLabel('Test of L26004').inputValue()).toBe('Standard Itest Leaf');
    // the selected rows into a group of their own
    await dialog.getByTestId('split-rows').click();
    expect(await dialog.getByTestId('sample-group-0').getByTestId('sample-row').count()).toBe(1);
    expect(await dialog.getByTestId('sample-group-1').getByTestId('sample-row').count()).toBe(2);

    await dialog.getByTestId('submission-submit').click();
    const ask = page.getByRole('dialog', { name: 'Submit' });
    await ask.getByText(M.submitConfirm).waitFor();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(M.success).first().waitFor();
    const saved = await db().selectFrom('submission_samples').select(['group_no', 'sample_number', 'test']).orderBy('group_no').orderBy('position').execute();
    expect(saved).toEqual([
      { group_no: 0, sample_number: 'L26004', test: 'StandardItestLeaf' },
      { group_no: 1, sample_number: 'L26001', test: 'Chloride' },
      { group_no: 1, sample_number: 'L26005', test: 'Chloride' },
    ]);
    await expect.poll(() => group.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('links a lab job by hand on Waiting for Lab, after asking for it', async () => {
    const page = await open(ALL, '/submissions?tab=waiting');
    const table = page.getByTestId('waiting-table');
    const row = table.locator('tbody tr[data-row-id]', { hasText: 'Orchard Co (Eastside)' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Prep Staff');
    await row.getByRole('button', { name: /^Manual Link/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Job Id' });
    await dialog.getByTestId('job-id-save').click();
    await dialog.getByText(M.labJobRequired).waitFor();
    await dialog.getByLabel('Lab Job Id').fill('JOB-2026-7');
    await dialog.getByTestId('job-id-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(M.success).first().waitFor();
    await expect.poll(() => row.textContent()).toContain('JOB-2026-7');
    // with a lab job, neither Manual Link nor delete
    expect(await row.getByRole('button', { name: /^Manual Link|^delete/ }).count()).toBe(0);
    // once its results are in, it is on the Results tab, with its history
    await db().updateTable('submissions').set({ state: 'Results' }).where('lab_job_id', '=', 'JOB-2026-7').execute();
    await page.getByTestId('tab-results').click();
    const result = page.getByTestId('results-table').locator('tbody tr[data-row-id]', { hasText: 'Orchard Co (Eastside)' });
    await result.waitFor();
    await result.getByRole('button', { name: /^history/ }).click();
    await page.getByText('Lab job JOB-2026-7 linked by hand').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('New: uploads the sample CSV, pastes rows from a spreadsheet, and tells the rows what they lack', async () => {
    const page = await open(ALL, '/submissions?tab=prepare');
    await page.getByTestId('prepare-new').click();
    const dialog = page.getByRole('dialog', { name: 'Prepare Submission' });
    await dialog.getByTestId('upload-csv').click();
    const upload = page.getByRole('dialog', { name: 'Upload CSV' });
    const [download] = await Promise.all([page.waitForEvent('download'), upload.getByTestId('sample-csv').click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Sample Number,Block,Crop,Cultivars,Growth phase,Test,Optional tests');
    // a stray quote (issue 34): the line named, nothing taken, the dialog stays open
    const broken = 'Sample Number,Block\r\nL1001,B1\r\n"L1002,B2\r\nL1003,B3\r\n';
    await upload.locator('input[type=file]').setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(broken) });
    await upload.getByText(CSV_MESSAGES.unclosedQuote(3)).waitFor();
    expect(await dialog.getByTestId('sample-row').count()).toBe(1);
    await upload.locator('input[type=file]').setInputFiles({ name: 'sample.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await upload.waitFor({ state: 'detached' });
    expect(await dialog.getByTestId('sample-row').count()).toBe(2);
    expect(await dialog.getByLabel('Sample Number of row 1').inputValue()).toBe('L1001');
    expect(await dialog.getByLabel('Crop of L1001').inputValue()).toBe('Macadamia');
    expect(await dialog.getByLabel('Test of L1002').inputValue()).toBe('Itest Leaf Incl Ph');
    expect(await dialog.getByLabel('Growth phase of L1002').inputValue()).toBe('Nut fill');

    // three lines of two cells pasted into the second row's sample number: rows 2 to 4
    await dialog.getByLabel('Sample Number of row 2').evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, 'L2001\tB7\nL2002\tB8\r\nL2003\tB9\n');
    // the engine's preview first (issue 34): Apply fills the rows
    await page.getByTestId('paste-preview-apply').click();
    await expect.poll(() => dialog.getByTestId('sample-row').count()).toBe(4);
    expect(await dialog.getByLabel('Sample Number of row 2').inputValue()).toBe('L2001');
    expect(await dialog.getByLabel('Block of L2003').inputValue()).toBe('B9');
    // the pasted row kept the crop it had; the added ones have none, and say so at the field
    await dialog.getByTestId('submission-submit').click();
    await dialog.getByText(M.entityRequired).waitFor();
    expect(await dialog.getByText(M.cropRequired, { exact: true }).count()).toBe(2);
    expect(await dialog.getByLabel('Crop of L2002').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Crop of L2001').getAttribute('aria-invalid')).toBe('false');
    // typed work is not lost by a slip: closing asks first
    await page.keyboard.press('Escape');
    await page.getByText('You have unsaved changes. Discard them?').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
