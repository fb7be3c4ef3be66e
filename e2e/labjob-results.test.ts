import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labEndpoints } from '@sapwood/contracts';
import type { ApiClient } from '../tests/support/api-client';
import { PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { type CarbohydrateReference, seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { activeTestId, startLabJobsScreen } from '../tests/support/labjobs-screen';
import type { TestServer } from '../tests/support/server';

/** /labjobs: the results dialog (entry by keyboard, limits, export, concurrent edits, changes after completion). */
let server: TestServer;
let browser: Browser;
let pool: PagePool;
let ref: CarbohydrateReference;
let labUser: { email: string; password: string };
let api: ApiClient;

beforeAll(async () => {
  ({ server, browser, ref, labUser, api } = await startLabJobsScreen({ controls: 'optional' }));
  pool = new PagePool(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('/labjobs results', () => {
  it('enters results by keyboard, flags a value over the limit without blocking, and redoes a sample', async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, {
      samples: [{ sampleNumber: 'K1' }, { sampleNumber: 'K2' }, { sampleNumber: 'K3' }, { sampleNumber: 'K4' }],
    });
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, labUser, '/labjobs');
    await page.getByTestId(`job-card-${jobId}`).click();
    await page.getByTestId('results-table').waitFor();
    await page.getByTestId('result-1-na').check();

    await page.getByTestId('result-0-sugar').click();
    await page.keyboard.type('12.5');
    await page.keyboard.press('Enter');
    // focus skips the N/A row
    await expect.poll(() => activeTestId(page)).toBe('result-2-sugar');
    await expect.poll(() => page.getByTestId('result-0-sugar').getAttribute('aria-invalid')).toBe('true');
    await expect(page.getByTestId('results-head-sugar').textContent()).resolves.toBe('Sugar (Max limit is 10)');
    // the limit is read in full, not cut to 'Sugar (Max li…' by the column's width
    const cut = (el: HTMLElement) => el.scrollWidth > el.clientWidth;
    await expect(page.getByTestId('results-head-sugar').evaluate(cut)).resolves.toBe(false);
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
    const page = await pool.newPage();
    await signIn(page, server.url, labUser, '/labjobs?tab=completed');
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
    const page = await pool.newPage();
    await signIn(page, server.url, labUser, '/labjobs?job=create');
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
    // the grid engine's 409: the other user's values and a choice; No keeps theirs
    const ask = page.getByTestId('confirm-dialog');
    await expect.poll(() => ask.textContent()).toContain('changed by someone else');
    await ask.getByRole('button', { name: 'No' }).click();
    await expect.poll(() => page.getByTestId('entry-0-entity').inputValue()).toBe('First Save');
    expect((await api.call(labEndpoints.getData, { id: job.id })).body.entries[0].entity).toBe('First Save');
    await page.close();
  });

  it("shows 'Loading settings...' in the results dialog until the settings answer, then the results table", async () => {
    const { jobId } = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'W1' }, { sampleNumber: 'W2' }] });
    const page = await pool.newPage();
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
      await signIn(page, server.url, labUser, '/labjobs');
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
    const page = await pool.newPage();
    await signIn(page, server.url, labUser, `/labjobs?tab=completed&results=${jobId}`);
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
    const page = await pool.newPage();
    await signIn(page, server.url, labUser, `/labjobs?results=${jobId}`);
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
});
