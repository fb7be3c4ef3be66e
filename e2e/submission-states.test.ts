import { readFileSync } from 'node:fs';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUAL_ENTRY_MESSAGES as M, SAMPLE_NO_RESULT, farmersSubmissionResultEndpoints as farmers, submissionResultEndpoints as leaf } from '@sapwood/contracts';
import { type World, startWorld } from '../apps/server/test/submission-results.fixtures';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { createUser } from '../tests/support/users';

/**
 * The Results, Completed and Archived tabs in Chromium (issue 14): a row's lab result and its data.csv, complete,
 * archive and restore after asking ('Successfully' or 'Failed'), the Completed tab's Posted column, docs, print of
 * an outside lab's submission without results, Combine Reports with two rows chosen, Export as Excel, the farmers'
 * screen through the same table, the actions a user without SubmissionsDelete does not get, and an outside lab's
 * values out of their bounds shown flagged (issue 31).
 */
let w: World;
let browser: Browser;
let pool: PagePool;
let errors: string[] = [];
const db = () => w.server.built.deps.db;
const ALL = ['Submissions', 'FarmersSampleSubmissions', 'SubmissionsWaitingForLab', 'SubmissionsResults', 'SubmissionsCompleted', 'SubmissionsDelete'];

async function open(permissions: string[], path: string): Promise<Page> {
  const page = await pool.newPage();
  errors = watchPageErrors(page);
  await signIn(page, w.server.url, await createUser(db(), permissions, { name: 'Result Clerk' }), path);
  return page;
}

