// vitest: long-running (one server; the report pages, the entry dialogs and the token page checked by axe; a report by keyboard)
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type World, startWorld, withTypedResults } from '../apps/server/test/submission-results.fixtures';
import { Findings, closeDialogs, disableMotion, settle } from '../tests/support/screen-walk';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { checkAccessibility } from '../tests/support/axe';
import { press, tabTo } from '../tests/support/keyboard';
import { ApiClient } from '../tests/support/api-client';
import { startSmtpServer, waitForLink } from '../tests/support/smtp';
import { authEndpoints } from '@sapwood/contracts';
import { pdfPages } from '../tests/support/pdf';
import { createUser } from '../tests/support/users';

/**
 * Issue 38, the states the menu walk (e2e/screen-walk.test.ts) does not reach: the leaf report's settings, its
 * preview and its progress page, the farmers' report's progress page, manual result entry (empty, typed, with a
 * value refused at its cell), the Prepare dialog, and the token page (an expired link; a valid one, mailed through
 * the real forgot-password call, empty and with its errors). axe-core's WCAG 2.2 A and AA rules find nothing.
 * By keyboard alone: a leaf report built and downloaded; a new password set through a valid link.
 */
let w: World;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  // mail goes to a real SMTP stand-in: the token page's link is read from it
  smtp = await startSmtpServer();
  w = await startWorld({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  await disableMotion(page);
  page.setDefaultTimeout(15_000);
  errors = watchPageErrors(page);
  const staff = await createUser(w.server.built.deps.db, [...PERMISSIONS, 'FarmersSampleSubmissions'], { name: 'Report Clerk' });
  await signIn(page, w.server.url, staff, '/submissions');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await w?.close();
  await smtp?.close();
});

/** A reset link for a new user, asked for through the forgot-password call and read from the mail it sends. */
async function mailedLink(): Promise<{ link: string; email: string }> {
  const { email } = await createUser(w.server.built.deps.db, [], { name: 'Token Reader' });
  const asked = await new ApiClient(w.server.url).call(authEndpoints.forgot, { email });
  expect(asked.status).toBe(200);
  return { link: await waitForLink(smtp.mails, email), email };
}

/** The progress page a report's Download opens in a new tab, checked once the PDF is made. */
async function progressPage(f: Findings, where: string, opened: Promise<Page>): Promise<void> {
  const tab = await opened;
  await disableMotion(tab);
  await tab.getByTestId('report-ready').waitFor({ timeout: 45_000 });
  const onTab = new Findings(tab, checkAccessibility);
  await onTab.check(where);
  f.lines.push(...onTab.lines);
  await tab.close();
}

describe('accessibility beyond the menu (axe-core, WCAG 2.2 AA)', () => {
  it('the leaf report: settings, with an error, the preview, the progress page', async () => {
    const id = await withTypedResults(w, 'leaf', 'Axe Leaf Co');
    const f = new Findings(page, checkAccessibility);
    await page.goto(`${w.server.url}/submissions?tab=results`);
    await page.getByTestId('results-table').locator(`tbody tr[data-row-id="${id}"]`).getByRole('button', { name: `report ${id}` }).click();
    const settings = page.getByRole('dialog', { name: 'Report Settings' });
    await settings.getByTestId('report-samples-0').waitFor();
    await f.check('leaf report settings', 'section[role="dialog"]');
    await settings.getByLabel('Select every sample').uncheck();
    await settings.getByTestId('report-submit').click();
    await settings.getByTestId('report-samples-error-0').waitFor();
    await f.check('leaf report settings, nothing selected', 'section[role="dialog"]');
    await settings.getByLabel('Select every sample').check();
    await settings.getByTestId('report-submit').click();
    const preview = page.getByRole('dialog', { name: 'Report preview' });
    await preview.getByTestId('preview-image').waitFor();
    await f.check('leaf report preview', 'section[role="dialog"]');
    await progressPage(f, '/reports/leaf/:id', Promise.all([context.waitForEvent('page'), preview.getByTestId('preview-download').click()]).then(([tab]) => tab));
    await closeDialogs(page);
    expect(f.lines).toEqual([]);
  });

  it("the farmers' report: settings and the progress page", async () => {
    const id = await withTypedResults(w, 'soil', 'Axe Soil Co');
    const f = new Findings(page, checkAccessibility);
    await page.goto(`${w.server.url}/farmerssamplesubmissions?tab=results`);
    await page.getByTestId('results-table').locator(`tbody tr[data-row-id="${id}"]`).getByRole('button', { name: `report ${id}` }).click();
    const settings = page.getByRole('dialog', { name: 'Report Settings' });
    await settings.getByTestId('report-samples-0').waitFor();
    await f.check("farmers' report settings", 'section[role="dialog"]');
    await progressPage(f, '/reports/farmers/:id', Promise.all([context.waitForEvent('page'), settings.getByTestId('report-submit').click()]).then(([tab]) => tab));
    expect(f.lines).toEqual([]);
  });

  it('manual result entry: opened, typed, a value refused at its cell', async () => {
    const { id } = await w.submitted('leaf', 'Manual', { entries: 2 });
    const f = new Findings(page, checkAccessibility);
    await page.goto(`${w.server.url}/submissions?tab=waiting`);
    await page.getByTestId('waiting-table').locator(`tbody tr[data-row-id="${id}"]`).getByRole('button', { name: `Manual ${id}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Manual entry · Submission ${id}`) });
    await dialog.getByTestId('manual-grid').waitFor();
    await f.check('manual entry', 'section[role="dialog"]');
    await dialog.getByTestId('cell-0-labNumber').fill('AXE-1');
    await dialog.getByTestId('cell-0-N').fill('abc');
    await page.keyboard.press('Tab');
    await f.check('manual entry, typed, a value refused', 'section[role="dialog"]');
    await closeDialogs(page);
    expect(f.lines).toEqual([]);
  });

  it('the Prepare dialog of a pending group', async () => {
    const f = new Findings(page, checkAccessibility);
    await page.goto(`${w.server.url}/submissions?tab=prepare`);
    await page.getByTestId('pending-row').first().getByRole('button', { name: /^prepare/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Prepare Submission' });
    await dialog.getByTestId('sample-row').first().waitFor();
    await f.check('prepare submission', 'section[role="dialog"]');
    await closeDialogs(page);
    expect(f.lines).toEqual([]);
  });

  it('the token page, for a token that has expired', async () => {
    const anonymous = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await disableMotion(anonymous);
    await anonymous.goto(`${w.server.url}/token?token=made-up`);
    await anonymous.getByTestId('token-expired').waitFor();
    await settle(anonymous);
    const f = new Findings(anonymous, checkAccessibility);
    await f.check('/token, expired');
    await anonymous.close();
    expect(f.lines).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the token page, for a valid token: empty, and with its errors', async () => {
    const { link } = await mailedLink();
    const anonymous = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await disableMotion(anonymous);
    await anonymous.goto(link);
    await anonymous.getByTestId('new-password').waitFor();
    const f = new Findings(anonymous, checkAccessibility);
    await f.check('/token, valid');
    await anonymous.getByTestId('new-password').fill('short');
    await anonymous.getByTestId('confirm-password').fill('other');
    await anonymous.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => anonymous.getByTestId('new-password').getAttribute('aria-invalid')).toBe('true');
    await f.check('/token, valid, with errors');
    await anonymous.close();
    expect(f.lines).toEqual([]);
  });
});

