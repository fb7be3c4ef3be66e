import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES as M } from '@sapwood/contracts';
import { CapturesService } from '../apps/server/src/features/leafs/captures.service';
import { createCaptureClient } from '../apps/server/src/platform/integrations/capture.client';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { seedLabReference } from '../tests/support/lab-fixtures';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../tools/stand-ins/capture-server';

/**
 * The Prepare dialog shows each row's capture lab (ADR 0251) and marks, as the Submission Lab is chosen, a row that
 * lab does not take, with the server's message at its sample number: Submit is not asked while one is marked.
 */
let app: CaptureStandIn;
let server: TestServer;
let browser: Browser;

const db = () => server.built.deps.db;

async function pick(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 4, soil: 0 });
  server = await startTestServer();
  const ref = await seedLabReference(db());
  await new CapturesService(db(), createCaptureClient({ url: app.url, apiKey: 'cap-key', timeoutMs: 5_000 })).sync('leaf', null);
  // one pending group of two Pecan entries: L-1 for Wynland, L-2 for no lab
  const [a, b] = await db().selectFrom('captures').select('id').where('kind', '=', 'leaf').where('status', '=', 'NotCompleted').where('refused_reason', 'is', null)
    .orderBy('id').limit(2).execute();
  await db().updateTable('captures').set({ client_name: 'Lab Co', farm_name: 'Ridge', agent: 'Agent Smith', agronomist: 'Dr Nel', captured_at: new Date('2026-11-04T08:00:00Z'), crop_id: ref.pecan })
    .where('id', 'in', [a.id, b.id]).execute();
  await db().updateTable('captures').set({ sample_number: 'L-1', lab: 'Wynland' }).where('id', '=', a.id).execute();
  await db().updateTable('captures').set({ sample_number: 'L-2', lab: '' }).where('id', '=', b.id).execute();
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await app?.close();
});

describe('the Prepare dialog and the capture labs', () => {
  it('shows each row\'s lab; a lab that does not take a row marks it at once, with the server\'s message; the fitting lab or Manual marks nothing, and Submit goes', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, await createUser(db(), ['Submissions', 'SubmissionsPrepare'], { name: 'Lab Clerk' }), '/submissions?tab=prepare');
    await page.getByTestId('pending-row').filter({ hasText: 'Lab Co' }).getByRole('button', { name: /^prepare/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Prepare Submission' });
    await dialog.waitFor();
    const labCell = (n: number) => dialog.getByTestId('sample-row').nth(n).locator('[data-testid^="prepare-lab-"]');
    const number = (n: number) => dialog.getByLabel(`Sample Number of row ${n + 1}`);
    const marked = async (n: number) => (await labCell(n).getAttribute('data-other-lab')) === 'true';
    // the header's lab prefilled from the first entry that shows one
    expect(await dialog.getByRole('textbox', { name: 'Submission Lab' }).inputValue()).toBe('Wynland');
    expect([await labCell(0).textContent(), await labCell(1).textContent()]).toEqual(['Wynland', '—']);
    expect([await marked(0), await marked(1)]).toEqual([false, false]);

    // Nvirotek does not take L-1 (Wynland's): marked at its row with the server's message, before Submit; L-2 (no lab) is taken
    await pick(page, dialog.getByRole('textbox', { name: 'Submission Lab' }), 'Nvirotek');
    const message = M.sampleOfOtherLab('Wynland', 'Nvirotek');
    await expect.poll(() => marked(0)).toBe(true);
    expect(await labCell(0).getAttribute('title')).toBe(message);
    expect(await number(0).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByText(message, { exact: true }).waitFor();
    expect(await marked(1)).toBe(false);
    expect(await number(1).getAttribute('aria-invalid')).toBe('false');

    // filled as Submit needs; Submit with Nvirotek is not asked: the row is listed above the group
    await pick(page, dialog.getByRole('textbox', { name: 'Depot' }), 'Tzaneen depot');
    for (const sample of ['L-1', 'L-2']) {
      await pick(page, dialog.getByLabel(`Cultivars of ${sample}`), 'Wichita');
      await dialog.getByLabel(`Growth phase of ${sample}`).fill('Flowering');
    }
    await dialog.getByTestId('submission-submit').click();
    await expect.poll(() => dialog.getByTestId('prepare-errors').textContent()).toBe(`Group 1, row 1: ${message}`);
    expect(await page.getByRole('dialog', { name: 'Submit' }).count()).toBe(0);
    // a row marked deleted is not sent: not marked
    await dialog.getByLabel('Delete L-1').click();
    await expect.poll(() => marked(0)).toBe(false);
    await dialog.getByLabel('Restore L-1').click();
    await expect.poll(() => marked(0)).toBe(true);

    // the fitting lab, then Manual: no mark
    await pick(page, dialog.getByRole('textbox', { name: 'Submission Lab' }), 'Wynland');
    await expect.poll(() => marked(0)).toBe(false);
    expect(await number(0).getAttribute('aria-invalid')).toBe('false');
    await pick(page, dialog.getByRole('textbox', { name: 'Submission Lab' }), 'Manual');
    await expect.poll(() => marked(0)).toBe(false);
    expect(await dialog.getByText(message, { exact: true }).count()).toBe(0);

    // Submit is asked and goes
    await dialog.getByTestId('submission-submit').click();
    const ask = page.getByRole('dialog', { name: 'Submit' });
    await ask.getByText(M.submitConfirm).waitFor();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const made = await db().selectFrom('submissions').select(['lab']).where('client_name', '=', 'Lab Co').executeTakeFirstOrThrow();
    expect(made.lab).toBe('Manual');
    expect(errors).toEqual([]);
    await page.close();
  });
});
