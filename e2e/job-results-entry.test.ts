import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUND_MESSAGES, CARBOHYDRATE_BOUNDS, labEndpoints, settingsEndpoints } from '@sapwood/contracts';
import type { ApiClient } from '../tests/support/api-client';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { type CarbohydrateReference, controlsOptional, seedCarbohydrateReference, seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';
import { createUser, signedIn } from '../tests/support/users';

/** The results dialog's entry: nothing typed is lost, every row says whether it is saved, the keyboard and a pasted column. */
let server: TestServer;
let browser: Browser;
let pool: PagePool;
let ref: CarbohydrateReference;
let labUser: { email: string; password: string };
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url);
  const db = server.built.deps.db;
  ref = await seedCarbohydrateReference(db);
  // about entering results, not QC: a job completes without a control (e2e/qc.test.ts covers the requirement)
  await controlsOptional(db);
  labUser = await createUser(db, ['LabJobs'], { name: 'Results Tech' });
  api = await signedIn(server.url, labUser);
  const admin = await signedIn(server.url, ADMIN);
  await admin.call(settingsEndpoints.update, { sugarLimit: 10, starchLimit: 20, rowVersion: 1 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Row = { sampleNumber: string; sugar: number | null; starch: number | null; na: boolean; rowVersion: number; id: number };
const resultsOf = async (jobId: number): Promise<Row[]> => (await api.call(labEndpoints.jobData, { id: jobId })).body.testCarbohydrateLabResults;
const activeTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
/** the confirm's frame stays in the page, empty, once answered */
const confirmClosed = (page: Page) => expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toBe('');
/** the server's words for a value outside its usual range not confirmed (lab-results.service) */
const UNUSUAL_SUGAR = BOUND_MESSAGES.confirm(CARBOHYDRATE_BOUNDS.sugar);
const UNUSUAL_STARCH = BOUND_MESSAGES.confirm(CARBOHYDRATE_BOUNDS.starch);
const statusOf = (page: Page, sampleNumber: string) => page.getByTestId(`result-status-${sampleNumber}`).textContent();

async function open(page: Page, jobId: number) {
  await signIn(page, server.url, labUser, '/labjobs');
  await page.getByTestId(`job-card-${jobId}`).click();
  await page.getByTestId('results-table').waitFor();
}

async function paste(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).evaluate((el, t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

describe('job results entry', () => {
  it('asks before a close throws typed work away: No keeps it, Yes discards it; a close after saving does not ask', async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'U1', sugar: 1, starch: 1 }, { sampleNumber: 'U2' }, { sampleNumber: 'U3' }] });
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await open(page, jobId);
    // opens in the first empty Sugar cell
    await expect.poll(() => activeTestId(page)).toBe('result-1-sugar');
    await page.keyboard.type('3');
    await expect(statusOf(page, 'U2')).resolves.toBe('Unsaved');

    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('You have unsaved changes. Discard them?');
    await page.getByRole('button', { name: 'No' }).click();
    await confirmClosed(page);
    await expect(page.getByTestId('result-1-sugar').inputValue()).resolves.toBe('3');

    await page.getByTestId('results-cancel').click();
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('You have unsaved changes. Discard them?');
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByTestId('results-dialog').waitFor({ state: 'detached' });
    expect((await resultsOf(jobId))[1].sugar).toBeNull();

    // again: Enter saves the row, N/A saves at once; then a close asks nothing
    await page.getByTestId(`job-card-${jobId}`).click();
    await expect.poll(() => activeTestId(page)).toBe('result-1-sugar');
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await expect.poll(() => statusOf(page, 'U2')).toBe('Saved');
    await page.getByTestId('result-2-na').check();
    await expect.poll(() => statusOf(page, 'U3')).toBe('Saved');
    await page.keyboard.press('Escape');
    await page.getByTestId('results-dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('confirm-dialog').textContent()).toBe('');
    expect((await resultsOf(jobId)).map((r) => [r.sugar, r.na])).toEqual([[1, false], [4, false], [null, true]]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses text that is not a number at its cell, unlike a value over the limit', async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'N1' }, { sampleNumber: 'N2' }] });
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await open(page, jobId);
    await expect.poll(() => activeTestId(page)).toBe('result-0-sugar');
    await page.keyboard.type('abc');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('result-0-sugar-error').textContent()).toBe('Must be a number');
    expect(await activeTestId(page)).toBe('result-0-sugar');
    await page.keyboard.press('Tab');
    expect(await activeTestId(page)).toBe('result-0-sugar');
    expect((await resultsOf(jobId))[0].sugar).toBeNull();

    // closing with refused text asks too
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('You have unsaved changes. Discard them?');
    await page.getByRole('button', { name: 'No' }).click();
    await confirmClosed(page);

    // over the limit: a red ring, no message, and it is saved
    await page.getByTestId('result-1-sugar').fill('12');
    await page.getByTestId('result-1-sugar').press('Enter');
    await expect.poll(() => statusOf(page, 'N2')).toBe('Saved');
    await expect(page.getByTestId('result-1-sugar').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByTestId('result-1-sugar-error').count()).resolves.toBe(0);
    await expect(page.getByTestId('results-head-sugar').textContent()).resolves.toBe('Sugar (Max limit is 10)');

    // the refused text, corrected, saves and moves on
    await page.getByTestId('result-0-sugar').fill('5');
    await expect(page.getByTestId('result-0-sugar-error').count()).resolves.toBe(0);
    await page.getByTestId('result-0-sugar').press('Enter');
    await expect.poll(() => activeTestId(page)).toBe('result-1-sugar');
    await expect.poll(() => statusOf(page, 'N1')).toBe('Saved');
    expect((await resultsOf(jobId)).map((r) => r.sugar)).toEqual([5, 12]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses a value over 100 % at its row, and asks once before saving one outside its usual range (issue 31)', async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'B1' }, { sampleNumber: 'B2' }, { sampleNumber: 'B3' }] });
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await open(page, jobId);
    await expect.poll(() => activeTestId(page)).toBe('result-0-sugar');
    // impossible: refused at the row, nothing saved
    await page.keyboard.type('150');
    await page.keyboard.press('Enter');
    await expect.poll(() => statusOf(page, 'B1')).toBe('Failed');
    await expect(page.getByTestId('result-failure-B1').textContent()).resolves.toContain('Must be at most 100 %');
    expect((await resultsOf(jobId))[0].sugar).toBeNull();
    // unusual: asked; No sends it unconfirmed and the server refuses it (400 at `starch`): its words at the cell and
    // the row, the typed value kept in the cell, the row not saved
    await page.getByTestId('result-1-starch').fill('45');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/lab/updateresult') && r.status() === 400);
    await page.getByTestId('result-1-starch').press('Enter');
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('1 value is outside the usual range: B2 Starch 45 % (usual 0–40 %). Save anyway?');
    await page.getByRole('button', { name: 'No' }).click();
    await confirmClosed(page);
    expect((await (await refused).json()).fields).toEqual([{ field: 'starch', message: UNUSUAL_STARCH }]);
    await expect.poll(() => statusOf(page, 'B2')).toBe('Failed');
    await expect(page.getByTestId('result-failure-B2').textContent()).resolves.toBe(UNUSUAL_STARCH);
    await expect(page.getByTestId('result-1-starch-error').textContent()).resolves.toBe(UNUSUAL_STARCH);
    expect(Number(await page.getByTestId('result-1-starch').inputValue())).toBe(45);
    expect((await resultsOf(jobId))[1].starch).toBeNull();
    // Retry asks again; Yes saves it confirmed
    await page.getByTestId('result-retry-B2').click();
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('Save anyway?');
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => statusOf(page, 'B2')).toBe('Saved');
    expect((await resultsOf(jobId))[1].starch).toBe(45);
    // a pasted column with two unusual values: one question for both
    await page.getByTestId('result-0-sugar').fill('');
    await paste(page, 'result-0-sugar', '35\n5\n36');
    await page.getByTestId('paste-preview-apply').click();
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('2 values are outside the usual range: B1 Sugar 35 % (usual 0–30 %); B3 Sugar 36 % (usual 0–30 %). Save anyway?');
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(async () => (await resultsOf(jobId)).map((r) => r.sugar)).toEqual([35, 5, 36]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Submit with a declined unusual value: the server refuses the whole save, its words at the declined cell, nothing saved (issue 31)', async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'D1' }, { sampleNumber: 'D2' }, { sampleNumber: 'D3' }] });
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await open(page, jobId);
    await expect.poll(() => activeTestId(page)).toBe('result-0-sugar');
    // typed without leaving the rows by keyboard: nothing saved until Submit
    await page.getByTestId('result-0-sugar').fill('5');
    await page.getByTestId('result-1-starch').fill('45');
    await page.getByTestId('result-2-sugar').fill('33');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/lab/updateresults') && r.status() === 400);
    await page.getByTestId('results-submit').click();
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('2 values are outside the usual range: D2 Starch 45 % (usual 0–40 %); D3 Sugar 33 % (usual 0–30 %). Save anyway?');
    await page.getByRole('button', { name: 'No' }).click();
    await confirmClosed(page);
    expect((await (await refused).json()).fields).toEqual([{ field: 'entries.1.starch', message: UNUSUAL_STARCH }, { field: 'entries.2.sugar', message: UNUSUAL_SUGAR }]);
    await expect.poll(() => page.getByTestId('result-1-starch-error').textContent()).toBe(UNUSUAL_STARCH);
    await expect(page.getByTestId('result-2-sugar-error').textContent()).resolves.toBe(UNUSUAL_SUGAR);
    await expect(page.getByTestId('result-failure-D2').textContent()).resolves.toBe(UNUSUAL_STARCH);
    await expect(page.getByTestId('results-error').textContent()).resolves.toBe(`Sample D2: ${UNUSUAL_STARCH}\nSample D3: ${UNUSUAL_SUGAR}`);
    // one transaction: the usual value of D1 is not saved either, and every typed value stays in its cell
    expect((await resultsOf(jobId)).map((r) => [r.sugar, r.starch])).toEqual([[null, null], [null, null], [null, null]]);
    expect(await Promise.all(['result-0-sugar', 'result-1-starch', 'result-2-sugar'].map(async (id) => Number(await page.getByTestId(id).inputValue())))).toEqual([5, 45, 33]);
    expect(await page.getByTestId('results-dialog').count()).toBe(1);
    // Submit again, Yes: all saved, the unusual values confirmed
    await page.getByTestId('results-submit').click();
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('2 values are outside the usual range');
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByTestId('results-dialog').waitFor({ state: 'detached' });
    expect((await resultsOf(jobId)).map((r) => [r.sugar, r.starch])).toEqual([[5, null], [null, 45], [33, null]]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows each row's save: Saved after Enter, Failed with the server's words and a Retry when someone else saved it first", async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'C1' }, { sampleNumber: 'C2' }, { sampleNumber: 'C3' }] });
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await open(page, jobId);
    await expect.poll(() => activeTestId(page)).toBe('result-0-sugar');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect.poll(() => statusOf(page, 'C1')).toBe('Saved');

    // someone else saves C2 behind the dialog's back
    const c2 = (await resultsOf(jobId))[1];
    expect((await api.call(labEndpoints.updateResult, { id: c2.id, sugar: 6, starch: null, na: false, rowVersion: c2.rowVersion })).status).toBe(200);
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');
    await expect.poll(() => statusOf(page, 'C2')).toBe('Failed');
    await expect(page.getByTestId('result-failure-C2').textContent()).resolves.toContain('changed by someone else');
    expect((await resultsOf(jobId))[1].sugar).toBe(6);
    // unsaved: a close asks
    await page.getByTestId('results-cancel').click();
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('You have unsaved changes. Discard them?');
    await page.getByRole('button', { name: 'No' }).click();
    await confirmClosed(page);

    // Retry: the row's new values are shown, and Yes saves ours over them
    await page.getByTestId('result-retry-C2').click();
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('it now holds Sugar 6.00');
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => statusOf(page, 'C2')).toBe('Saved');
    expect((await resultsOf(jobId))[1].sugar).toBe(7);

    // a refusal of the server for a failing connection: Retry saves the same row again
    await page.route('**/api/lab/updateresult', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Database unavailable' }) }));
    await page.getByTestId('result-2-sugar').fill('9');
    await page.getByTestId('result-2-sugar').press('Enter');
    await expect.poll(() => statusOf(page, 'C3')).toBe('Failed');
    await expect(page.getByTestId('result-failure-C3').textContent()).resolves.toContain('Database unavailable');
    await page.unroute('**/api/lab/updateresult');
    await page.getByTestId('result-retry-C3').click();
    await expect.poll(() => statusOf(page, 'C3')).toBe('Saved');
    expect((await resultsOf(jobId)).map((r) => r.sugar)).toEqual([2, 7, 9]);
    await page.keyboard.press('Escape');
    await page.getByTestId('results-dialog').waitFor({ state: 'detached' });
    expect(errors.filter((e) => !e.includes('Database unavailable'))).toEqual([]);
    await page.close();
  });

  it('takes 20 rows of Sugar and Starch by keyboard alone', async () => {
    const n = 20;
    const { jobId } = await seedLabJob(server.built.deps.db, ref, {
      // one more than typed: the job stays current (a completed job's changes need a reason)
      samples: Array.from({ length: n + 1 }, (_, i) => ({ sampleNumber: `KB${String(i + 1).padStart(2, '0')}` })),
    });
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await open(page, jobId);
    await expect.poll(() => activeTestId(page)).toBe('result-0-sugar');
    for (let i = 0; i < n; i += 1) {
      await page.keyboard.type(String(1 + (i % 9)));
      await page.keyboard.press('Tab');
      await page.keyboard.type(String(10 + i));
      // Tab leaves the row (and saves it) for the next row's Sugar; Enter saves the last
      await page.keyboard.press(i < n - 1 ? 'Tab' : 'Enter');
    }
    await expect.poll(async () => (await resultsOf(jobId)).filter((r) => r.sugar !== null && r.starch !== null).length, { timeout: 20_000 }).toBe(n);
    const rows = (await resultsOf(jobId)).slice(0, n);
    expect(rows.map((r) => [r.sugar, r.starch])).toEqual(Array.from({ length: n }, (_, i) => [1 + (i % 9), 10 + i]));
    await expect.poll(() => statusOf(page, 'KB20')).toBe('Saved');

    // the arrows move between rows in a column, and between Sugar and Starch at the edge of the text
    // Enter on the last typed row moved down to the next row's Starch
    await expect.poll(() => activeTestId(page)).toBe(`result-${n}-starch`);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => activeTestId(page)).toBe(`result-${n - 2}-starch`);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => activeTestId(page)).toBe(`result-${n - 2}-sugar`);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => activeTestId(page)).toBe(`result-${n - 1}-sugar`);
    // Enter moves down the same column, past an N/A row
    await page.getByTestId('result-3-na').check();
    await page.getByTestId('result-2-sugar').click();
    await page.keyboard.press('Enter');
    await expect.poll(() => activeTestId(page)).toBe('result-4-sugar');
    await expect.poll(() => statusOf(page, 'KB04')).toBe('Saved');
    await page.keyboard.press('Escape');
    await page.getByTestId('results-dialog').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('fills a column from a pasted spreadsheet column after a preview, skipping N/A rows and refusing a line that is not a number', async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, {
      samples: [{ sampleNumber: 'P1', starch: 3 }, { sampleNumber: 'P2' }, { sampleNumber: 'P3', na: true }, { sampleNumber: 'P4' }, { sampleNumber: 'P5' }, { sampleNumber: 'P6' }, { sampleNumber: 'P7' }],
    });
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await open(page, jobId);

    await paste(page, 'result-1-sugar', '1.5\nabc\n3\n');
    await expect.poll(() => page.getByTestId('results-error').textContent()).toContain('Line 2 of the pasted column is not a number');
    await expect(page.getByTestId('paste-preview-apply').count()).resolves.toBe(0);

    // Cancel changes nothing
    await paste(page, 'result-1-sugar', '9\n9\n');
    await page.getByTestId('paste-preview-apply').waitFor();
    await page.getByTestId('paste-preview-cancel').click();
    await page.getByTestId('paste-preview-apply').waitFor({ state: 'detached' });
    await expect(page.getByTestId('result-1-sugar').inputValue()).resolves.toBe('');

    await paste(page, 'result-1-sugar', '1.5\r\n2\r\n3,25\r\n4\r\n5\r\n');
    await page.getByTestId('paste-preview-apply').waitFor();
    const preview = await page.getByTestId('paste-preview').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(preview).toEqual([['P2', '—', '1.50'], ['P4', '—', '2.00'], ['P5', '—', '3.25'], ['P6', '—', '4.00'], ['P7', '—', '5.00']]);
    await page.getByTestId('paste-preview-apply').click();
    await page.getByTestId('paste-preview-apply').waitFor({ state: 'detached' });
    await expect(page.getByTestId('result-4-sugar').inputValue()).resolves.toBe('3.25');
    await expect.poll(() => statusOf(page, 'P7')).toBe('Saved');
    await expect.poll(async () => (await resultsOf(jobId)).map((r) => r.sugar)).toEqual([null, 1.5, null, 2, 3.25, 4, 5]);
    expect((await resultsOf(jobId))[0].starch).toBe(3);
    await page.keyboard.press('Escape');
    await page.getByTestId('results-dialog').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.close();
  });
});
