import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUAL_ENTRY_MESSAGES as M, resultValueProblems } from '@sapwood/contracts';
import { PERMISSIONS, type World, startWorld } from '../apps/server/test/submission-results.fixtures';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { focusCoveredBy, focusedTestId } from '../tests/support/keyboard';
import { paste } from '../tests/support/labjobs-screen';
import { createUser } from '../tests/support/users';

/**
 * Manual result entry of a long sheet (150 rows: only the rows in view are drawn, ADR 0206): a row whose save fails
 * while it is not drawn (a long paste, Save) is named by its place in the message above the grid ('Row 140: …') and
 * brought into view with its cell focused, so the user can find it.
 */
let w: World;
let browser: Browser;
const db = () => w.server.built.deps.db;

beforeAll(async () => {
  w = await startWorld();
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

const message = async (page: Page) => {
  const at = page.getByTestId('manual-error');
  return (await at.count()) ? at.textContent() : null;
};

describe('manual entry of a long sheet', () => {
  it('a pasted row refused while not drawn is named by its place above the grid and brought into view; again on Save; mended, saved', async () => {
    const hand = Array.from({ length: 150 }, (_, i) => `LE${String(i).padStart(3, '0')}`);
    const long = await w.submitted('leaf', 'Manual', { entries: 0, hand, clientName: 'Errors Orchard' });
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, w.server.url, await createUser(db(), PERMISSIONS, { name: 'Long Entry' }), '/submissions?tab=waiting');
    await page.getByTestId('waiting-table').locator(`tbody tr[data-row-id="${long.id}"]`).getByRole('button', { name: `Manual ${long.id}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Manual entry · Submission ${long.id}`) });
    await expect.poll(() => focusedTestId(page)).toBe('cell-0-labNumber');

    // N for every row, row 140's impossible: the paste applied, row 140 refused by the rule while not drawn
    const negative = resultValueProblems('leaf', { N: -1 })[0].message;
    await paste(page, 'cell-0-N', hand.map((_, r) => (r === 139 ? '-1' : `2.${r % 10}`)).join('\n'));
    await page.getByTestId('paste-preview-apply').click();
    const row140 = 'cell-139-N';
    await expect.poll(() => message(page), { timeout: 30_000 }).toBe(`Row 140: ${negative}`);
    await expect.poll(() => focusedTestId(page)).toBe(row140);
    await expect.poll(() => focusCoveredBy(page), { message: `${row140} in view` }).toBeNull();
    expect(await dialog.getByTestId(`row-status-${hand[139]}`).getAttribute('data-state')).toBe('failed');

    // Save with the focus in the first row and the grid scrolled near its top (row 140 not drawn once the rows in
    // view change): named again, brought into view, focused
    const scrollTop = (y: number) => dialog.getByTestId('manual-grid').evaluate((t, at) => t.parentElement!.scrollTo(0, at), y);
    await scrollTop(0);
    await dialog.getByTestId('cell-0-labNumber').click();
    await scrollTop(500);
    await expect.poll(() => dialog.getByTestId(row140).count()).toBe(0);
    await dialog.getByTestId('manual-save').click();
    await page.getByRole('dialog', { name: 'Submit' }).getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => message(page), { timeout: 30_000 }).toBe(`${M.saveFailed}\nRow 140: ${negative}`);
    await expect.poll(() => focusedTestId(page)).toBe(row140);
    await expect.poll(() => focusCoveredBy(page), { message: `${row140} in view` }).toBeNull();

    // mended where the focus is: Save hands the sheet over
    await page.keyboard.type('2.5');
    await dialog.getByTestId('manual-save').click();
    await page.getByRole('dialog', { name: 'Submit' }).getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    expect((await db().selectFrom('submissions').select('state').where('id', '=', long.id).executeTakeFirstOrThrow()).state).toBe('Results');
    expect(errors).toEqual([]);
    await page.close();
  });
});
