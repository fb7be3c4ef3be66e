import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsEndpoints, agronomistEndpoints, labEndpoints, settingsEndpoints } from '@sapwood/contracts';
import type { ApiClient } from '../tests/support/api-client';
import { launchBrowser, signInThroughUi, watchPageErrors } from '../tests/support/browser';
import { type CarbohydrateReference, seedCarbohydrateReference, seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';
import { createUser, signedIn } from '../tests/support/users';

let server: TestServer;
let browser: Browser;
let ref: CarbohydrateReference;
let labUser: { email: string; password: string };
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  const db = server.built.deps.db;
  ref = await seedCarbohydrateReference(db);
  labUser = await createUser(db, ['LabJobs'], { name: 'Lab Tech' });
  api = await signedIn(server.url, labUser);
  const admin = await signedIn(server.url, ADMIN);
  await admin.call(settingsEndpoints.update, { sugarLimit: 10, starchLimit: 20 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function paste(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).evaluate((el, t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}
const UNSAVED = 'You have unsaved changes. Discard them?';
const activeTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

describe('/labjobs', () => {
  it('creates a job by pasting rows, after showing the validation messages', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await signInThroughUi(page, server.url, labUser, '/labjobs');
    await page.getByTestId('jobs-create').click();
    await page.getByTestId('entry-0-sampleNumber').waitFor();

    // an empty entry: red rings and the messages
    await page.getByTestId('job-submit').click();
    await expect.poll(() => page.getByTestId('job-errors').textContent()).toContain('Row 1: Entity required');
    const errorsText = await page.getByTestId('job-errors').textContent();
    for (const m of ['Agent required', 'Agronomist required', 'Farm name required', 'Field block number required', 'Growth required', 'Tissue required', 'Crop required', 'Cultivar required']) {
      expect(errorsText).toContain(m);
    }
    await expect(page.getByTestId('entry-0-entity').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByTestId('entry-0-cropId').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByTestId('entry-0-remove').click();
    await expect.poll(() => page.getByTestId('job-no-entries').textContent()).toBe('At least one entry is required.');

    // header defaults, then Add Entry and a pasted block of rows
    await page.getByTestId('header-agent').fill('Agent A');
    await page.getByTestId('job-add-entry').click();
    await expect(page.getByTestId('entry-0-agent').inputValue()).resolves.toBe('Agent A');
    const line = (n: string, block: string) => [n, 'Paste Farms', 'Agent P', 'Dr P', 'Riverside', block, '2026-10-05', 'Roots', 'Pecan', 'Wichita', 'Hartswater', 'Dormancy'].join('\t');
    await paste(page, 'entry-0-sampleNumber', [line('P-008', 'B1'), line('P-009', 'B2'), line('P-010', 'B3')].join('\r\n'));
    await expect.poll(() => page.getByTestId('entry-2-sampleNumber').inputValue()).toBe('P-010');
    await expect(page.getByTestId('entry-1-entity').inputValue()).resolves.toBe('Paste Farms');
    await expect(page.getByTestId('entry-2-cultivarId').inputValue()).resolves.toBe(String(ref.cultivars[0].id));
    await expect(page.getByTestId('entry-2-testCarboCropGrowthId').inputValue()).resolves.toBe(String(ref.stages[0].id));
    await expect(page.getByTestId('entry-0-sampleDate').inputValue()).resolves.toBe('05/10/2026');

    // Add Entry increments the trailing digits; a header edit propagates
    await page.getByTestId('job-add-entry').click();
    await expect(page.getByTestId('entry-3-sampleNumber').inputValue()).resolves.toBe('P-011');
    await page.getByTestId('entry-3-remove').click();
    await page.getByTestId('header-farmName').fill('Hilltop');
    await expect(page.getByTestId('entry-1-farmName').inputValue()).resolves.toBe('Hilltop');

    await page.getByTestId('job-submit').click();
    await page.getByTestId('job-card-dialog').waitFor({ state: 'detached' });
    const jobs = await api.call(labEndpoints.jobs, { rowsPerPage: 100 });
    const job = jobs.body.rows[0];
    expect(job).toMatchObject({ firstSample: 'P-008', lastSample: 'P-010', samples: 3, samplesCompleted: 0, farms: ['Hilltop'] });
    const card = page.getByTestId(`job-card-${job.id}`);
    await card.waitFor();
    await expect(card.getByTestId('job-card-title').textContent()).resolves.toBe(`J${job.id}`);
    await expect(card.getByTestId('job-card-samples').textContent()).resolves.toBe('P-008 – P-010');
    await expect(card.getByTestId('job-card-completed').textContent()).resolves.toBe('0/3');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks before Escape or Cancel throws away typed or pasted entries: No keeps them, Yes discards them', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await signInThroughUi(page, server.url, labUser, '/labjobs');
    const dialog = page.getByTestId('job-card-dialog');
    const question = page.getByTestId('confirm-dialog').getByText(UNSAVED);

    // untouched: Cancel closes at once
    await page.getByTestId('jobs-create').click();
    await page.getByTestId('entry-0-sampleNumber').waitFor();
    await page.getByTestId('job-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await question.count()).toBe(0);

    // a pasted block: Escape asks, No keeps every row
    await page.getByTestId('jobs-create').click();
    await page.getByTestId('entry-0-sampleNumber').waitFor();
    await paste(page, 'entry-0-sampleNumber', ['Q-1\tKept Co', 'Q-2\tKept Co'].join('\n'));
    await expect.poll(() => page.getByTestId('entry-1-sampleNumber').inputValue()).toBe('Q-2');
    await page.keyboard.press('Escape');
    await question.waitFor();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'No' }).click();
    await question.waitFor({ state: 'detached' });
    await expect(page.getByTestId('entry-1-entity').inputValue()).resolves.toBe('Kept Co');

    // typed: Cancel asks too, Yes discards
    await page.getByTestId('entry-0-farmName').fill('Typed Farm');
    await page.getByTestId('job-cancel').click();
    await question.waitFor();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('job=');
    await page.getByTestId('jobs-create').click();
    await expect.poll(() => page.getByTestId('entry-0-entity').inputValue()).toBe('');
    expect(await page.getByTestId('entry-1-sampleNumber').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows every rule on its row: repeated and blank sample numbers, the server's refusals; Add Entry focuses the new row", async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await signInThroughUi(page, server.url, labUser, '/labjobs?job=create');
    await page.getByTestId('entry-0-sampleNumber').waitFor();
    for (const [field, value] of [['entity', 'Dup Co'], ['agent', 'Agent D'], ['agronomist', 'Dr D'], ['farmName', 'Dup Farm'], ['fieldBlockNumber', 'D1']]) {
      await page.getByTestId(`header-${field}`).fill(value);
    }
    await page.getByTestId('header-tissueId').selectOption(String(ref.tissues.roots.id));
    await page.getByTestId('header-cropId').selectOption(String(ref.crop.id));
    await page.getByTestId('header-cultivarId').selectOption(String(ref.cultivars[0].id));
    await page.getByTestId('header-testCarboCropGrowthId').selectOption(String(ref.stages[0].id));

    // Add Entry: the new row's sample number takes the focus, so typing goes there
    await page.getByTestId('entry-0-sampleNumber').fill('DUP-1');
    await page.getByTestId('job-add-entry').click();
    await expect.poll(() => activeTestId(page)).toBe('entry-1-sampleNumber');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('DUP-2');
    await page.getByTestId('job-add-entry').click();
    await expect.poll(() => activeTestId(page)).toBe('entry-2-sampleNumber');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('dup-1 ');
    await expect(page.getByTestId('entry-1-sampleNumber').inputValue()).resolves.toBe('DUP-2');

    // the same sample number twice: both rows say so, with their red rings
    const invalid = (id: string) => page.getByTestId(id).getAttribute('aria-invalid');
    const listed = () => page.getByTestId('job-errors').textContent();
    await page.getByTestId('job-submit').click();
    await expect.poll(listed).toContain('Row 1: Same sample number as row 3');
    expect(await listed()).toContain('Row 3: Same sample number as row 1');
    expect(await invalid('entry-0-sampleNumber')).toBe('true');
    expect(await invalid('entry-2-sampleNumber')).toBe('true');
    expect(await invalid('entry-1-sampleNumber')).not.toBe('true');
    // mending one row clears both
    await page.getByTestId('entry-2-sampleNumber').fill('DUP-3');
    await expect.poll(() => invalid('entry-0-sampleNumber')).not.toBe('true');
    expect(await invalid('entry-2-sampleNumber')).not.toBe('true');
    expect(await page.getByTestId('job-errors').count()).toBe(0);

    // a blank sample number is named on its row
    await page.getByTestId('entry-1-sampleNumber').fill('');
    await page.getByTestId('job-submit').click();
    await expect.poll(listed).toBe('Row 2: Sample number required');
    expect(await invalid('entry-1-sampleNumber')).toBe('true');

    // a rule only the server checks (the sample number's length): its 400 lands on row 2's field too
    await page.getByTestId('entry-1-sampleNumber').fill('X'.repeat(65));
    await page.getByTestId('job-submit').click();
    await expect.poll(listed).toBe('Row 2: Must be at most 64 characters');
    expect(await invalid('entry-1-sampleNumber')).toBe('true');
    expect(await invalid('entry-0-sampleNumber')).not.toBe('true');
    expect(await page.getByTestId('job-server-error').count()).toBe(0);

    // mended and saved: the dialog closes without asking
    await page.getByTestId('entry-1-sampleNumber').fill('DUP-2');
    await page.getByTestId('job-submit').click();
    await page.getByTestId('job-card-dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('confirm-dialog').getByText(UNSAVED).count()).toBe(0);
    const job = (await api.call(labEndpoints.jobs, { search: 'DUP-3' })).body.rows[0];
    expect(job).toMatchObject({ samples: 3, firstSample: 'DUP-1', lastSample: 'DUP-3' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('deletes a job created by mistake after asking; a job with a result cannot be deleted', async () => {
    const db = server.built.deps.db;
    const { jobId } = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'MIS-1' }, { sampleNumber: 'MIS-2' }] });
    const done = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'RES-1', na: true }, { sampleNumber: 'RES-2' }] });
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await signInThroughUi(page, server.url, labUser, '/labjobs');
    const ask = page.getByTestId('confirm-dialog').getByText('Are you sure you want to delete this job?');

    // a job with a result: Delete is disabled
    await page.getByTestId(`job-edit-${done.jobId}`).click();
    await expect.poll(() => page.getByTestId('entry-1-sampleNumber').inputValue()).toBe('RES-2');
    expect(await page.getByTestId('job-delete').isDisabled()).toBe(true);
    await page.getByTestId('job-cancel').click();
    await page.getByTestId('job-card-dialog').waitFor({ state: 'detached' });

    // No keeps the job; Yes deletes it, and its card leaves the list
    await page.getByTestId(`job-edit-${jobId}`).click();
    await expect.poll(() => page.getByTestId('entry-1-sampleNumber').inputValue()).toBe('MIS-2');
    await page.getByTestId('job-delete').click();
    await ask.waitFor();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'No' }).click();
    await ask.waitFor({ state: 'detached' });
    expect((await api.call(labEndpoints.getData, { id: jobId })).status).toBe(200);
    await page.getByTestId('job-delete').click();
    await ask.waitFor();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByTestId('job-card-dialog').waitFor({ state: 'detached' });
    await page.getByTestId(`job-card-${jobId}`).waitFor({ state: 'detached' });
    expect((await api.call(labEndpoints.getData, { id: jobId })).status).toBe(404);
    await page.getByTestId(`job-card-${done.jobId}`).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('enters results by keyboard, flags a value over the limit without blocking, and redoes a sample', async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, {
      samples: [{ sampleNumber: 'K1' }, { sampleNumber: 'K2' }, { sampleNumber: 'K3' }, { sampleNumber: 'K4' }],
    });
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await signInThroughUi(page, server.url, labUser, '/labjobs');
    await page.getByTestId(`job-card-${jobId}`).click();
    await page.getByTestId('results-table').waitFor();
    await page.getByTestId('result-1-na').check();

    await page.getByTestId('result-0-sugar').click();
    await page.keyboard.type('12.5');
    await page.keyboard.press('Enter');
    // focus skips the N/A row
    await expect.poll(() => activeTestId(page)).toBe('result-2-sugar');
    await expect(page.getByTestId('result-0-sugar').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByTestId('results-head-sugar').textContent()).resolves.toBe('Sugar (Max limit is 10)');
    await expect(page.getByTestId('results-head-starch').textContent()).resolves.toBe('Starch');
    await expect.poll(async () => (await api.call(labEndpoints.jobData, { id: jobId })).body.testCarbohydrateLabResults[0].sugar).toBe(12.5);

    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await expect.poll(() => activeTestId(page)).toBe('result-3-sugar');
    await page.getByTestId('result-0-starch').click();
    await page.keyboard.type('8');
    await page.keyboard.press('Enter');
    await expect.poll(() => activeTestId(page)).toBe('result-2-starch');

    await page.getByTestId('result-3-remove').click();
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('Are you sure you want to redo sample K4? It will be removed from this job.');
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByTestId('result-row-3').count()).toBe(0);
    await page.keyboard.press('Tab');
    await page.getByTestId('result-2-starch').fill('9');
    await page.getByTestId('results-submit').click();
    await page.getByTestId('results-dialog').waitFor({ state: 'detached' });
    const rows = (await api.call(labEndpoints.jobData, { id: jobId })).body.testCarbohydrateLabResults;
    expect(rows.map((r: { sampleNumber: string; sugar: number | null; starch: number | null; na: boolean }) => [r.sampleNumber, r.sugar, r.starch, r.na]))
      .toEqual([['K1', 12.5, 8, false], ['K2', null, null, true], ['K3', 4, 9, false]]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('exports a completed job: the download arrives and the job moves to DOWNLOADED', async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, {
      samples: [{ sampleNumber: 'E2', sugar: 3, starch: 7 }, { sampleNumber: 'E10', entity: '+cmd', sugar: 4, starch: 8 }],
    });
    const page = await browser.newPage();
    await signInThroughUi(page, server.url, labUser, '/labjobs?tab=completed');
    await page.getByTestId(`job-card-${jobId}`).click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('results-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`J${jobId}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await download.path())!);
    const ws = wb.worksheets[0];
    expect([2, 3].map((r) => ws.getRow(r).getCell(1).value)).toEqual(['E2', 'E10']);
    expect(ws.getRow(3).getCell(2).value).toBe('+cmd');
    await page.getByTestId('results-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('jobs-tab-downloaded').click();
    await page.getByTestId(`job-card-${jobId}`).waitFor();
    await page.close();
  });

  it('looks up a match, then tells the second of two people editing a job that it changed', async () => {
    const db = server.built.deps.db;
    await db.insertInto('carbohydrate_samples').values({
      sample_number: 'CAP-1', entity: 'Captured Co', agent: 'Agent C', agronomist: 'Dr C', farm_name: 'Capture Farm', field_block_number: 'C9',
      tissue_id: ref.tissues.roots.id, crop_id: ref.crop.id, cultivar_id: ref.cultivars[1].id, region_id: ref.region.id, growth_stage_id: ref.stages[1].id,
      original: JSON.stringify({}), mapped: JSON.stringify({}),
    }).execute();
    const page = await browser.newPage();
    await signInThroughUi(page, server.url, labUser, '/labjobs?job=create');
    await page.getByTestId('entry-0-sampleNumber').fill('CAP-1');
    await page.keyboard.press('Tab');
    await page.getByTestId('entry-0-matches').click();
    await page.getByTestId('entry-0-match-0').click();
    await page.getByTestId('entry-0-resolved').waitFor();
    await expect(page.getByTestId('entry-0-entity').inputValue()).resolves.toBe('Captured Co');
    await expect(page.getByTestId('entry-0-cultivarId').inputValue()).resolves.toBe(String(ref.cultivars[1].id));
    await page.getByTestId('job-submit').click();
    await expect.poll(() => page.url()).not.toContain('job=create');
    const job = (await api.call(labEndpoints.jobs, { search: 'CAP-1' })).body.rows[0];
    const card = (await api.call(labEndpoints.getData, { id: job.id })).body;
    expect(card.entries[0]).toMatchObject({ resolved: true, entity: 'Captured Co' });

    // the pencil opens the job; someone else saves it meanwhile; Submit says so and keeps their change
    await page.getByTestId(`job-edit-${job.id}`).click();
    await expect.poll(() => page.getByTestId('entry-0-entity').inputValue()).toBe('Captured Co');
    const { id: _id, rowVersion: _rv, ...mine } = card.entries[0];
    expect((await api.call(labEndpoints.upsertJob, { id: job.id, rowVersion: card.rowVersion, receivedOn: card.receivedOn, entries: [{ ...mine, id: _id, rowVersion: _rv, entity: 'First Save' }] })).status).toBe(200);
    await page.getByTestId('entry-0-entity').fill('Second Save');
    await page.getByTestId('job-submit').click();
    await expect.poll(() => page.getByTestId('job-server-error').textContent()).toContain('changed by someone else');
    expect((await api.call(labEndpoints.getData, { id: job.id })).body.entries[0].entity).toBe('First Save');
    await page.close();
  });

  it("shows 'Loading settings...' in the results dialog until the settings answer, then the results table", async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'W1' }, { sampleNumber: 'W2' }] });
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    // the real answer of /api/settings/get, held back until the test lets it through
    let fetched!: () => void;
    const answerFetched = new Promise<void>((resolve) => { fetched = resolve; });
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/settings/get', async (route) => {
      const response = await route.fetch();
      fetched();
      await released;
      await route.fulfill({ response });
    });
    try {
      await signInThroughUi(page, server.url, labUser, '/labjobs');
      await page.getByTestId(`job-card-${jobId}`).click();
      await answerFetched;
      const loading = page.getByTestId('results-loading-settings');
      await loading.waitFor();
      await expect(loading.textContent()).resolves.toBe('Loading settings...');
      await expect(page.getByText('Loading settings...', { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByTestId('results-table').count()).resolves.toBe(0);
      await expect(page.getByTestId('results-submit').isDisabled()).resolves.toBe(true);
    } finally {
      release();
    }
    await page.getByTestId('results-table').waitFor();
    await expect(page.getByTestId('results-loading-settings').count()).resolves.toBe(0);
    await expect(page.getByTestId('result-1-sugar').count()).resolves.toBe(1);
    await expect(page.getByTestId('results-head-sugar').textContent()).resolves.toBe('Sugar');
    await expect(page.getByTestId('results-submit').isDisabled()).resolves.toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks a reason to change a completed job and shows a concurrent change in the dialog', async () => {
    const { jobId, entries } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'Z1', sugar: 2, starch: 3 }, { sampleNumber: 'Z2', sugar: 2, starch: 3 }] });
    const page = await browser.newPage();
    await signInThroughUi(page, server.url, labUser, `/labjobs?tab=completed&results=${jobId}`);
    await page.getByTestId('result-0-sugar').fill('2.5');
    await page.getByTestId('result-0-sugar').press('Enter');
    await expect.poll(() => page.getByTestId('results-dialog').textContent()).toContain('A reason is required to change a result of a completed or exported job.');
    await page.getByTestId('results-reason').fill('Re-weighed');
    await page.getByTestId('result-0-sugar').press('Enter');
    await expect.poll(async () => (await api.call(labEndpoints.jobData, { id: jobId })).body.testCarbohydrateLabResults[0].sugar).toBe(2.5);

    const z2 = (await api.call(labEndpoints.jobData, { id: jobId })).body.testCarbohydrateLabResults[1];
    expect(z2.id).toBe(entries[1].id);
    await api.call(labEndpoints.updateResult, { id: z2.id, sugar: 6, starch: 3, na: false, rowVersion: z2.rowVersion, reason: 'Other person' });
    await page.getByTestId('result-1-sugar').fill('7');
    await page.getByTestId('result-1-sugar').press('Enter');
    await expect.poll(() => page.getByTestId('results-error').textContent()).toContain('changed by someone else');
    expect((await api.call(labEndpoints.jobData, { id: jobId })).body.testCarbohydrateLabResults[1].sugar).toBe(6);
    await page.close();
  });

  it('takes 200 results by keyboard alone', async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, {
      samples: Array.from({ length: 200 }, (_, i) => ({ sampleNumber: `B${String(i + 1).padStart(3, '0')}` })),
    });
    const page = await browser.newPage();
    await signInThroughUi(page, server.url, labUser, `/labjobs?results=${jobId}`);
    await page.getByTestId('result-0-sugar').click();
    for (let i = 0; i < 200; i += 1) {
      await page.keyboard.type(String(1 + (i % 9)));
      await page.keyboard.press('Enter');
    }
    await expect.poll(async () => (await api.call(labEndpoints.jobData, { id: jobId })).body.testCarbohydrateLabResults
      .filter((r: { sugar: number | null }) => r.sugar !== null).length, { timeout: 30_000 }).toBe(200);
    const rows = (await api.call(labEndpoints.jobData, { id: jobId })).body.testCarbohydrateLabResults;
    expect(rows[199]).toMatchObject({ sampleNumber: 'B200', sugar: 1 + (199 % 9) });
    await page.close();
  }, 120_000);

  it('offers the agent and agronomist lists in the entry form and keeps a name outside them possible', async () => {
    const admin = await signedIn(server.url, ADMIN);
    expect((await admin.call(agentsEndpoints.upsert, { id: 0, name: 'Listed Agent', originate: 'International' })).status).toBe(200);
    expect((await admin.call(agronomistEndpoints.upsert, { id: 0, name: 'Listed Agronomist', originate: 'International' })).status).toBe(200);
    await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'T-001' }] }); // typed 'Agent Smith'
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await signInThroughUi(page, server.url, labUser, '/labjobs');
    await page.getByTestId('jobs-create').click();
    await page.getByTestId('entry-0-sampleNumber').waitFor();
    const options = (id: string) => page.locator(`#${id} option`).evaluateAll((els) => els.map((o) => `${(o as HTMLOptionElement).value}|${(o as HTMLOptionElement).label}`));
    await expect.poll(() => options('lab-agents')).toContain('Listed Agent|Agent list');
    expect(await options('lab-agents')).toContain('Agent Smith|Typed before');
    await expect.poll(() => options('lab-agronomists')).toContain('Listed Agronomist|Agronomist list');
    await expect(page.getByTestId('entry-0-agent').getAttribute('list')).resolves.toBe('lab-agents');
    await expect(page.getByTestId('header-agronomist').getAttribute('list')).resolves.toBe('lab-agronomists');
    await page.getByTestId('entry-0-agent').fill('Someone Not Listed');
    await expect(page.getByTestId('entry-0-agent').inputValue()).resolves.toBe('Someone Not Listed');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hides the menu item and answers 403 without LabJobs', async () => {
    const creds = await createUser(server.built.deps.db, ['Settings']);
    const page = await browser.newPage();
    await signInThroughUi(page, server.url, creds, '/settings');
    await page.getByTestId('limits-card').waitFor();
    await expect(page.getByRole('link', { name: 'Jobs' }).count()).resolves.toBe(0);
    await page.goto(`${server.url}/labjobs`);
    await page.getByText('No access').waitFor();
    const other = await signedIn(server.url, creds);
    expect((await other.call(labEndpoints.jobs, {})).status).toBe(403);
    await page.close();

    const lab = await browser.newPage();
    await signInThroughUi(lab, server.url, labUser, '/');
    await lab.getByRole('link', { name: 'Jobs' }).waitFor();
    await lab.close();
  });
});