describe('by keyboard alone', () => {
  it('builds a leaf report and downloads its PDF', async () => {
    const id = await withTypedResults(w, 'leaf', 'Keyboard Report Co');
    // a page of its own, signed in as its own clerk
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await disableMotion(page);
    const errors = watchPageErrors(page);
    await signIn(page, w.server.url, await createUser(w.server.built.deps.db, PERMISSIONS, { name: 'Keys Clerk' }), '/submissions?tab=results');
    const report = page.getByTestId('results-table').locator(`tbody tr[data-row-id="${id}"]`).getByRole('button', { name: `report ${id}` });
    await report.waitFor();
    await tabTo(page, report, 200);
    await page.keyboard.press('Enter');
    const settings = page.getByRole('dialog', { name: 'Report Settings' });
    await settings.getByTestId('report-samples-0').waitFor();
    await tabTo(page, 'report-submit', 120);
    await page.keyboard.press('Enter');
    const preview = page.getByRole('dialog', { name: 'Report preview' });
    await expect.poll(() => preview.getByTestId('preview-page').textContent()).toMatch(/^Page 1 of \d+$/);
    await tabTo(page, 'preview-download', 60);
    const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    const arrived = tab.waitForEvent('download', { timeout: 45_000 });
    await tab.waitForURL(/\/reports\/leaf\/\d+$/);
    expect((await arrived).suggestedFilename()).toMatch(/\.pdf$/);
    const reportId = Number(new URL(tab.url()).pathname.split('/').pop());
    const file = await context.request.get(`${w.server.url}/api/submission/reportfile?id=${reportId}`);
    expect(file.status()).toBe(200);
    expect(pdfPages(Buffer.from(await file.body())).join('\n')).toContain('Keyboard Report Co');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sets a new password through a valid link', async () => {
    const { link, email } = await mailedLink();
    const anonymous = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await disableMotion(anonymous);
    const errors = watchPageErrors(anonymous);
    await anonymous.goto(link);
    await anonymous.getByTestId('new-password').waitFor();
    await tabTo(anonymous, 'new-password');
    await anonymous.keyboard.type('lantern quietly harbours');
    await tabTo(anonymous, 'confirm-password');
    // a confirmation that differs is said at its field, and the focus stays in the form
    await anonymous.keyboard.type('lantern quietly harbour');
    await press(anonymous, 'Enter');
    await expect.poll(() => anonymous.getByTestId('confirm-password').getAttribute('aria-invalid')).toBe('true');
    await press(anonymous, 'End');
    await anonymous.keyboard.type('s');
    await press(anonymous, 'Enter');
    await anonymous.waitForURL((u) => u.pathname === '/login');
    expect((await new ApiClient(w.server.url).call(authEndpoints.login, { email, password: 'lantern quietly harbours' })).body).toBe('Success');
    expect(errors).toEqual([]);
    await anonymous.close();
  });
});
