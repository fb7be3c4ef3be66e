import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_RESULT_MESSAGES as P, SUBMISSION_POSTING_MESSAGES as M } from '@sapwood/contracts';
import { type World, startWorld, withTypedResults } from '../apps/server/test/submission-results.fixtures';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { createUser } from '../tests/support/users';
import { type MfwStandIn, startMfwStandIn } from '../tools/stand-ins/mfw-server';

/**
 * Posting a completed submission to MFW from the Completed tab in Chromium (issue 15): the post action of a row
 * with a location, its question, the Posted result dialog (Success list, 'Nothing failed'), the Posted column
 * filled, the action greyed and the other question on the next click; a failure in the Failed list; a row
 * without a location has no post action.
 */
let w: World;
let mfw: MfwStandIn;
let browser: Browser;
let pool: PagePool;
let errors: string[] = [];
const db = () => w.server.built.deps.db;
const PERMISSIONS = ['Submissions', 'FarmersSampleSubmissions', 'SubmissionsResults', 'SubmissionsCompleted'];

/** A submission with results typed in (two samples, the second N/A), then completed. */
const completed = (kind: 'leaf' | 'soil', clientName: string) => withTypedResults(w, kind, clientName, { complete: true });

async function open(path: string): Promise<Page> {
  const page = await pool.newPage();
  errors = watchPageErrors(page);
  await signIn(page, w.server.url, await createUser(db(), PERMISSIONS, { name: 'Posting Clerk' }), path);
  return page;
}
const rowOf = (page: Page, id: number) => page.getByTestId('completed-table').locator(`tbody tr[data-row-id="${id}"]`);
async function answerYes(page: Page, question: string) {
  const ask = page.getByTestId('confirm-dialog');
  await ask.getByText(question).waitFor();
  await ask.getByRole('button', { name: 'Yes' }).click();
  await ask.waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  mfw = await startMfwStandIn({ apiKey: 'e2e-mfw' });
  w = await startWorld({ MFW_URL: mfw.url, MFW_API_KEY: 'e2e-mfw' });
  browser = await launchBrowser();
  pool = new PagePool(browser, w.server.url);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await w?.close();
  await mfw?.close();
});

describe('post to MFW from the Completed tab', () => {
  it('posts a completed submission: the Posted result, the Posted date, then greyed with the other question', async () => {
    const id = await completed('leaf', 'Post Co');
    const nowhere = await completed('leaf', 'Nowhere Co');
    await sql`update captures set latitude = null, longitude = null, mapped = mapped - 'location' where submission_id = ${nowhere}`.execute(db());
    const page = await open('/submissions?tab=completed');
    const row = rowOf(page, id);
    await row.waitFor();
    // a row without a location has no post action
    await rowOf(page, nowhere).waitFor();
    expect(await rowOf(page, nowhere).getByRole('button', { name: `${M.action} ${nowhere}` }).count()).toBe(0);

    const postButton = row.getByRole('button', { name: `${M.action} ${id}` });
    expect(await postButton.getAttribute('data-posted')).toBe('false');
    expect(await row.locator('td').nth(5).textContent()).toBe('');
    await postButton.hover();
    await page.getByRole('tooltip', { name: M.action }).waitFor();
    await postButton.click();
    await answerYes(page, M.confirm);

    const dialog = page.getByTestId('post-results');
    await dialog.getByText(M.posted(id, 2)).waitFor();
    expect(await dialog.getByTestId('post-results-success').textContent()).toContain(M.posted(id, 2));
    await dialog.getByText(P.nothingFailed).waitFor();
    expect(mfw.received.filter((r) => (r.body as { submissionId?: number }).submissionId === id)).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // the Posted column shows day, month, year and time; the action is greyed, and asks the other question
    await expect.poll(() => row.locator('td').nth(5).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expect.poll(() => postButton.getAttribute('data-posted')).toBe('true');
    await postButton.click();
    await answerYes(page, M.confirmAgain);
    await dialog.getByText(M.posted(id, 2)).waitFor();
    // the same post again: MFW made no duplicate
    expect(mfw.received.filter((r) => (r.body as { submissionId?: number }).submissionId === id)).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists a failure under Failed, with Nothing successful, on the farmers\' screen', async () => {
    const id = await completed('soil', 'Failing Farmer');
    const page = await open('/farmerssamplesubmissions?tab=completed');
    const row = rowOf(page, id);
    await row.waitFor();
    // MFW stalls first (issue 33): the page says so and for how long, not a spinner over everything
    mfw.stallNext(1, 2500);
    mfw.failNext(2, 500, 'MFW is down for maintenance');
    await row.getByRole('button', { name: `${M.action} ${id}` }).click();
    await answerYes(page, M.confirm);
    await expect.poll(() => page.getByTestId('mfw-wait').textContent()).toMatch(/^Waiting for MFW… [1-9]\d* s$/);
    const dialog = page.getByTestId('post-results');
    await dialog.getByText(P.nothingSuccessful).waitFor();
    expect(await dialog.getByTestId('post-results-failed').textContent()).toContain('MFW answered 500: MFW is down for maintenance');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    expect(await row.locator('td').nth(5).textContent()).toBe('');
    expect(await row.getByRole('button', { name: `${M.action} ${id}` }).getAttribute('data-posted')).toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  });
});
