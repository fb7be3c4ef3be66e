import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { BOUND_MESSAGES, CARBOHYDRATE_BOUNDS, type JobCard, labEndpoints } from '@sapwood/contracts';
import { signIn } from '../tests/support/browser';
import { seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { type LabJobsScreen, activeTestId, startLabJobsScreen } from '../tests/support/labjobs-screen';
import { type GridDriver, answer, confirmText, gridBehaviour } from './grid-behaviour';

/** The shared behaviour of the entry grids (components/ui/grid), run against each grid's driver. */
let s: LabJobsScreen;
beforeAll(async () => {
  s = await startLabJobsScreen({ controls: 'optional' });
}, 120_000);
afterAll(async () => {
  await s?.browser.close();
  await s?.server.close();
});

let seq = 0;
/** four fresh samples of a new job */
const seed = async () => {
  seq += 1;
  const samples = [1, 2, 3, 4].map((n) => ({ sampleNumber: `G${seq}-${n}` }));
  const { jobId } = await seedLabJob(s.server.built.deps.db, s.ref, { samples });
  return { jobId, samples: samples.map((x) => x.sampleNumber) };
};
let current = { jobId: 0, samples: [] as string[] };
const newPage = () => s.browser.newPage();
const openAt = async (page: Page, param: string) => {
  current = await seed();
  await signIn(page, s.server.url, s.labUser, `/labjobs?${param}=${current.jobId}`);
};
// line 3's second field opens a quote that is never closed (papaparse would read the lines after it into that field)
const brokenCsv = (head: string, line: (sn: string) => string) => [head, line(current.samples[0]), line(current.samples[1]).replace(',', ',"'), line(current.samples[2])].join('\n');

const results: GridDriver = {
  name: 'results dialog',
  async open(page) {
    current = await seed();
    await signIn(page, s.server.url, s.labUser, '/labjobs');
    await page.getByTestId(`job-card-${current.jobId}`).click();
    await expect.poll(() => activeTestId(page)).toBe('result-0-sugar');
  },
  dialog: 'results-dialog',
  cancel: 'results-cancel',
  message: 'results-error',
  cell: (row, col) => `result-${row}-${col === 0 ? 'sugar' : 'starch'}`,
  typed: '3',
  paste: { cell: 'result-0-sugar', text: '1\n2\n3\n', rows: 3, check: ['result-2-sugar', '3.00'] },
  na: {
    mark: (page, row) => page.getByTestId(`result-${row}-na`).check(),
    column: '1\n2\n',
    emptyCell: 'result-1-sugar',
  },
  brokenCsv: '',
  async conflict(page) {
    const row = (await s.api.call(labEndpoints.jobData, { id: current.jobId })).body.testCarbohydrateLabResults[0];
    await s.api.call(labEndpoints.updateResult, { id: row.id, sugar: 6, starch: null, na: false, rowVersion: row.rowVersion });
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId(`result-status-${current.samples[0]}`).textContent()).toBe('Failed');
    await page.getByTestId(`result-retry-${current.samples[0]}`).click();
  },
  theirs: ['result-0-sugar', '6.00'],
  refusal: {
    // the server's rule: a value outside its usual range needs the user's confirmation (lab-results.service, 400 at
    // `sugar`). The page asks first; No sends the value unconfirmed, and the server refuses it at its cell.
    async save(page) {
      await page.keyboard.type('35');
      await page.keyboard.press('Enter');
      await expect.poll(() => confirmText(page)).toContain('Sugar 35 % (usual 0–30 %). Save anyway?');
      await answer(page, 'No');
    },
    says: BOUND_MESSAGES.confirm(CARBOHYDRATE_BOUNDS.sugar),
    cellMessage: (page) => page.getByTestId('result-0-sugar-error').textContent(),
  },
};
Object.defineProperty(results, 'brokenCsv', { get: () => brokenCsv('Sample Number,Sugar,Starch', (sn) => `${sn},1,2`) });

const jobCard: GridDriver = {
  name: 'job card',
  async open(page) {
    await openAt(page, 'job');
    await expect.poll(() => page.getByTestId('entry-3-entity').inputValue()).toBe('Green Valley Farms');
  },
  dialog: 'job-card-dialog',
  cancel: 'job-cancel',
  message: 'job-server-error',
  cell: (row, col) => `entry-${row}-${col === 0 ? 'entity' : 'agent'}`,
  typed: 'Typed Co',
  paste: { cell: 'entry-0-sampleNumber', text: 'X-1\tPaste Co\nX-2\tPaste Co\n', rows: 2, check: ['entry-1-entity', 'Paste Co'] },
  brokenCsv: '',
  notApplicable: { na: 'a job card row has no N/A: its rows are samples received, not results' },
  async conflict(page) {
    const job = (await s.api.call(labEndpoints.getData, { id: current.jobId })).body as JobCard;
    const entries = job.entries.map((e, i) => ({ ...e, entity: i === 0 ? 'Their Co' : e.entity }));
    expect((await s.api.call(labEndpoints.upsertJob, { id: job.id, receivedOn: job.receivedOn, rowVersion: job.rowVersion, entries })).status).toBe(200);
    await page.getByTestId('entry-0-entity').fill('Mine Co');
    await page.getByTestId('job-submit').click();
  },
  theirs: ['entry-0-entity', 'Their Co'],
  refusal: {
    // the server's rule: a row's cultivar belongs to its crop (lab-job-validation, at `entries.0.cultivarId`). The page
    // offers the crop's cultivars as it loaded them; someone moves the chosen one to another crop before Submit.
    async save(page) {
      const moved = s.ref.cultivars[1];
      await page.getByTestId('entry-0-cultivarId').selectOption({ label: moved.name });
      const other = await s.server.built.deps.db.insertInto('crops').values({ name: `Walnut ${current.jobId}`, factor: 1 }).returning('id').executeTakeFirstOrThrow();
      await s.server.built.deps.db.updateTable('cultivars').set({ crop_id: other.id }).where('id', '=', moved.id).execute();
      await page.getByTestId('job-submit').click();
    },
    // at the cell the row goes without saying: the server's 'Row 1: …' is shown without its row
    says: 'Cultivar does not belong to the crop',
    cellMessage: (page) => page.getByTestId('entry-0-cultivarId').getAttribute('title'),
  },
};
Object.defineProperty(jobCard, 'brokenCsv', { get: () => brokenCsv('Sample Number,Entity', (sn) => `${sn}-new,CSV Co`) });

describe('entry grid behaviour', () => {
  gridBehaviour(results, newPage);
  gridBehaviour(jobCard, newPage);
});
