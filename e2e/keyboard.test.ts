import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labEndpoints } from '@sapwood/contracts';
import { disableMotion } from '../tests/support/screen-walk';
import { watchPageErrors } from '../tests/support/browser';
import { tabTo } from '../tests/support/keyboard';
import { type LabJobsScreen, activeTestId, startLabJobsScreen } from '../tests/support/labjobs-screen';

/**
 * Issue 38: the workflows by keyboard alone (key presses only, no pointer), each focus stop visibly marked.
 * Done so far: sign in; create a job card by pasting rows and save it.
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
});
