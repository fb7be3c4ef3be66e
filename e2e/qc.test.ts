import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QC_HOLD_MARKS, QC_MESSAGES, type QcHold, qcEndpoints as qc } from '@sapwood/contracts';
import type { ApiClient } from '../tests/support/api-client';
import { signIn, watchPageErrors } from '../tests/support/browser';
import { type CarbohydrateReference, seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { startLabJobsScreen } from '../tests/support/labjobs-screen';
import { ADMIN, type TestServer } from '../tests/support/server';
import { signedIn } from '../tests/support/users';

/** Issue 37: a control not yet entered, then out of range, holds the job's results (marks), a release with a reason, the chart names the violation. */
let server: TestServer;
let browser: Browser;
let ref: CarbohydrateReference;
let admin: ApiClient;

beforeAll(async () => {
  ({ server, browser, ref } = await startLabJobsScreen({ controls: 'required' }));
  admin = await signedIn(server.url, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The results list's hold mark of a sample: its text and its tooltip say why (ADR 0253). */
async function expectMark(page: Page, sampleNumber: string, hold: QcHold) {
  const mark = page.getByTestId(`qc-hold-${sampleNumber}`);
  await expect.poll(() => mark.getAttribute('data-hold')).toBe(hold);
  expect(await mark.textContent()).toBe(QC_HOLD_MARKS[hold].label);
  expect(await mark.getAttribute('title')).toBe(QC_HOLD_MARKS[hold].title);
}

describe('quality control', () => {
  it('enters a control out of range: QC hold on the dialog and the results list; released with a reason; the chart names the rule', async () => {
    const lot = await admin.call(qc.upsertLot, { id: 0, name: 'Sugar control', lot: 'E2E-1', analyte: 'sugar', mean: 5, sd: 0.2, validFrom: '2026-01-01', validTo: null, active: true });
    const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'QC1', sugar: 4, starch: 9 }, { sampleNumber: 'QC2' }] });
    expect((await admin.call(qc.setJobControls, { jobId, rows: [{ id: 0, controlLotId: lot.body.id }] })).status).toBe(200);

    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    // ADR 0253: controls required and the control not yet entered: the measured result is held, the mark says why
    await signIn(page, server.url, ADMIN, '/carbohydrates');
    await expectMark(page, 'QC1', 'unentered');

    await page.goto(`${server.url}/labjobs`);
    await page.getByTestId(`job-card-${jobId}`).click();
    // the job card says so too, with nothing to release
    expect(await page.getByTestId('qc-pending').getAttribute('title')).toBe(QC_MESSAGES.heldUnentered(`J${jobId}`));
    expect(await page.getByTestId('qc-release').count()).toBe(0);
    await page.getByTestId('control-value-0').click();
    await page.keyboard.type('6');
    await page.keyboard.press('Enter');
    await page.getByTestId('qc-hold').waitFor();
    expect(await page.getByTestId('qc-pending').count()).toBe(0);
    await expect.poll(() => page.getByTestId('control-rows').textContent()).toContain('1-3s');
    // as the rules are written (Westgard's '1-3s'), not shown in capitals ('1-3S') as the chart never writes them
    expect(await page.getByTestId('control-rows').innerText()).toContain('1-3s');

    await page.goto(`${server.url}/carbohydrates`);
    await expectMark(page, 'QC1', 'rejected');

    await page.goto(`${server.url}/labjobs`);
    await page.getByTestId(`job-card-${jobId}`).click();
    await page.getByTestId('qc-release').click();
    await expect.poll(() => page.getByTestId('qc-hold').textContent()).toContain('A reason is required to release held results.');
    await page.getByTestId('qc-release-reason').fill('Control vial was old; results checked');
    // the message goes once a reason is typed, not only after the release
    await expect.poll(() => page.getByTestId('qc-hold').textContent()).not.toContain('A reason is required');
    await expect(page.getByTestId('qc-release-reason').getAttribute('aria-invalid')).resolves.not.toBe('true');
    await page.getByTestId('qc-release').click();
    await page.getByTestId('qc-hold').waitFor({ state: 'detached' });
    const controlId = (await admin.call(qc.jobControls, { jobId })).body.rows[0].id;
    await expect.poll(() => page.getByTestId(`control-outcome-${controlId}`).textContent()).toContain('released');

    // the analyte reads as the dialog names it ('Sugar'), on the job's control rows and in the list of lots
    await expect(page.getByTestId('control-rows').textContent()).resolves.toContain('E2E-1 · Sugar');
    await page.goto(`${server.url}/controlmaterials`);
    await expect.poll(() => page.getByTestId('control-lots-table').locator('tr', { hasText: 'E2E-1' }).textContent()).toContain('Sugar');
    // and the dialog's Analyte label is the size of its neighbours'
    await page.getByTestId('control-lot-edit-' + lot.body.id).click();
    const labelSize = (testId: string) => page.locator(`.mantine-InputWrapper-root:has([data-testid="${testId}"]) label`).evaluate((l) => getComputedStyle(l).fontSize);
    await expect(labelSize('control-lot-analyte')).resolves.toBe(await labelSize('control-lot-lot'));
    await page.getByTestId('control-lot-dialog-cancel').click();
    await page.getByTestId(`control-lot-chart-${lot.body.id}`).click();
    await page.getByTestId('lot-chart-image').waitFor();
    await expect.poll(() => page.getByTestId('lot-run-1').textContent()).toContain('1-3s');
    expect(await page.getByTestId('lot-run-1').innerText()).toContain('1-3s');
    await expect.poll(() => page.getByTestId('lot-chart-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
