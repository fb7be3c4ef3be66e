import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QC_MESSAGES, labEndpoints, qcEndpoints as qc } from '@sapwood/contracts';
import type { ApiClient } from '../tests/support/api-client';
import { PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { type CarbohydrateReference, seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { activeTestId, startLabJobsScreen } from '../tests/support/labjobs-screen';
import { ADMIN, type TestServer } from '../tests/support/server';
import { signedIn } from '../tests/support/users';
import { listAudit } from '../apps/server/src/platform/audit/audit.repository';

/** Issue 37 (ADR 0160) in the browser: controls required to complete a job, chosen on a new job card, changed with a reason. */
let server: TestServer;
let browser: Browser;
let pool: PagePool;
let ref: CarbohydrateReference;
let labUser: { email: string; password: string };
let api: ApiClient;
let lotId: number;

beforeAll(async () => {
  ({ server, browser, ref, labUser, api } = await startLabJobsScreen({ controls: 'required' }));
  pool = new PagePool(browser, server.url);
  const admin = await signedIn(server.url, ADMIN);
  const lot = await admin.call(qc.upsertLot, { id: 0, name: 'Sugar control', lot: 'E2E-C1', analyte: 'sugar', mean: 5, sd: 0.2, validFrom: '2026-01-01', validTo: null, active: true });
  expect(lot.status).toBe(200);
  lotId = lot.body.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const statusOf = async (jobId: number) => (await api.call(labEndpoints.jobData, { id: jobId })).body.status as string;

describe('controls on the job (ADR 0160)', () => {
  it('the save that would complete a job without its control result is refused in the dialog; with the control entered the job completes', async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'QCR1', sugar: 4, starch: 9 }, { sampleNumber: 'QCR2' }] });
    expect((await api.call(qc.setJobControls, { jobId, rows: [{ id: 0, controlLotId: lotId }] })).status).toBe(200);
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, labUser, '/labjobs');
    await page.getByTestId(`job-card-${jobId}`).click();
    await page.getByTestId('results-table').waitFor();

    // the last sample's results: that save would complete the job, and the control has no result yet
    await page.getByTestId('result-1-sugar').click();
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await page.getByTestId('result-1-starch').click();
    await page.keyboard.type('8');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('results-dialog').textContent()).toContain(QC_MESSAGES.controlUnentered(`J${jobId}`));
    expect(await statusOf(jobId)).toBe('current');

    // the control's result, then the sample again: the job completes
    await page.getByTestId('control-value-0').click();
    await page.keyboard.type('5.1');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await api.call(qc.jobControls, { jobId })).body.rows[0].value).toBe(5.1);
    // the refused sample's typed value stays in the dialog (the control's save does not reload the grid)
    expect(await page.getByTestId('result-1-starch').inputValue()).toBe('8');
    await page.getByTestId('results-submit').click();
    await page.getByTestId('results-dialog').waitFor({ state: 'detached' });
    expect(await statusOf(jobId)).toBe('completed');
    const rows = (await api.call(labEndpoints.jobData, { id: jobId })).body.testCarbohydrateLabResults as { sugar: number | null; starch: number | null }[];
    expect(rows.map((r) => [r.sugar, r.starch])).toEqual([[4, 9], [5, 8]]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a new job card: a control lot chosen by keyboard is saved with the job', async () => {
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, labUser, '/labjobs?job=create');
    await page.getByTestId('entry-0-sampleNumber').waitFor();
    for (const [field, value] of [['entity', 'Ctl Co'], ['agent', 'Agent C'], ['agronomist', 'Dr C'], ['farmName', 'Ctl Farm'], ['fieldBlockNumber', 'C1']]) {
      await page.getByTestId(`header-${field}`).fill(value);
    }
    await page.getByTestId('header-tissueId').selectOption(String(ref.tissues.roots.id));
    await page.getByTestId('header-cropId').selectOption(String(ref.crop.id));
    await page.getByTestId('header-cultivarId').selectOption(String(ref.cultivars[0].id));
    await page.getByTestId('header-testCarboCropGrowthId').selectOption(String(ref.stages[0].id));
    await page.getByTestId('entry-0-sampleNumber').fill('QCNEW-1');

    // the picker by keyboard: focus it, type part of the lot, arrow to it, Enter adds the row
    await page.getByTestId('control-lot-choose').focus();
    await page.keyboard.type('E2E-C1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('control-row-0').textContent()).toContain('E2E-C1');
    expect(await activeTestId(page)).toBe('control-lot-choose');

    await page.getByTestId('job-submit').click();
    await page.getByTestId('job-card-dialog').waitFor({ state: 'detached' });
    const job = (await api.call(labEndpoints.jobs, { search: 'QCNEW-1' })).body.rows[0] as { id: number };
    const controls = (await api.call(qc.jobControls, { jobId: job.id })).body.rows;
    expect(controls).toMatchObject([{ controlLotId: lotId, lot: 'E2E-C1', value: null }]);
    // and the saved job's card shows it
    await page.getByTestId(`job-card-${job.id}`).click();
    await expect.poll(() => page.getByTestId('control-row-0').textContent()).toContain('E2E-C1');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('changing a control of a completed job asks for a reason; the audit keeps it', async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'QCA1', sugar: 4, starch: 9 }] });
    const set = await api.call(qc.setJobControls, { jobId, rows: [{ id: 0, controlLotId: lotId }] });
    const control = set.body.rows[0] as { id: number; rowVersion: number };
    expect((await api.call(qc.saveControlResults, { jobId, rows: [{ id: control.id, value: 5, rowVersion: control.rowVersion }] })).status).toBe(200);
    expect(await statusOf(jobId)).toBe('completed');

    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, labUser, '/labjobs?tab=completed');
    await page.getByTestId(`job-card-${jobId}`).click();
    await page.getByTestId('results-reason').waitFor();
    // without a reason the change is not saved, and the dialog says why
    await page.getByTestId('control-value-0').fill('5.1');
    await page.getByTestId('control-value-0').press('Enter');
    await expect.poll(() => page.getByTestId('control-error').textContent()).toBe(QC_MESSAGES.changeReasonRequired);
    expect((await api.call(qc.jobControls, { jobId })).body.rows[0].value).toBe(5);

    await page.getByTestId('results-reason').fill('Read from the wrong vial');
    await page.getByTestId('control-value-0').press('Enter');
    await expect.poll(async () => (await api.call(qc.jobControls, { jobId })).body.rows[0].value).toBe(5.1);
    const amend = (await listAudit(server.built.deps.db, 'qc_job_control', control.id)).find((a) => a.action === 'amend');
    expect(amend).toMatchObject({ reason: 'Read from the wrong vial', old_values: { value: 5 }, new_values: { value: 5.1 } });
    expect(errors).toEqual([]);
    await page.close();
  });
});
