import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUAL_ENTRY_MESSAGES, SAMPLE_NO_RESULT as NO, SUBMISSION_MESSAGES as M, submissionEndpoints as ep } from '@sapwood/contracts';
import { CapturesService } from '../apps/server/src/features/leafs/captures.service';
import { createCaptureClient } from '../apps/server/src/platform/integrations/capture.client';
import type { ApiClient } from '../tests/support/api-client';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { type LabReference, seedLabReference } from '../tests/support/lab-fixtures';
import { labStandIns } from '../tests/support/lab-stand-ins';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser, signedIn } from '../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../tools/stand-ins/capture-server';
import type { NvirotekStandIn } from '../tools/stand-ins/nvirotek-server';
import type { WynlandStandIn } from '../tools/stand-ins/wynland-server';

/**
 * Outside labs on /submissions in Chromium (issue 31, findings 1–3): the Prepare dialog checks each row against
 * the chosen lab before Submit (a crop without the lab's code is told at its row, and nothing is asked or sent);
 * a row added by hand gets the lab's results like the captured ones, and a sample the lab returned that matches
 * no row is told on the row, listed in the Lab Result and in Report Settings; a refused order is red with what to
 * fix, prints its refusal, and is sent again from its row (Re-send) once fixed; a job linked by hand (Manual Link)
 * shows its work order on the row, and a job, or its work order, another submission holds is told at the field.
 */
const stands = labStandIns();
let app: CaptureStandIn;
let nv: NvirotekStandIn;
let wl: WynlandStandIn;
let server: TestServer;
let browser: Browser;
let pool: PagePool;
let staff: ApiClient;
let errors: string[] = [];
let ref: LabReference;

const db = () => server.built.deps.db;
const ALL = ['Submissions', 'SubmissionsPrepare', 'SubmissionsWaitingForLab', 'SubmissionsResults', 'SubmissionsCompleted', 'SubmissionsDelete'];

async function open(path: string): Promise<Page> {
  const page = await pool.newPage();
  errors = watchPageErrors(page);
  await signIn(page, server.url, await createUser(db(), ALL, { name: 'Lab Clerk' }), path);
  return page;
}
const rowOf = (page: Page, tab: string, id: number) => page.getByTestId(`${tab}-table`).locator(`tbody tr[data-row-id="${id}"]`);
const snack = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text }).first();
async function pick(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const submission = (id: number) => db().selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: 12, soil: 2 });
  ({ nv, wl } = stands);
  server = await startTestServer({
    ...stands.env(), LAB_POLL_INTERVAL_MINUTES: '0.01',
  });
  ref = await seedLabReference(db());
  await new CapturesService(db(), createCaptureClient({ url: app.url, apiKey: 'cap-key', timeoutMs: 5_000 })).sync('leaf', null);
  // one pending group of two entries: a Pecan and a Table grape, both for Wynland (an outside lab takes only its own, ADR 0251)
  const [a, b] = await db().selectFrom('captures').select('id').where('kind', '=', 'leaf').where('status', '=', 'NotCompleted').where('refused_reason', 'is', null)
    .orderBy('id').limit(2).execute();
  await db().updateTable('captures').set({ client_name: 'Vine Co', farm_name: 'Hillside', agent: 'Agent Smith', agronomist: 'Dr Nel', captured_at: new Date('2026-11-03T08:00:00Z'), lab: 'Wynland' })
    .where('id', 'in', [a.id, b.id]).execute();
  await db().updateTable('captures').set({ crop_id: ref.pecan, sample_number: 'V-1' }).where('id', '=', a.id).execute();
  await db().updateTable('captures').set({ crop_id: ref.grape, sample_number: 'V-2' }).where('id', '=', b.id).execute();
  staff = await signedIn(server.url, await createUser(db(), ALL));
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await app?.close();
});

