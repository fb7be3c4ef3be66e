import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type World, startWorld } from '../apps/server/test/submission-results.fixtures';
import { launchBrowser, signInThroughUi, watchPageErrors } from '../tests/support/browser';
import { createUser } from '../tests/support/users';

/**
 * An outside lab's values out of their bounds in Chromium (issue 31, finding 5): stored as the lab sent them, and
 * shown flagged — in red with ⚑ and what is wrong — in the Lab Result dialog, its CSV, and on the Results tab of
 * /farmerssampleentries; never silently.
 */
let w: World;
let browser: Browser;
let errors: string[] = [];
const db = () => w.server.built.deps.db;

async function open(permissions: string[], path: string): Promise<Page> {
  const page = await browser.newPage();
  errors = watchPageErrors(page);
  await signInThroughUi(page, w.server.url, await createUser(db(), permissions, { name: 'Bounds Clerk' }), path);
  return page;
}

beforeAll(async () => {
  w = await startWorld();
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

describe("an outside lab's out-of-bound values", () => {
  it('are shown flagged in the Lab Result, its CSV, and on the Results tab', async () => {
    const { id } = await w.submitted('soil', 'NvirotekFarmer', { entries: 2, clientName: 'Flag Farm' });
    await expect.poll(async () => (await db().selectFrom('submissions').select('submission_work_order').where('id', '=', id).executeTakeFirstOrThrow()).submission_work_order, { timeout: 15_000, interval: 100 }).not.toBeNull();
    const wo = (await db().selectFrom('submissions').select('submission_work_order').where('id', '=', id).executeTakeFirstOrThrow()).submission_work_order!;
    const order = w.nv.orders.find((o) => o.workOrder === wo)!;
    Object.assign(order.samples[0].values, { kPerc: 150, zn: 400 });
    w.nv.publish(order.workOrder);
    await expect.poll(async () => (await db().selectFrom('submissions').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state, { timeout: 15_000, interval: 100 }).toBe('Results');

    const page = await open(['FarmersSampleSubmissions', 'SubmissionsResults', 'FarmersSampleEntries'], '/farmerssamplesubmissions?tab=results');
    const row = page.getByTestId('results-table').locator(`tbody tr[data-row-id="${id}"]`);
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
    const lines = (await (await import('node:fs/promises')).readFile((await csv.path())!, 'utf8')).split('\r\n');
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
});
