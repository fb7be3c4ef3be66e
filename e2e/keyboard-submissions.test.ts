import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type World, sheetOf, startWorld } from '../apps/server/test/submission-results.fixtures';
import { disableMotion } from '../tests/support/screen-walk';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { press, tabTo } from '../tests/support/keyboard';
import { createUser } from '../tests/support/users';

/**
 * Issue 38: the submission workflows by keyboard alone (key presses only: Tab, Shift+Tab, typing, the arrows in a
 * list of choices, Enter), each focus stop visibly marked, in a logical order: prepare a pending group and submit
 * it; enter a Manual submission's results and save them. (Sign in, a job card by paste and a job's results are in
 * e2e/keyboard.test.ts; a leaf report in e2e/accessibility-reports.test.ts.)
 */
let w: World;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  w = await startWorld();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await disableMotion(page);
  page.setDefaultTimeout(15_000);
  errors = watchPageErrors(page);
  const clerk = await createUser(w.server.built.deps.db, PERMISSIONS, { name: 'Keys Clerk' });
  await signIn(page, w.server.url, clerk, '/submissions');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

/** The name the focused element is known by (its label, else its text). */
const focusedName = (p: Page) => p.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  return el?.getAttribute('aria-label') ?? (el as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() ?? el?.textContent?.trim() ?? null;
});

/**
 * Picks `option` in the focused list of choices by keyboard: what is typed narrows a searchable one; the arrows
 * walk its options until the one named is marked, then Enter takes it.
 */
async function choose(p: Page, option: string, typed = ''): Promise<void> {
  if (typed) await p.keyboard.type(typed);
  const marked = p.locator('[role="listbox"]:visible [data-combobox-selected]');
  for (let i = 0; i < 12; i += 1) {
    await p.keyboard.press('ArrowDown');
    if ((await marked.count()) > 0 && (await marked.first().textContent())?.trim() === option) {
      await p.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`${option} not reached by the arrows`);
}

/** Tabs to the dialog's save button and presses Enter; it asks first, Yes focused: Enter again, and the dialog closes. */
async function submitAsked(p: Page, save: string, dialog: Locator): Promise<void> {
  await tabTo(p, save, 120);
  await press(p, 'Enter');
  const yes = p.getByTestId('confirm-dialog').getByRole('button', { name: 'Yes' });
  // not asked: the failure says what the dialog showed instead (its messages) and where the focus was
  await yes.waitFor().catch(async (e: unknown) => {
    const shown = await dialog.locator('[role="alert"], [class*="error"]').allTextContents();
    const focused = await p.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
    throw new Error(`Submit did not ask. The dialog shows: ${JSON.stringify(shown)}; the focus is on ${focused}`, { cause: e });
  });
  await expect.poll(() => yes.evaluate((el) => el === document.activeElement)).toBe(true);
  await press(p, 'Enter');
  await dialog.waitFor({ state: 'detached' });
}

// each a few hundred key presses, the focus read after each: given 120 s on a busy machine
describe('by keyboard alone', () => {
  it('prepares a pending group and submits it', async () => {
    const db = w.server.built.deps.db;
    // two leaf captures of their own client, the newest group, so the first on the Prepare tab
    const captures = await db.selectFrom('captures').select(['id', 'sample_number']).where('kind', '=', 'leaf').where('status', '=', 'NotCompleted')
      .where('refused_reason', 'is', null).where('crop_id', 'is not', null).where('submission_id', 'is', null).orderBy('id', 'desc').limit(2).execute();
    await db.updateTable('captures').set({ client_name: 'Keys Orchard', farm_name: 'Keyside', agent: 'Agent Smith', agronomist: 'Dr Nel', captured_at: new Date() })
      .where('id', 'in', captures.map((c) => c.id)).execute();
    const samples = captures.map((c) => c.sample_number).sort();
    await page.goto(`${w.server.url}/submissions?tab=prepare`);
    const prepare = page.getByTestId('pending-row').filter({ hasText: 'Keys Orchard' }).getByRole('button', { name: /^prepare/ });
    await prepare.waitFor();
    await tabTo(page, prepare, 200);
    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: 'Prepare Submission' });
    await dialog.getByTestId('sample-row').nth(1).waitFor();

    // the header in reading order: Depot, then the lab
    await tabTo(page, dialog.getByRole('textbox', { name: 'Depot' }));
    await choose(page, 'Tzaneen depot', 'Tza');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Submission Lab' }));
    await choose(page, 'Manual');
    expect(await dialog.getByRole('textbox', { name: 'Submission Lab' }).inputValue()).toBe('Manual');
    // each row: its cultivar, then its growth phase, in the row's order
    for (const sample of samples) {
      await tabTo(page, dialog.getByRole('textbox', { name: `Cultivars of ${sample}` }));
      await choose(page, 'Wichita', 'Wic');
      await press(page, 'Tab');
      expect(await focusedName(page)).toBe(`Growth phase of ${sample}`);
      await page.keyboard.type('Flowering');
    }
    await submitAsked(page, 'submission-submit', dialog);
    const sent = await db.selectFrom('captures').select(['sample_number', 'submission_id']).where('id', 'in', captures.map((c) => c.id)).execute();
    expect(sent.every((c) => c.submission_id !== null)).toBe(true);
    const submission = await db.selectFrom('submissions').selectAll().where('id', '=', sent[0].submission_id!).executeTakeFirstOrThrow();
    expect(submission).toMatchObject({ client_name: 'Keys Orchard', lab: 'Manual' });
    expect(errors).toEqual([]);
    }, 120_000);

  // kept on its own: manual entry moves onto the grid engine (Tab across, Enter down the column), which this follows
  it("enters a Manual submission's results and saves them", async () => {
    const { id, sheet } = await w.submitted('leaf', 'Manual', { entries: 2, clientName: 'Keys Manual Co' });
    const [first, second] = sheet.rows.map((r) => r.sampleNumber);
    await page.goto(`${w.server.url}/submissions?tab=waiting`);
    const manual = page.getByRole('button', { name: `Manual ${id}`, exact: true });
    await manual.waitFor();
    await tabTo(page, manual, 200);
    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: new RegExp(`Manual entry · Submission ${id}`) });
    const firstLab = dialog.getByRole('textbox', { name: `Lab Number of ${first}` });
    await firstLab.waitFor();
    await tabTo(page, firstLab);
    // the first row: its lab number, Tab to its first value; Enter down that column to the second row
    await page.keyboard.type('KLN-1');
    await press(page, 'Tab');
    expect(await focusedName(page)).toMatch(new RegExp(`^N\\b.* of ${first}$`));
    await page.keyboard.type('2.5');
    await press(page, 'Enter');
    expect(await focusedName(page)).toMatch(new RegExp(`^N\\b.* of ${second}$`));
    await page.keyboard.type('2.6');
    // back across to the second row's lab number
    await press(page, 'Shift+Tab');
    expect(await focusedName(page)).toBe(`Lab Number of ${second}`);
    await page.keyboard.type('KLN-2');
    await submitAsked(page, 'manual-save', dialog);
    const saved = await sheetOf(w.staff, 'leaf', id);
    expect(saved.rows.map((r) => [r.sampleNumber, r.labNumber, r.values.N])).toEqual([[first, 'KLN-1', 2.5], [second, 'KLN-2', 2.6]]);
    expect(errors).toEqual([]);
    }, 120_000);
});
