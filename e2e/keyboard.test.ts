import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labEndpoints } from '@sapwood/contracts';
import { disableMotion } from '../tests/support/screen-walk';
import { watchPageErrors } from '../tests/support/browser';
import { focusCoveredBy, focusedTestId, press, tabTo } from '../tests/support/keyboard';
import { seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { type LabJobsScreen, activeTestId, startLabJobsScreen } from '../tests/support/labjobs-screen';

/**
 * Issue 38: the workflows by keyboard alone (key presses only, no pointer), each focus stop visibly marked.
 * Here: sign in; create a job card by pasting rows and save it; enter that job's results. The leaf report is in
 * e2e/accessibility-reports.test.ts, prepare and submit and manual results in e2e/keyboard-submissions.test.ts.
 */
let s: LabJobsScreen;
let page: Page;
let errors: string[];

beforeAll(async () => {
  s = await startLabJobsScreen({ controls: 'optional' });
  const context = await s.browser.newContext({ viewport: { width: 1400, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
  // no transitions: a field's focus border is read as it ends
  await disableMotion(page);
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await s?.browser.close();
  await s?.server.close();
});

describe('by keyboard alone', () => {
  it('signs in', async () => {
    await page.goto(`${s.server.url}/login?ReturnUrl=%2Flabjobs`);
    await page.getByTestId('login-email').waitFor();
    expect(await activeTestId(page)).toBe('login-email');
    await page.keyboard.type(s.labUser.email);
    await tabTo(page, 'login-password');
    await page.keyboard.type(s.labUser.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/labjobs');
  });

  it('creates a job card by pasting rows and saves it', async () => {
    await tabTo(page, 'jobs-create');
    await page.keyboard.press('Enter');
    await page.getByTestId('entry-0-sampleNumber').waitFor();
    const line = (n: string, block: string) => [n, 'Keys Farms', 'Agent K', 'Dr K', 'Keyside', block, '2026-10-05', 'Roots', 'Pecan', 'Wichita', 'Hartswater', 'Dormancy'].join('\t');
    // what the user copied from a spreadsheet
    await page.evaluate((t) => navigator.clipboard.writeText(t), [line('K-001', 'B1'), line('K-002', 'B2')].join('\r\n'));
    await tabTo(page, 'entry-0-sampleNumber');
    await page.keyboard.press('ControlOrMeta+V');
    // the paste shows its preview first, its Apply button focused: Enter applies it
    await page.getByTestId('paste-preview-apply').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('paste-preview-apply');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('entry-1-sampleNumber').inputValue()).toBe('K-002');
    await tabTo(page, 'job-submit', 200);
    await page.keyboard.press('Enter');
    await page.getByTestId('job-card-dialog').waitFor({ state: 'detached' });
    const jobs = await s.api.call(labEndpoints.jobs, { rowsPerPage: 100 });
    expect(jobs.body.rows[0]).toMatchObject({ firstSample: 'K-001', lastSample: 'K-002', samples: 2, farms: ['Keyside'] });
    expect(errors).toEqual([]);
  });

  it("enters the job's results: Tab across a row and on to the next, then Submit", async () => {
    const [job] = (await s.api.call(labEndpoints.jobs, { rowsPerPage: 100 })).body.rows;
    // from the page, the job card's title opens its results
    await tabTo(page, page.getByTestId(`job-card-${job.id}`).getByTestId('job-card-title'), 200);
    await press(page, 'Enter');
    // opens in the first empty Sugar cell; Tab goes Sugar, Starch, then the next row's Sugar
    await expect.poll(() => focusedTestId(page)).toBe('result-0-sugar');
    const order: (string | null)[] = [];
    for (const value of ['4.2', '8.1', '5.3', '9.4']) {
      order.push(await focusedTestId(page));
      await page.keyboard.type(value);
      await press(page, 'Tab');
    }
    expect(order).toEqual(['result-0-sugar', 'result-0-starch', 'result-1-sugar', 'result-1-starch']);
    await tabTo(page, 'results-submit');
    await press(page, 'Enter');
    await page.getByTestId('results-dialog').waitFor({ state: 'detached' });
    const rows = (await s.api.call(labEndpoints.jobData, { id: job.id })).body.testCarbohydrateLabResults;
    expect(rows.map((r: { sampleNumber: string; sugar: number; starch: number }) => [r.sampleNumber, r.sugar, r.starch]))
      .toEqual([['K-001', 4.2, 8.1], ['K-002', 5.3, 9.4]]);
    expect(errors).toEqual([]);
  });

  it("in a long dialog, a row reached by keyboard is never under the dialog's action bar", async () => {
    // 40 samples: the results dialog's body scrolls, its Cancel and Submit bar sticks to its bottom
    const { jobId } = await seedLabJob(s.server.built.deps.db, s.ref, { samples: Array.from({ length: 40 }, (_, i) => ({ sampleNumber: `L-${String(i + 1).padStart(2, '0')}` })) });
    await page.reload();
    const title = page.getByTestId(`job-card-${jobId}`).getByTestId('job-card-title');
    await title.waitFor();
    await tabTo(page, title, 200);
    await press(page, 'Enter');
    await expect.poll(() => focusedTestId(page)).toBe('result-0-sugar');
    // Enter down the Sugar column to the last row, then Tab on through the row and to the dialog's buttons
    const covered: string[] = [];
    for (let row = 1; row < 40; row += 1) {
      await press(page, 'Enter');
      await expect.poll(() => focusedTestId(page)).toBe(`result-${row}-sugar`);
      covered.push(...[await focusCoveredBy(page)].filter((c): c is string => c !== null));
    }
    for (let i = 0; i < 8 && (await focusedTestId(page)) !== 'results-submit'; i += 1) {
      await press(page, 'Tab');
      covered.push(...[await focusCoveredBy(page)].filter((c): c is string => c !== null));
    }
    expect(covered).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('results-dialog').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