/** A Nvirotek submission of `clientName` whose order the lab refused (the test has the lab refuse that client). */
async function refusedSubmission(clientName: string, sampleNumber: string): Promise<number> {
  const r = await staff.call(ep.submit, {
    clientName, farmName: 'Eastside', agentId: ref.agentId, depotId: ref.depotId, agronomistId: ref.agronomistId, lab: 'Nvirotek',
    samples: [[{ testDataId: 0, sampleNumber, blockNumber: 'B1', cropId: ref.pecan, cultivars: [ref.pecanCultivar], growthStage: 'Flowering', test: 'StandardItestLeaf' }]],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = (r.body as { id: number }).id;
  await expect.poll(async () => (await submission(id)).refused, { timeout: 15_000, interval: 100 }).toBe(true);
  return id;
}

describe('outside labs on /submissions', () => {
  it('checks the rows against the chosen lab before Submit, the server\'s refusal of a row listed above the group; a row added by hand gets its results; a sample returned that matches no row is listed', async () => {
    wl.answer({ mode: 'unknown', extra: 1 }, { client: 'Vine Co' });
    const page = await open('/submissions?tab=prepare');
    const group = page.getByTestId('pending-row').filter({ hasText: 'Vine Co' });
    await group.getByRole('button', { name: /^prepare/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Prepare Submission' });
    await dialog.waitFor();
    await pick(page, dialog.getByRole('textbox', { name: 'Depot' }), 'Tzaneen depot');
    for (const [sample, cultivar] of [['V-1', 'Wichita'], ['V-2', 'Crimson']]) {
      await pick(page, dialog.getByLabel(`Cultivars of ${sample}`), cultivar);
      await dialog.getByLabel(`Growth phase of ${sample}`).fill('Veraison');
    }
    // a row added by hand
    await dialog.getByTestId('add-row').click();
    await dialog.getByLabel('Sample Number of row 3').fill('V-HAND');
    await dialog.getByLabel('Block of V-HAND').fill('B3');
    await pick(page, dialog.getByLabel('Crop of V-HAND'), 'Pecan');
    await pick(page, dialog.getByLabel('Cultivars of V-HAND'), 'Wichita');
    await dialog.getByLabel('Growth phase of V-HAND').fill('Veraison');

    // Nvirotek has no code for Table grape: told at the row, nothing asked nor sent
    await pick(page, dialog.getByRole('textbox', { name: 'Submission Lab' }), 'Nvirotek');
    await dialog.getByTestId('submission-submit').click();
    await dialog.getByText(M.noLabCropCode('Table grape', 'Nvirotek'), { exact: true }).waitFor();
    expect(await dialog.getByLabel('Crop of V-2').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Crop of V-1').getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByRole('dialog', { name: 'Submit' }).count()).toBe(0);
    // Wynland's code for Table grape taken away after the dialog read the codes: the dialog's check passes, the
    // server refuses row 2, listed above the group with the row's field focused
    const grape = db().selectFrom('crops').select('wynland_crop_id').where('id', '=', ref.grape);
    const { wynland_crop_id: grapeCode } = await grape.executeTakeFirstOrThrow();
    await db().updateTable('crops').set({ wynland_crop_id: null }).where('id', '=', ref.grape).execute();
    await pick(page, dialog.getByRole('textbox', { name: 'Submission Lab' }), 'Wynland');
    await dialog.getByTestId('submission-submit').click();
    const ask = page.getByRole('dialog', { name: 'Submit' });
    await ask.getByText(M.submitConfirm).waitFor();
    await ask.getByRole('button', { name: 'Yes' }).click();
    const listed = dialog.getByTestId('prepare-errors');
    await listed.waitFor();
    expect(await listed.textContent()).toBe(`Group 1, row 2: ${M.noLabCropCode('Table grape', 'Wynland')}`);
    expect(await dialog.getByLabel('Crop of V-2').getAttribute('aria-invalid')).toBe('true');
    // the focus on the field the message is about: the row's crop (a list field, registered with the grid since 9389223)
    await expect.poll(() => dialog.getByLabel('Crop of V-2').evaluate((el) => el === document.activeElement)).toBe(true);
    // Wynland knows it again: asked, then sent
    await db().updateTable('crops').set({ wynland_crop_id: grapeCode }).where('id', '=', ref.grape).execute();
    await dialog.getByTestId('submission-submit').click();
    await ask.getByText(M.submitConfirm).waitFor();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const { id } = await db().selectFrom('submissions').select('id').where('client_name', '=', 'Vine Co').executeTakeFirstOrThrow();
    await expect.poll(async () => (await submission(id)).state, { timeout: 20_000, interval: 200 }).toBe('Results');
    const order = wl.orders.find((o) => o.client === 'Vine Co')!;
    const hand = order.samples.find((s) => s.sampleNumber === 'V-HAND')!;
    const extra = order.samples.find((s) => s.extra)!;

    // the Results tab's row says a returned sample matches no row
    await page.getByTestId('tab-results').click();
    const row = rowOf(page, 'results', id);
    await expect.poll(() => row.getByTestId(`row-unmatched-${id}`).textContent(), { timeout: 10_000 }).toBe(`${M.unmatched(1)}: ${extra.sampleNumber}`);
    // the Lab Result: the hand-added row's values, and the sample that matches no row
    await row.getByRole('button', { name: `menu ${id}` }).click();
    await page.getByRole('menuitem', { name: 'results' }).click();
    const result = page.getByRole('dialog', { name: 'Lab Result', exact: true });
    const handRow = result.getByTestId('lab-result-row').filter({ hasText: 'V-HAND' });
    await handRow.waitFor();
    expect(await handRow.textContent()).toContain(hand.labNumber);
    expect(await handRow.textContent()).toContain(String(hand.values.N));
    const unmatched = result.getByTestId('unmatched-row');
    expect(await unmatched.count()).toBe(1);
    expect(await unmatched.textContent()).toContain(extra.labNumber);
    expect(await unmatched.textContent()).toContain(M.unmatchedNoRow);
    await result.getByRole('button', { name: 'Close' }).last().click();
    await result.waitFor({ state: 'detached' });
    // Report Settings: every row matched, and the one not in the report listed
    await row.getByRole('button', { name: `report ${id}` }).click();
    const settings = page.getByRole('dialog', { name: 'Report Settings' });
    await settings.getByTestId('report-samples-0').waitFor();
    expect(await settings.getByTestId('report-extra-0').textContent()).toBe(`Lab sample numbers not in the report: ${extra.sampleNumber} (${extra.labNumber})`);
    expect(await settings.getByTestId('report-samples-0').getByLabel('not matched').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a refused order red with what to fix, prints its refusal, and sends it again from its row once fixed', async () => {
    nv.answer({ mode: 'refused', message: 'account on hold' }, { client: 'Refused Co' });
    const r = await staff.call(ep.submit, {
      clientName: 'Refused Co', farmName: 'Eastside', agentId: ref.agentId, depotId: ref.depotId, agronomistId: ref.agronomistId, lab: 'Nvirotek',
      samples: [[{ testDataId: 0, sampleNumber: 'RF-1', blockNumber: 'B1', cropId: ref.pecan, cultivars: [ref.pecanCultivar], growthStage: 'Flowering', test: 'StandardItestLeaf' }]],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = (r.body as { id: number }).id;
    await expect.poll(async () => (await submission(id)).refused, { timeout: 15_000, interval: 100 }).toBe(true);
    const page = await open('/submissions?tab=waiting');
    const row = rowOf(page, 'waiting', id);
    await row.waitFor();
    const refusal = `${M.refusedBy('Nvirotek')}. Nvirotek answered 422: account on hold`;
    // the error text spans the row: a line of its own under it, across every column (issue 35)
    const note = page.getByTestId('waiting-table').locator(`tr[data-note-of="${id}"]`);
    expect(await note.getByTestId(`row-error-${id}`).textContent()).toBe(refusal);
    expect(await note.locator('td').getAttribute('colspan')).toBe(String(await row.locator('td').count()));
    // print: the refusal, not values
    await row.getByRole('button', { name: `print ${id}` }).click();
    const printed = page.getByRole('dialog', { name: 'Lab Results' });
    const frame = printed.getByTestId('lab-results-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('srcdoc')).toContain('account on hold');
    await printed.getByRole('button', { name: 'Close' }).last().click();
    await printed.waitFor({ state: 'detached' });

    // Re-send while the crop has no Nvirotek code: says which, and the row stays as it was
    await db().updateTable('crops').set({ labmin_crop_id: null }).where('id', '=', ref.pecan).execute();
    await row.getByRole('button', { name: `Re-send ${id}` }).click();
    await snack(page, M.noLabCropCode('Pecan', 'Nvirotek')).waitFor();
    expect(await note.getByTestId(`row-error-${id}`).textContent()).toBe(refusal);
    // fixed: the code assigned in Crop, the lab taking orders again
    await db().updateTable('crops').set({ labmin_crop_id: ref.nvPecan }).where('id', '=', ref.pecan).execute();
    nv.answer({ mode: 'manual' }, { client: 'Refused Co' });
    await row.getByRole('button', { name: `Re-send ${id}` }).click();
    await snack(page, M.resent).waitFor();
    await expect.poll(async () => (await submission(id)).submission_work_order, { timeout: 15_000, interval: 100 }).toMatch(/^NV-WO-/);
    await page.reload();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain((await submission(id)).submission_work_order!);
    expect(await page.getByTestId(`row-error-${id}`).count()).toBe(0);
    expect(await row.getByRole('button', { name: `Re-send ${id}` }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
  it('says on the Waiting row, on the Results row and in the Lab Result of one with results, when the lab gives the submission\'s work order to another lab job (nothing of it is read)', async () => {
    const r = await staff.call(ep.submit, {
      clientName: 'Reissued Co', farmName: 'Eastside', agentId: ref.agentId, depotId: ref.depotId, agronomistId: ref.agronomistId, lab: 'Nvirotek',
      samples: [[{ testDataId: 0, sampleNumber: 'RS-1', blockNumber: 'B1', cropId: ref.pecan, cultivars: [ref.pecanCultivar], growthStage: 'Flowering', test: 'StandardItestLeaf' }]],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = (r.body as { id: number }).id;
    await expect.poll(async () => (await submission(id)).lab_job_id, { timeout: 15_000, interval: 100 }).not.toBeNull();
    const { submission_work_order: workOrder, lab_job_id: ownJob } = await submission(id);
    const other = nv.reissue(workOrder!, { sampleNumbers: ['RS-1'] })!;
    const message = M.workOrderReissued('Nvirotek', workOrder!, other.jobNumber, ownJob!);
    await expect.poll(async () => (await submission(id)).error, { timeout: 15_000, interval: 100 }).toBe(message);
    const page = await open('/submissions?tab=waiting');
    const row = rowOf(page, 'waiting', id);
    await row.waitFor();
    const note = page.getByTestId('waiting-table').locator(`tr[data-note-of="${id}"]`);
    expect(await note.getByTestId(`row-error-${id}`).textContent()).toBe(message);
    // not an order to send again: the lab holds it
    expect(await row.getByRole('button', { name: `Re-send ${id}` }).count()).toBe(0);
    // its print has nothing to print, and says why: its lab's answer is not read (ADR 0252)
    await row.getByRole('button', { name: `print ${id}` }).click();
    const printDialog = page.getByRole('dialog', { name: 'Lab Results', exact: true });
    await printDialog.getByText(MANUAL_ENTRY_MESSAGES.noResults).waitFor();
    expect(await printDialog.getByTestId('no-lab-results-why').allTextContents()).toEqual([NO.notRead('Nvirotek', workOrder!)]);
    await page.keyboard.press('Escape');
    await printDialog.waitFor({ state: 'detached' });

    // one with results already: its Results row says it as the Waiting row does, the Lab Result above its rows, and its
    // unread sample is not said to wait for the lab: its answer is not read, and why
    nv.answer({ mode: 'partial', count: 1 }, { client: 'Reissued Results Co' });
    const r2 = await staff.call(ep.submit, {
      clientName: 'Reissued Results Co', farmName: 'Eastside', agentId: ref.agentId, depotId: ref.depotId, agronomistId: ref.agronomistId, lab: 'Nvirotek',
      samples: [['RR-1', 'RR-2'].map((sampleNumber) => ({ testDataId: 0, sampleNumber, blockNumber: 'B1', cropId: ref.pecan, cultivars: [ref.pecanCultivar], growthStage: 'Flowering', test: 'StandardItestLeaf' }))],
    });
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    const withResults = (r2.body as { id: number }).id;
    await expect.poll(async () => (await submission(withResults)).state, { timeout: 20_000, interval: 200 }).toBe('Results');
    const held = await submission(withResults);
    const other2 = nv.reissue(held.submission_work_order!, { sampleNumbers: ['RR-2'] })!;
    const message2 = M.workOrderReissued('Nvirotek', held.submission_work_order!, other2.jobNumber, held.lab_job_id!);
    await expect.poll(async () => (await submission(withResults)).error, { timeout: 15_000, interval: 100 }).toBe(message2);
    await page.getByTestId('tab-results').click();
    const resultsRow = rowOf(page, 'results', withResults);
    await resultsRow.waitFor();
    const resultsNote = page.getByTestId('results-table').locator(`tr[data-note-of="${withResults}"]`);
    expect(await resultsNote.getByTestId(`row-error-${withResults}`).textContent()).toBe(message2);
    await resultsRow.getByRole('button', { name: `menu ${withResults}` }).click();
    await page.getByRole('menuitem', { name: 'results' }).click();
    const result = page.getByRole('dialog', { name: 'Lab Result', exact: true });
    await expect.poll(() => result.getByTestId('lab-error').textContent(), { timeout: 10_000 }).toBe(message2);
    expect(await result.getByTestId('lab-result-no-result').allTextContents()).toEqual([NO.notRead('Nvirotek', held.submission_work_order!)]);
    expect(await result.getByTestId('unmatched-row').count()).toBe(0);
    await result.getByRole('button', { name: 'Close' }).last().click();
    await result.waitFor({ state: 'detached' });
    // its Report Settings say the same of the unread sample (ADR 0252)
    await resultsRow.getByRole('button', { name: `report ${withResults}` }).click();
    const settings = page.getByRole('dialog', { name: 'Report Settings' });
    const unread = settings.getByTestId('report-sample-row').filter({ hasText: 'RR-2' });
    await unread.waitFor();
    expect(await unread.getByTestId('report-sample-no-result').textContent()).toBe(NO.notRead('Nvirotek', held.submission_work_order!));
    expect(await settings.getByTestId('report-sample-no-result').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tells at the field of Manual Link a job another submission of that lab holds, and links nothing', async () => {
    nv.answer({ mode: 'refused', message: 'on hold' }, { client: 'Held Co' });
    const refused = (sampleNumber: string) => refusedSubmission('Held Co', sampleNumber);
    const first = await refused('HC-1');
    const second = await refused('HC-2');
    nv.addJob('NVJ-HELD-1');
    expect((await staff.call(ep.manualLabId, { submissionId: first, labJobId: 'NVJ-HELD-1' })).body).toBe(true);
    const page = await open('/submissions?tab=waiting');
    const row = rowOf(page, 'waiting', second);
    await row.waitFor();
    await row.getByRole('button', { name: /^Manual Link/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Job Id' });
    await dialog.getByLabel('Lab Job Id').fill('NVJ-HELD-1');
    await dialog.getByTestId('job-id-save').click();
    // at the field, the dialog kept open with what was typed
    await dialog.getByText(M.labJobHeld('NVJ-HELD-1', first), { exact: true }).waitFor();
    expect(await dialog.getByLabel('Lab Job Id').inputValue()).toBe('NVJ-HELD-1');
    expect((await submission(second)).lab_job_id).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('links by hand a job the lab made: the Waiting row shows its work order; a job whose work order another submission holds is told at the field', async () => {
    nv.answer({ mode: 'refused', message: 'on hold' }, { client: 'Linked Co' });
    const first = await refusedSubmission('Linked Co', 'LC-1');
    // the lab made a job of its own for the sample (no results yet, so the row stays in Waiting)
    const job = nv.addJob('NVJ-OWN-1', { sampleNumbers: ['LC-1'], published: false });
    const page = await open('/submissions?tab=waiting');
    const row = rowOf(page, 'waiting', first);
    await row.getByRole('button', { name: /^Manual Link/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Job Id' });
    await dialog.getByLabel('Lab Job Id').fill('NVJ-OWN-1');
    await dialog.getByTestId('job-id-save').click();
    await snack(page, M.success).waitFor();
    // the Submission column: the lab and its work order; the Lab Job / Work Numbers column: both; no Manual Link, no refusal
    await expect.poll(() => row.textContent()).toContain(`NVJ-OWN-1 / ${job.workOrder}`);
    expect(await row.textContent()).toContain(`· ${job.workOrder}`);
    expect(await row.getByRole('button', { name: /^Manual Link/ }).count()).toBe(0);
    expect(await submission(first)).toMatchObject({ lab_job_id: 'NVJ-OWN-1', submission_work_order: job.workOrder, lab_work_order: job.workOrder, refused: false, error: null });

    // the lab gives that work order to another job, which someone tries to link to another submission
    const other = nv.reissue(job.workOrder, { sampleNumbers: ['LC-2'], published: false })!;
    try {
      const second = await refusedSubmission('Linked Co', 'LC-2');
      await page.reload();
      const secondRow = rowOf(page, 'waiting', second);
      await secondRow.getByRole('button', { name: /^Manual Link/ }).click();
      await dialog.getByLabel('Lab Job Id').fill(other.jobNumber);
      await dialog.getByTestId('job-id-save').click();
      await dialog.getByText(M.linkedWorkOrderHeld('Nvirotek', other.jobNumber, job.workOrder, first), { exact: true }).waitFor();
      expect(await submission(second)).toMatchObject({ lab_job_id: null, submission_work_order: null, refused: true });
    } finally {
      nv.undoReissue(job.workOrder);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