/** A Manual (leaf) or ManualFarmer (soil) submission with its results typed in and submitted: on the Results tab. */
async function withResults(kind: 'leaf' | 'soil', clientName: string): Promise<number> {
  const { id, sheet } = await w.submitted(kind, kind === 'leaf' ? 'Manual' : 'ManualFarmer', { entries: 2, clientName });
  const values = kind === 'leaf' ? { N: 2.75, Fe: 81 } : { k: 123.5 };
  const r = await w.staff.call(kind === 'leaf' ? leaf.updateManual : farmers.updateManual, {
    submissionId: id, submit: true,
    manualResult: [{ sampleId: sheet.rows[0].sampleId, labNumber: 'LN-7', values, rowVersion: 0 }, { sampleId: sheet.rows[1].sampleId, na: true, rowVersion: 0 }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return id;
}

const rowOf = (page: Page, tab: string, id: number) => page.getByTestId(`${tab}-table`).locator(`tbody tr[data-row-id="${id}"]`);
/** A submission with results, and its row on the Results tab of its screen, seen by a user with these permissions. */
async function resultsRow(kind: 'leaf' | 'soil', clientName: string, permissions = ALL) {
  const id = await withResults(kind, clientName);
  const page = await open(permissions, `${kind === 'leaf' ? '/submissions' : '/farmerssamplesubmissions'}?tab=results`);
  const row = rowOf(page, 'results', id);
  await row.waitFor();
  return { id, page, row };
}
const snacks = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text }).count();
async function answerYes(page: Page, question: string) {
  const ask = page.getByTestId('confirm-dialog');
  await ask.getByText(question).waitFor();
  await ask.getByRole('button', { name: 'Yes' }).click();
}
async function openTab(page: Page, tab: string) {
  await page.getByTestId(`tab-${tab}`).click();
  await page.getByTestId(`${tab}-table`).waitFor();
}
const textOf = async (d: Download) => readFileSync((await d.path())!, 'utf8');
/** Completes a Results row after asking; answers its row on the Completed tab. */
async function complete(page: Page, row: Locator, id: number): Promise<Locator> {
  await row.getByRole('button', { name: `complete ${id}` }).click();
  await answerYes(page, 'Are you sure you want to complete this submission?');
  await row.waitFor({ state: 'detached' });
  await openTab(page, 'completed');
  const done = rowOf(page, 'completed', id);
  await done.waitFor();
  return done;
}

beforeAll(async () => {
  w = await startWorld();
  browser = await launchBrowser();
  pool = new PagePool(browser, w.server.url);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

describe('the Results, Completed and Archived tabs', () => {
  it('shows a row\'s lab result and exports it as data.csv; completes it onto Completed with its Posted date; archives and restores it', async () => {
    const { id, page, row } = await resultsRow('leaf', 'Results Co');
    expect(await row.textContent()).toContain('Results Co (Eastside)');

    // results: the read-only lab result, and its CSV made in the browser
    await row.getByRole('button', { name: `menu ${id}` }).click();
    await page.getByRole('menuitem', { name: 'results' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lab Result', exact: true });
    await dialog.getByTestId('lab-result-table').waitFor();
    expect(await dialog.getByTestId('lab-name').textContent()).toContain('Results Co');
    expect(await dialog.getByTestId('lab-result-table').textContent()).toContain('2.75');
    // the N/A sample says why it shows no values (issue 31: never silently empty)
    expect(await dialog.getByTestId('lab-result-no-result').allTextContents()).toEqual([SAMPLE_NO_RESULT.na]);
    const [csv] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-csv').click()]);
    expect(csv.suggestedFilename()).toBe('data.csv');
    const lines = (await textOf(csv)).split('\r\n');
    expect(lines[0]).toMatch(/^Lab Number,Sample Reference,.*,No values$/);
    expect(lines[1]).toContain('LN-7');
    expect(lines[1]).toContain('2.75');
    expect(lines[2]).toMatch(new RegExp(`,${SAMPLE_NO_RESULT.na}$`));
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // complete, after asking: off Results, onto Completed, not yet posted
    const done = await complete(page, row, id);
    const headers = await page.getByTestId('completed-table').locator('thead th').allTextContents();
    expect(headers.slice(1)).toEqual(['Id', 'Client (Farm)', 'Samples', 'Completed On', 'Posted', 'Prepared By', 'Actions']);
    expect(await done.locator('td').nth(5).textContent()).toBe('');
    // once posted, its day, month, year and time
    await db().updateTable('submissions').set({ posted_to_mfw_at: new Date(2026, 10, 24, 9, 5) }).where('id', '=', id).execute();
    await page.reload();
    await expect.poll(() => done.locator('td').nth(5).textContent()).toBe('24/11/2026 09:05');
    // its report action (the report itself: e2e/submission-reports.test.ts; posting to MFW: e2e/submission-posting.test.ts)
    expect(await done.getByRole('button', { name: `report ${id}` }).count()).toBe(1);

    // archive, after asking: 'Successfully', and on Archived
    await done.getByRole('button', { name: `archive ${id}` }).click();
    await answerYes(page, 'Are you sure you want to archive this row?');
    await expect.poll(() => snacks(page, 'Successfully')).toBeGreaterThan(0);
    await done.waitFor({ state: 'detached' });
    await openTab(page, 'archived');
    const archived = rowOf(page, 'archived', id);
    await archived.waitFor();
    expect(await archived.getByRole('button', { name: `archive ${id}` }).count()).toBe(0);
    expect(await page.getByTestId('archived-table').locator('thead th').allTextContents()).toContain('Submitted On');
    // restore, after asking: back to Completed
    await archived.getByRole('button', { name: `restore ${id}` }).click();
    await answerYes(page, 'Are you sure you want to restore this row?');
    await archived.waitFor({ state: 'detached' });
    await openTab(page, 'completed');
    await rowOf(page, 'completed', id).waitFor();

    // docs: none uploaded
    await rowOf(page, 'completed', id).getByRole('button', { name: `menu ${id}` }).click();
    await page.getByRole('menuitem', { name: 'docs' }).click();
    const files = page.getByRole('dialog', { name: 'Files' });
    await files.getByText(M.noFiles).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says Failed when the row was archived meanwhile', async () => {
    const { id, page, row } = await resultsRow('leaf', 'Raced Co');
    expect((await w.staff.call(leaf.archive, { id })).status).toBe(200);
    await row.getByRole('button', { name: `archive ${id}` }).click();
    await answerYes(page, 'Are you sure you want to archive this row?');
    await expect.poll(() => snacks(page, 'Failed')).toBeGreaterThan(0);
    await row.waitFor({ state: 'detached' });
    await page.close();
  });

  it('prints an outside lab\'s submission: no lab results yet; no print for a Manual one', async () => {
    const { id } = await w.submitted('leaf', 'Wynland', { entries: 1, clientName: 'Wyn Co' });
    const manual = await withResults('leaf', 'Manual Co');
    const page = await open(ALL, '/submissions?tab=waiting');
    const waiting = rowOf(page, 'waiting', id);
    await waiting.getByRole('button', { name: `print ${id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Lab Results', exact: true });
    await dialog.getByText(M.noResults).waitFor();
    expect(await dialog.getByTestId('lab-results-print').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await db().updateTable('submissions').set({ state: 'Results' }).where('id', '=', id).execute();
    await openTab(page, 'results');
    await rowOf(page, 'results', id).getByRole('button', { name: `menu ${id}` }).click();
    await page.getByRole('menuitem', { name: 'print' }).click();
    await dialog.getByText(M.noResults).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // the row's menu fades out (opacity 0, still in the page) until its exit transition ends
    await page.locator('[role=menu]').waitFor({ state: 'detached' });
    // a Manual submission's results are its entry: its menu has no print
    await rowOf(page, 'results', manual).getByRole('button', { name: `menu ${manual}` }).click();
    await page.getByRole('menuitem', { name: 'results' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'print' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers Combine Reports with two rows chosen, and exports the chosen rows (or all) as Excel', async () => {
    const a = await withResults('leaf', 'Combine A');
    const b = await withResults('leaf', 'Combine B');
    const page = await open(ALL, '/submissions?tab=results');
    await rowOf(page, 'results', a).getByLabel(`Select ${a}`).check();
    await page.getByTestId('selected-count').getByText('1 selected').waitFor();
    expect(await page.getByTestId('combine-reports').count()).toBe(0);
    const [one] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-results').click()]);
    expect(one.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(one.url()).toContain(`ids=${a}`);
    await rowOf(page, 'results', b).getByLabel(`Select ${b}`).check();
    await page.getByTestId('combine-reports').click();
    // the Report Settings of both, a tab each (the combined report itself: e2e/submission-reports.test.ts)
    const dialog = page.getByRole('dialog', { name: 'Report Settings · Combine Reports' });
    await dialog.getByTestId('report-tab-1').waitFor();
    expect(await dialog.getByRole('tab').allTextContents()).toEqual([`${a} · Combine A (Eastside)`, `${b} · Combine B (Eastside)`]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // none chosen: every row of the tab's state
    await rowOf(page, 'results', a).getByLabel(`Select ${a}`).uncheck();
    await rowOf(page, 'results', b).getByLabel(`Select ${b}`).uncheck();
    expect(await page.getByTestId('combine-reports').count()).toBe(0);
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-results').click()]);
    expect(all.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(all.url()).not.toContain('ids=');
    expect(readFileSync((await all.path())!).subarray(0, 2).toString()).toBe('PK');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works the same on the farmers\' screen: the lab result, complete, and an uploaded file\'s download link', async () => {
    const { id, page, row } = await resultsRow('soil', 'Soil Co');
    await row.getByRole('button', { name: `menu ${id}` }).click();
    expect(await page.getByRole('menuitem', { name: 'print' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'results' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lab Result', exact: true });
    expect(await dialog.getByTestId('lab-result-table').textContent()).toContain('123.5');
    await page.keyboard.press('Escape');
    const done = await complete(page, row, id);

    // docs: a file uploaded with the results, as a download link
    const status = await page.evaluate(async (submissionId) => {
      const form = new FormData();
      form.append('submissionId', String(submissionId));
      form.append('files', new File(['Sample,K\r\nS1,123.5\r\n'], 'lab-sheet.csv', { type: 'text/csv' }));
      return (await fetch('/api/farmerssample/uploadmanualsubmissionfiles', { method: 'POST', body: form })).status;
    }, id);
    expect(status).toBe(200);
    await done.getByRole('button', { name: `menu ${id}` }).click();
    await page.getByRole('menuitem', { name: 'docs' }).click();
    const files = page.getByRole('dialog', { name: 'Files' });
    const link = files.getByRole('link', { name: 'lab-sheet.csv' });
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(await textOf(file)).toContain('S1,123.5');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows an outside lab's out-of-bound values flagged in the Lab Result, its CSV and on the Results tab (issue 31, finding 5)", async () => {
    const { id } = await w.submitted('soil', 'NvirotekFarmer', { entries: 2, clientName: 'Flag Farm' });
    await expect.poll(async () => (await db().selectFrom('submissions').select('submission_work_order').where('id', '=', id).executeTakeFirstOrThrow()).submission_work_order, { timeout: 15_000, interval: 100 }).not.toBeNull();
    const wo = (await db().selectFrom('submissions').select('submission_work_order').where('id', '=', id).executeTakeFirstOrThrow()).submission_work_order!;
    const order = w.nv.orders.find((o) => o.workOrder === wo)!;
    Object.assign(order.samples[0].values, { kPerc: 150, zn: 400 });
    w.nv.publish(order.workOrder);
    await expect.poll(async () => (await db().selectFrom('submissions').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state, { timeout: 15_000, interval: 100 }).toBe('Results');

    const page = await open(['FarmersSampleSubmissions', 'SubmissionsResults', 'FarmersSampleEntries'], '/farmerssamplesubmissions?tab=results');
    const row = rowOf(page, 'results', id);
    await row.getByRole('button', { name: `menu ${id}` }).click();
    await page.getByRole('menuitem', { name: 'results' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lab Result', exact: true });
    await dialog.getByTestId('lab-result-table').waitFor();
    const flagged = dialog.getByTestId('lab-result-flagged');
    await expect.poll(() => flagged.count()).toBe(2);
    expect(await flagged.evaluateAll((cells) => cells.map((c) => [c.textContent, c.getAttribute('title')]))).toEqual([
      ['150 ⚑', 'Impossible: must be at most 100 %'], ['400 ⚑', 'Outside the usual range 0–100 mg/kg'],
    ]);
    const [csv] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-csv').click()]);
    const lines = (await textOf(csv)).split('\r\n');
    expect(lines[0]).toMatch(/,Flags$/);
    expect(lines[1]).toContain('K: Impossible: must be at most 100 %; Zn: Outside the usual range 0–100 mg/kg');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${w.server.url}/farmerssampleentries?tab=results`);
    const cell = page.getByTestId('capture-results-table').locator('tbody tr[data-row-id]', { hasText: order.samples[0].sampleNumber }).locator('[data-code="kPerc"]');
    await expect.poll(() => cell.textContent()).toBe('150 ⚑');
    expect(await cell.getAttribute('title')).toBe('Impossible: must be at most 100 %');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("asks before completing an outside lab's submission whose samples still wait for results, saying how many", async () => {
    const { id } = await w.submitted('leaf', 'Nvirotek', { entries: 3, clientName: 'Partial Farm' });
    const state = async () => db().selectFrom('submissions').select(['state', 'submission_work_order']).where('id', '=', id).executeTakeFirstOrThrow();
    await expect.poll(async () => (await state()).submission_work_order, { timeout: 15_000, interval: 100 }).not.toBeNull();
    const wo = (await state()).submission_work_order;
    const order = w.nv.orders.find((o) => o.workOrder === wo)!;
    w.nv.publish(order.workOrder, [order.samples[0].sampleNumber]);
    await expect.poll(async () => (await state()).state, { timeout: 15_000, interval: 100 }).toBe('Results');

    const page = await open(ALL, '/submissions?tab=results');
    const row = rowOf(page, 'results', id);
    await row.getByRole('button', { name: `complete ${id}` }).click();
    const ask = page.getByTestId('confirm-dialog');
    const question = ask.getByText(M.completeWhileWaiting(2, 3, 'Nvirotek'));
    await question.waitFor();
    await ask.getByRole('button', { name: 'No' }).click();
    await question.waitFor({ state: 'hidden' });
    expect((await state()).state).toBe('Results');

    // every result in: the plain question
    w.nv.publish(order.workOrder);
    await expect.poll(async () => (await db().selectFrom('capture_results').select('capture_id').where('submission_id', '=', id).execute()).length, { timeout: 15_000, interval: 100 }).toBe(3);
    await complete(page, row, id);
    expect((await state()).state).toBe('Completed');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('without SubmissionsDelete: no Archived tab and no archive action', async () => {
    const { id, page, row } = await resultsRow('leaf', 'Gated Co', ['Submissions', 'SubmissionsResults']);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Results']);
    expect(await row.getByRole('button', { name: `complete ${id}` }).count()).toBe(1);
    expect(await row.getByRole('button', { name: /^archive|^restore/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
