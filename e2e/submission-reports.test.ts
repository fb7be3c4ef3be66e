import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FARMERS_REPORT_MESSAGES as FM, LEAF_REPORT_MESSAGES as M, SAMPLE_NO_RESULT as NO, farmersSubmissionResultEndpoints as farmersResults, leafReportEndpoints as leafReport,
} from '@sapwood/contracts';
import { type World, startWorld, withTypedResults } from '../apps/server/test/submission-results.fixtures';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { pdfPages } from '../tests/support/pdf';
import { createUser } from '../tests/support/users';

/**
 * The leaf and farmers' reports in Chromium (issue 15): the report action of the Results, Completed and Archived
 * tabs, the Report Settings with the spec's messages where they point, the leaf preview ('Page N of M', the image
 * drawn again once typing stops for 400 ms, the arrow keys, Save, texts back on the next opening, the question
 * before closing with unsaved texts), Download PDF to its progress page and the PDF, Combine Reports, the farmers'
 * report link, and a user without the Submissions permission.
 */
let w: World;
let browser: Browser;
let pool: PagePool;
let errors: string[] = [];
const db = () => w.server.built.deps.db;
const ALL = ['Submissions', 'FarmersSampleSubmissions', 'SubmissionsResults', 'SubmissionsCompleted', 'SubmissionsDelete'];

async function open(path: string, permissions = ALL): Promise<{ context: BrowserContext; page: Page }> {
  const page = await pool.newPage();
  const context = page.context();
  errors = watchPageErrors(page);
  await signIn(page, w.server.url, await createUser(db(), permissions, { name: 'Report Clerk' }), path);
  return { context, page };
}
const rowOf = (page: Page, tab: string, id: number) => page.getByTestId(`${tab}-table`).locator(`tbody tr[data-row-id="${id}"]`);
/** The sample numbers of a leaf submission, as its report lists them. */
const samplesOf = async (id: number): Promise<string[]> => (await w.staff.call(leafReport.preReport, { ids: [id] })).body[0].samples.map((s: { sample: string }) => s.sample);

