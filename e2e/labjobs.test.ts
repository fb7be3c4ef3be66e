import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsEndpoints, agronomistEndpoints, labEndpoints } from '@sapwood/contracts';
import type { ApiClient } from '../tests/support/api-client';
import { PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { type CarbohydrateReference, seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { UNSAVED, activeTestId, paste, startLabJobsScreen } from '../tests/support/labjobs-screen';
import { ADMIN, type TestServer } from '../tests/support/server';
import { createUser, signedIn } from '../tests/support/users';

/** /labjobs: the job card (entry, paste, validation, delete), its lists and permission gating. */
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

describe('/labjobs', () => {
  it('creates a job by pasting rows, after showing the validation messages', async () => {
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, labUser, '/labjobs');
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
    // a preview first (the entry-grid engine): Apply puts the rows in
    await page.getByTestId('paste-preview-apply').click();
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
    // a new job is added, not updated (the snack said 'Job updated')
    await page.locator('.mantine-Notification-root', { hasText: 'Job added' }).first().waitFor();
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
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, labUser, '/labjobs');
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
    await page.getByTestId('paste-preview-apply').click();
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
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, labUser, '/labjobs?job=create');
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
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, labUser, '/labjobs');
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
    await page.locator('.mantine-Notification-root', { hasText: 'Job deleted' }).first().waitFor();
    expect((await api.call(labEndpoints.getData, { id: jobId })).status).toBe(404);
    await page.getByTestId(`job-card-${done.jobId}`).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers the agent and agronomist lists in the entry form and keeps a name outside them possible', async () => {
    const admin = await signedIn(server.url, ADMIN);
    expect((await admin.call(agentsEndpoints.upsert, { id: 0, name: 'Listed Agent', originate: 'International' })).status).toBe(200);
    expect((await admin.call(agronomistEndpoints.upsert, { id: 0, name: 'Listed Agronomist', originate: 'International' })).status).toBe(200);
    await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'T-001' }] }); // typed 'Agent Smith'
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, labUser, '/labjobs');
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
    const page = await pool.newPage();
    await signIn(page, server.url, creds, '/settings');
    await page.getByTestId('limits-card').waitFor();
    await expect(page.getByRole('link', { name: 'Jobs' }).count()).resolves.toBe(0);
    await page.goto(`${server.url}/labjobs`);
    await page.getByText('No access').waitFor();
    const other = await signedIn(server.url, creds);
    expect((await other.call(labEndpoints.jobs, {})).status).toBe(403);
    await page.close();

    const lab = await browser.newPage();
    await signIn(lab, server.url, labUser, '/');
    await lab.getByRole('link', { name: 'Jobs' }).waitFor();
    await lab.close();
  });
});