async function openReport(page: Page, tab: string, id: number): Promise<Locator> {
  await rowOf(page, tab, id).getByRole('button', { name: `report ${id}` }).click();
  const settings = page.getByRole('dialog', { name: 'Report Settings' });
  await settings.getByTestId('report-samples-0').waitFor();
  return settings;
}
async function pick(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const previewOf = (page: Page) => page.getByRole('dialog', { name: 'Report preview' });
const pageLine = (preview: Locator) => preview.getByTestId('preview-page').textContent();

/** The image has loaded its current address (and not failed). */
async function imageShown(preview: Locator) {
  await expect.poll(() => preview.getByTestId('preview-image-box').getAttribute('data-loading')).toBe('false');
  expect(await preview.getByTestId('preview-image').evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  expect(await preview.getByTestId('preview-image-error').count()).toBe(0);
}

/** The tab Download PDF (or the farmers' link) opened: its progress page until done, then the PDF's text by the report's file call. */
async function reportPdf(context: BrowserContext, tab: Page, kind: 'leaf' | 'farmers'): Promise<string[]> {
  // the PDF arrives by itself once made, and the progress page stays where it is (issue 35)
  const arrived = tab.waitForEvent('download', { timeout: 45_000 });
  await tab.waitForURL(new RegExp(`/reports/${kind}/\\d+$`));
  const reportId = Number(new URL(tab.url()).pathname.split('/').pop());
  await tab.getByTestId('report-ready').waitFor({ timeout: 45_000 });
  expect((await arrived).suggestedFilename()).toMatch(/\.pdf$/);
  expect(new URL(tab.url()).pathname).toBe(`/reports/${kind}/${reportId}`);
  const file = await context.request.get(`${w.server.url}/api/${kind === 'leaf' ? 'submission' : 'farmerssample'}/reportfile?id=${reportId}`);
  expect(file.status()).toBe(200);
  return pdfPages(Buffer.from(await file.body()));
}

beforeAll(async () => {
  w = await startWorld();
  browser = await launchBrowser();
  pool = new PagePool(browser, w.server.url);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

describe('the leaf report', () => {
  it('opens from the Results tab: the settings and their messages, the preview with its texts, paging, Save, and the texts back on the next opening', async () => {
    const id = await withTypedResults(w, 'leaf', 'Report Co');
    const [first, second] = await samplesOf(id);
    const { context, page } = await open('/submissions?tab=results');
    let settings = await openReport(page, 'results', id);

    // the header from the submission, the samples with their matched results
    expect(await settings.getByTestId('report-client-0').inputValue()).toBe('Report Co');
    expect(await settings.getByTestId('report-farm-0').inputValue()).toBe('Eastside');
    expect(await settings.getByTestId('report-agronomist-0').inputValue()).toBe('Dr Nel');
    expect(await settings.getByTestId('report-agent-0').inputValue()).toBe('Agent Smith');
    expect(await settings.getByLabel('GraphNew').isChecked()).toBe(true);
    expect(await settings.getByLabel('Include summary').isChecked()).toBe(true);
    const rows = settings.getByTestId('report-sample-row');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-sample'), tr.querySelector('[data-matched]')?.getAttribute('data-matched')]))).toEqual([[first, 'true'], [second, 'true']]);
    expect(await settings.getByTestId('report-extra-0').textContent()).toBe('Lab sample numbers not in the report: none');

    // nothing selected: the message under the sample table
    await settings.getByLabel('Select every sample').uncheck();
    await settings.getByTestId('report-submit').click();
    await settings.getByTestId('report-samples-error-0').getByText(M.noneSelected).waitFor();
    // a selected sample of organ type None: the message on its row
    await settings.getByLabel(`Select ${first}`).check();
    expect(await settings.getByTestId('report-samples-error-0').count()).toBe(0);
    await pick(page, settings.getByLabel(`Organ type of ${first}`), 'None');
    await settings.getByTestId('report-submit').click();
    await settings.getByText(M.organType).waitFor();
    await pick(page, settings.getByLabel(`Organ type of ${first}`), 'ITEST Leaf');
    await settings.getByLabel('Select every sample').check();
    await settings.getByText('GraphOld').click();
    await pick(page, settings.getByTestId('report-language-0'), 'Afrikaans');
    await settings.getByTestId('report-submit').click();

    // the preview: a page per sample
    const preview = previewOf(page);
    await expect.poll(() => pageLine(preview)).toBe('Page 1 of 2');
    expect(await preview.getByTestId('preview-sample').textContent()).toBe(`Submission ${id} · Sample ${first}`);
    await imageShown(preview);
    const img = preview.getByTestId('preview-image');
    expect(await img.getAttribute('src')).toBe(`/api/submission/questimage?submissionId=${id}&leafId=${(await w.staff.call(leafReport.preReport, { ids: [id] })).body[0].samples[0].id}&recommendation=&whatDoesPlantSay=`);

    // typing: the image is drawn again only once typing has stopped for 400 ms, with the typed text
    await page.evaluate(() => {
      const log = { keys: [] as number[], srcs: [] as { t: number; src: string }[] };
      (window as unknown as { reportLog: typeof log }).reportLog = log;
      window.addEventListener('keydown', () => log.keys.push(performance.now()), true);
      const el = document.querySelector('[data-testid="preview-image"]')!;
      new MutationObserver(() => log.srcs.push({ t: performance.now(), src: el.getAttribute('src') ?? '' })).observe(el, { attributes: true, attributeFilter: ['src'] });
    });
    await preview.getByLabel('Aanbeveling').pressSequentially('Spuit sink', { delay: 40 });
    await expect.poll(() => img.getAttribute('src')).toContain('recommendation=Spuit+sink');
    await imageShown(preview);
    const log = await page.evaluate(() => (window as unknown as { reportLog: { keys: number[]; srcs: { t: number; src: string }[] } }).reportLog);
    expect(log.keys).toHaveLength('Spuit sink'.length);
    expect(log.srcs.length).toBeGreaterThan(0);
    for (const change of log.srcs) {
      const lastKey = Math.max(...log.keys.filter((k) => k <= change.t));
      expect(change.t - lastKey).toBeGreaterThanOrEqual(390);
    }

    // the arrow keys move the caret inside a text, and page outside it; typed texts stay with their page
    await preview.getByLabel('Aanbeveling').press('ArrowLeft');
    await preview.getByLabel('Aanbeveling').press('ArrowRight');
    expect(await pageLine(preview)).toBe('Page 1 of 2');
    await preview.getByTestId('preview-page').click();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => pageLine(preview)).toBe('Page 2 of 2');
    expect(await preview.getByTestId('preview-sample').textContent()).toBe(`Submission ${id} · Sample ${second}`);
    expect(await preview.getByLabel('Aanbeveling').inputValue()).toBe('');
    expect(await preview.getByTestId('preview-next').isDisabled()).toBe(true);
    await imageShown(preview);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => pageLine(preview)).toBe('Page 1 of 2');
    expect(await preview.getByLabel('Aanbeveling').inputValue()).toBe('Spuit sink');
    expect(await preview.getByTestId('preview-unsaved').textContent()).toBe('1 unsaved');

    // Save: the page's texts with its version
    await preview.getByTestId('preview-save').click();
    await page.getByText('Page updated').waitFor();
    await expect.poll(() => preview.getByTestId('preview-unsaved').textContent()).toBe('All saved');

    // closing with unsaved texts asks first
    await preview.getByLabel('Wat sê jou plant?').fill('Ek is dors');
    await preview.getByTestId('preview-close').click();
    const ask = page.getByTestId('confirm-dialog');
    await ask.getByText('You have unsaved changes. Discard them?').waitFor();
    await ask.getByRole('button', { name: 'No' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await preview.getByLabel('Wat sê jou plant?').inputValue()).toBe('Ek is dors');

    // Download PDF saves the unsaved texts, then opens the PDF's progress in a new tab
    const [tab] = await Promise.all([context.waitForEvent('page'), preview.getByTestId('preview-download').click()]);
    await expect.poll(() => preview.getByTestId('preview-unsaved').textContent()).toBe('All saved');
    const pdf = (await reportPdf(context, tab, 'leaf')).join('\n');
    expect(pdf).toContain(first);
    expect(pdf).toContain('Spuit sink');
    expect(pdf).toContain('Ek is dors');
    expect(pdf).toContain('Aanbeveling');
    await preview.getByTestId('preview-close').click();
    await preview.waitFor({ state: 'detached' });

    // opened again: the settings and the texts saved come back
    settings = await openReport(page, 'results', id);
    expect(await settings.getByLabel('GraphOld').isChecked()).toBe(true);
    expect(await settings.getByTestId('report-language-0').inputValue()).toBe('Afrikaans');
    await settings.getByTestId('report-submit').click();
    await expect.poll(() => pageLine(preview)).toBe('Page 1 of 2');
    expect(await preview.getByLabel('Aanbeveling').inputValue()).toBe('Spuit sink');
    expect(await preview.getByLabel('Wat sê jou plant?').inputValue()).toBe('Ek is dors');
    expect(await img.getAttribute('src')).toContain('whatDoesPlantSay=Ek+is+dors');
    await imageShown(preview);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says when a page was saved by someone else meanwhile, and reloads it', async () => {
    const id = await withTypedResults(w, 'leaf', 'Raced Report Co');
    const { page } = await open('/submissions?tab=results');
    const settings = await openReport(page, 'results', id);
    await settings.getByTestId('report-submit').click();
    const preview = previewOf(page);
    await expect.poll(() => pageLine(preview)).toBe('Page 1 of 2');
    const sampleId = (await w.staff.call(leafReport.preReport, { ids: [id] })).body[0].samples[0].id;
    const other = await w.staff.call(leafReport.savePage, { submissionId: id, sampleId, recommendation: 'Theirs', plantSay: '', rowVersion: 0 });
    expect(other.status).toBe(200);
    await preview.getByLabel('Aanbeveling').fill('Mine');
    await preview.getByTestId('preview-save').click();
    await preview.getByTestId('preview-conflict').getByText(M.pageChanged).waitFor();
    expect(await preview.getByLabel('Aanbeveling').inputValue()).toBe('Mine');
    await preview.getByTestId('preview-reload').click();
    await expect.poll(() => preview.getByLabel('Aanbeveling').inputValue()).toBe('Theirs');
    expect(await preview.getByTestId('preview-conflict').count()).toBe(0);
    await preview.getByLabel('Aanbeveling').fill('Mine after all');
    await preview.getByTestId('preview-save').click();
    await expect.poll(() => preview.getByTestId('preview-unsaved').textContent()).toBe('All saved');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("Reload says so in the server's words when the report settings too were saved meanwhile, keeping what was typed", async () => {
    const id = await withTypedResults(w, 'leaf', 'Raced Reload Co');
    const { page } = await open('/submissions?tab=results');
    const settings = await openReport(page, 'results', id);
    await settings.getByTestId('report-submit').click();
    const preview = previewOf(page);
    await expect.poll(() => pageLine(preview)).toBe('Page 1 of 2');
    const [pre] = (await w.staff.call(leafReport.preReport, { ids: [id] })).body;
    expect((await w.staff.call(leafReport.savePage, { submissionId: id, sampleId: pre.samples[0].id, recommendation: 'Theirs', plantSay: '', rowVersion: 0 })).status).toBe(200);
    await preview.getByLabel('Aanbeveling').fill('Mine');
    await preview.getByTestId('preview-save').click();
    await preview.getByTestId('preview-conflict').getByText(M.pageChanged).waitFor();
    // meanwhile the settings are saved by someone else too: Reload's save of them is refused
    expect((await w.staff.call(leafReport.updateReportData, [{ ...pre.header, rowVersion: pre.rowVersion, clientName: 'Their Client', samples: pre.samples.map((s: { id: number }) => ({ id: s.id })) }])).status).toBe(200);
    await preview.getByTestId('preview-reload').click();
    await preview.getByTestId('preview-conflict').getByText(M.settingsChanged).waitFor();
    expect(await page.getByText('Something went wrong.').count()).toBe(0);
    expect(await preview.getByLabel('Aanbeveling').inputValue()).toBe('Mine');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says when the report settings were saved by someone else meanwhile, and saves nothing over them', async () => {
    const id = await withTypedResults(w, 'leaf', 'Raced Settings Co');
    const { page } = await open('/submissions?tab=results');
    const settings = await openReport(page, 'results', id);
    // someone else saves the settings from the same version the dialog read
    const [pre] = (await w.staff.call(leafReport.preReport, { ids: [id] })).body;
    const theirs = await w.staff.call(leafReport.updateReportData, [{ ...pre.header, rowVersion: pre.rowVersion, clientName: 'Their Client', samples: pre.samples.map((s: { id: number }) => ({ id: s.id })) }]);
    expect(theirs.status).toBe(200);
    await settings.getByTestId('report-submit').click();
    await page.getByText(M.settingsChanged).waitFor();
    expect(await previewOf(page).count()).toBe(0);
    expect((await w.staff.call(leafReport.preReport, { ids: [id] })).body[0].header.clientName).toBe('Their Client');
    await page.close();
  });

  it('combines two submissions: a settings tab each (the one with a message comes into view), one preview across their pages, one PDF', async () => {
    const a = await withTypedResults(w, 'leaf', 'Combo A');
    const b = await withTypedResults(w, 'leaf', 'Combo B');
    const { context, page } = await open('/submissions?tab=results');
    await rowOf(page, 'results', a).getByLabel(`Select ${a}`).check();
    await rowOf(page, 'results', b).getByLabel(`Select ${b}`).check();
    await page.getByTestId('combine-reports').click();
    const settings = page.getByRole('dialog', { name: 'Report Settings · Combine Reports' });
    await settings.getByTestId('report-tab-1').click();
    await settings.getByTestId('report-samples-1').waitFor();
    await settings.getByLabel('Select every sample').uncheck();
    await settings.getByTestId('report-tab-0').click();
    await settings.getByTestId('report-submit').click();
    await expect.poll(() => settings.getByTestId('report-tab-1').getAttribute('aria-selected')).toBe('true');
    await settings.getByTestId('report-samples-error-1').getByText(M.noneSelected).waitFor();
    await settings.getByLabel('Select every sample').check();
    await settings.getByTestId('report-submit').click();

    const preview = previewOf(page);
    await expect.poll(() => pageLine(preview)).toBe('Page 1 of 4');
    expect(await preview.getByTestId('preview-sample').textContent()).toContain(`Submission ${a} ·`);
    for (const n of [2, 3]) {
      await preview.getByTestId('preview-next').click();
      await expect.poll(() => pageLine(preview)).toBe(`Page ${n} of 4`);
    }
    expect(await preview.getByTestId('preview-sample').textContent()).toContain(`Submission ${b} ·`);
    await imageShown(preview);
    const ids = [...(await w.staff.call(leafReport.preReport, { ids: [a, b] })).body].flatMap((r: { samples: { id: number }[] }) => r.samples.map((s) => s.id));
    const [request, tab] = await Promise.all([
      context.waitForEvent('request', (r) => r.url().includes('/api/submission/questpdf')),
      context.waitForEvent('page'),
      preview.getByTestId('preview-download').click(),
    ]);
    expect(new URL(request.url()).searchParams.get('leafIds')).toBe(ids.join(','));
    const pdf = (await reportPdf(context, tab, 'leaf')).join('\n');
    for (const s of [...(await samplesOf(a)), ...(await samplesOf(b))]) expect(pdf).toContain(s);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the farmers\' report', () => {
  it('has the settings without the leaf options, the farmers\' message, and opens the PDF from a submission-ids link', async () => {
    const id = await withTypedResults(w, 'soil', 'Soil Report Co');
    const { context, page } = await open('/farmerssamplesubmissions?tab=results');
    const settings = await openReport(page, 'results', id);
    expect(await settings.getByText('Graph type').count()).toBe(0);
    expect(await settings.getByTestId('report-samples-0').locator('th').allTextContents()).toEqual(['', 'Sample', 'Date', 'Block', 'Matched']);
    await settings.getByLabel('Select every sample').uncheck();
    await settings.getByTestId('report-submit').click();
    await settings.getByTestId('report-samples-error-0').getByText(FM.noneSelected).waitFor();
    // the message carries its spec title (issue 35)
    expect(await settings.getByTestId('report-samples-error-0').textContent()).toContain('No farmers samples selected');
    await settings.getByLabel('Select every sample').check();
    await settings.getByTestId('report-client-0').fill('Soil Report Holdings');
    const [request, tab] = await Promise.all([
      context.waitForEvent('request', (r) => r.url().includes('/api/farmerssample/questpdf')),
      context.waitForEvent('page'),
      settings.getByTestId('report-submit').click(),
    ]);
    expect(new URL(request.url()).searchParams.get('submissionIds')).toBe(String(id));
    await settings.waitFor({ state: 'detached' });
    const pdf = (await reportPdf(context, tab, 'farmers')).join('\n');
    expect(pdf).toContain('Soil Report Holdings');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("says on a sample's row why it has no result, as the leaf Report Settings do (waiting for its lab)", async () => {
    w.nv.answer({ mode: 'partial', count: 1 }, { client: 'Soil Waiting Co' });
    const { id, sheet } = await w.submitted('soil', 'NvirotekFarmer', { entries: 2, clientName: 'Soil Waiting Co' });
    await expect.poll(async () => (await db().selectFrom('submissions').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state, { timeout: 20_000, interval: 100 }).toBe('Results');
    const { page } = await open('/farmerssamplesubmissions?tab=results');
    const settings = await openReport(page, 'results', id);
    const waiting = settings.getByTestId('report-sample-row').filter({ hasText: sheet.rows[1].sampleNumber });
    await waiting.waitFor();
    expect(await waiting.getByTestId('report-sample-no-result').textContent()).toBe(NO.waiting('Nvirotek'));
    expect(await waiting.getByLabel(`not matched: ${NO.waiting('Nvirotek')}`).count()).toBe(1);
    // the matched sample says nothing of the kind
    expect(await settings.getByTestId('report-sample-no-result').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers the report on the Completed and Archived tabs too, and combines submissions in one link', async () => {
    const done = await withTypedResults(w, 'soil', 'Done Soil Co', { complete: true });
    const other = await withTypedResults(w, 'soil', 'Second Soil Co', { complete: true });
    const archived = await withTypedResults(w, 'soil', 'Archived Soil Co', { complete: true });
    expect((await w.staff.call(farmersResults.archive, { id: archived })).status).toBe(200);
    const { context, page } = await open('/farmerssamplesubmissions?tab=completed');
    await rowOf(page, 'completed', done).getByRole('button', { name: `report ${done}` }).waitFor();
    await page.getByTestId('tab-archived').click();
    const settings = await openReport(page, 'archived', archived);
    expect(await settings.getByTestId('report-title-0').textContent()).toBe(`${archived} · Archived Soil Co (Eastside)`);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    await page.getByTestId('tab-completed').click();
    await rowOf(page, 'completed', done).getByLabel(`Select ${done}`).check();
    await rowOf(page, 'completed', other).getByLabel(`Select ${other}`).check();
    await page.getByTestId('combine-reports').click();
    const combined = page.getByRole('dialog', { name: 'Report Settings · Combine Reports' });
    await combined.getByTestId('report-tab-1').waitFor();
    const [request] = await Promise.all([
      context.waitForEvent('request', (r) => r.url().includes('/api/farmerssample/questpdf')),
      combined.getByTestId('report-submit').click(),
    ]);
    expect(new URL(request.url()).searchParams.get('submissionIds')).toBe(`${done},${other}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('permissions', () => {
  it('without the Submissions permission: no leaf screen nor report, and its report calls are refused', async () => {
    const id = await withTypedResults(w, 'leaf', 'Gated Report Co');
    const { context, page } = await open('/farmerssamplesubmissions?tab=results', ['FarmersSampleSubmissions', 'SubmissionsResults']);
    await page.getByTestId('results-table').waitFor();
    await page.goto(`${w.server.url}/submissions?tab=results`);
    await page.getByText('You do not have permission to open this page.').waitFor();
    expect(await page.getByRole('button', { name: `report ${id}` }).count()).toBe(0);
    const sampleId = (await w.staff.call(leafReport.preReport, { ids: [id] })).body[0].samples[0].id;
    const base = w.server.url;
    const statuses = await Promise.all([
      context.request.post(`${base}/api/submission/prereport`, { data: { ids: [id] } }),
      context.request.post(`${base}/api/submission/updatereportdata`, { data: [] }),
      context.request.post(`${base}/api/submission/savepage`, { data: { submissionId: id, sampleId, recommendation: 'x', plantSay: '', rowVersion: 0 } }),
      context.request.get(`${base}/api/submission/questimage?submissionId=${id}&leafId=${sampleId}`),
      context.request.get(`${base}/api/submission/questpdf?leafIds=${sampleId}`, { maxRedirects: 0 }),
    ].map(async (r) => (await r).status()));
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    // a leaf report's progress page shows nothing of it
    await page.goto(`${base}/reports/leaf/1`);
    await page.getByText('Could not load the report.').waitFor();
    await page.close();
  });
});
