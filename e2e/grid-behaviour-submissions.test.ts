import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { MANUAL_ENTRY_MESSAGES as M, type ManualEntrySheet, ORGAN_TYPE_LABELS, SUBMISSION_MESSAGES, submissionResultEndpoints as leaf } from '@sapwood/contracts';
import { PERMISSIONS, type World, startWorld } from '../apps/server/test/submission-results.fixtures';
import { launchBrowser, signIn } from '../tests/support/browser';
import { activeTestId } from '../tests/support/labjobs-screen';
import { fillPrepareHeader } from '../tests/support/prepare-screen';
import { createUser } from '../tests/support/users';
import { type GridDriver, gridBehaviour } from './grid-behaviour';

/**
 * The shared behaviour of the entry grids (grid-behaviour.ts) run against the submissions' grids: manual result
 * entry (leaf, its 17 values) on a Manual submission of four samples, each case on a fresh one.
 */
let w: World;
let browser: Browser;
let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  w = await startWorld({}, { leaf: 60, soil: 10 });
  user = await createUser(w.server.built.deps.db, PERMISSIONS, { name: 'Grid Staff' });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

let current: { id: number; sheet: ManualEntrySheet };
let seq = 0;
const sn = (i: number) => current.sheet.rows[i].sampleNumber;
const textOf = async (page: Page, testId: string) => {
  const at = page.getByTestId(testId);
  return (await at.count()) ? at.first().textContent() : null;
};

const manual: GridDriver = {
  name: 'manual entry',
  async open(page) {
    // one captured sample and three typed by hand (the world's captures would run out over the cases)
    seq += 1;
    current = await w.submitted('leaf', 'Manual', { entries: 1, hand: [1, 2, 3].map((n) => `GRID-${seq}-${n}`), clientName: 'Grid Orchard' });
    await signIn(page, w.server.url, user, '/submissions?tab=waiting');
    await page.getByTestId('waiting-table').locator(`tbody tr[data-row-id="${current.id}"]`).getByRole('button', { name: `Manual ${current.id}`, exact: true }).click();
    await expect.poll(() => activeTestId(page)).toBe('cell-0-labNumber');
  },
  dialog: 'manual-entry-dialog',
  cancel: 'manual-close',
  message: 'manual-error',
  cell: (row, col) => `cell-${row}-${col === 0 ? 'labNumber' : 'N'}`,
  typed: 'LAB-T',
  paste: { cell: 'cell-0-N', text: '1\n2\n3\n', rows: 3, check: ['cell-2-N', '3'] },
  na: {
    mark: (page, row) => page.getByTestId(`na-${row}`).check(),
    column: 'LAB-A\nLAB-B\n',
    emptyCell: 'cell-1-labNumber',
  },
  get brokenCsv() {
    // line 3 opens a quote that is never closed
    return ['Sample Number,N', `${sn(0)},1`, `${sn(1)},"2`, `${sn(2)},3`].join('\n');
  },
  async conflict(page) {
    const row = current.sheet.rows[0];
    expect((await w.staff.call(leaf.updateManual, { submissionId: current.id, manualResult: [{ sampleId: row.sampleId, labNumber: '', values: { N: 6.9 }, rowVersion: row.rowVersion }] })).status).toBe(200);
    await page.getByTestId('cell-0-N').fill('7');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId(`row-status-${sn(0)}`).getAttribute('data-state')).toBe('failed');
    await page.getByTestId(`row-retry-${sn(0)}`).click();
  },
  theirs: ['cell-0-N', '6.9'],
  refusal: {
    // the server's rule: a lab number names one sample of the submission (manual-entry.service), at `manualResult.0.labNumber`
    async save(page) {
      await page.getByTestId('cell-1-labNumber').fill('DUP-1');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId(`row-status-${sn(1)}`).getAttribute('data-state')).toBe('saved');
      await page.getByTestId('cell-0-labNumber').fill('DUP-1');
      await page.keyboard.press('Enter');
    },
    cellMessage: (page) => textOf(page, 'cell-error-0-labNumber'),
    get says() {
      return M.labNumberTaken('DUP-1', sn(1));
    },
  },
};

const prepareDialog = (page: Page) => page.getByRole('dialog', { name: 'Prepare Submission' });
const REFUSED = 'P-REF';
const pick = async (page: Page, label: string, option: string) => {
  await prepareDialog(page).getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};
/** a draft of one row the dialog finds complete, its cultivar moved to another crop before Submit, submitted */
async function submitMovedCultivar(page: Page) {
  const dialog = prepareDialog(page);
  await fillPrepareHeader(page, dialog, 'Grid Orchard', 'Grid Farm');
  for (let r = 3; r >= 1; r -= 1) await dialog.getByLabel(`Remove row ${r + 1}`).click();
  await page.getByTestId('prepare-0-sampleNumber').fill(REFUSED);
  await dialog.getByLabel(`Block of ${REFUSED}`).fill('B1');
  await pick(page, `Crop of ${REFUSED}`, 'Pecan');
  await pick(page, `Cultivars of ${REFUSED}`, 'Choctaw');
  await dialog.getByLabel(`Growth phase of ${REFUSED}`).fill('Flowering');
  await pick(page, `Organ type of ${REFUSED}`, ORGAN_TYPE_LABELS.Normal);
  const db = w.server.built.deps.db;
  const other = await db.insertInto('crops').values({ name: 'Walnut', factor: 1 }).returning('id').executeTakeFirstOrThrow();
  await db.updateTable('cultivars').set({ crop_id: other.id }).where('name', '=', 'Choctaw').execute();
  await page.getByTestId('submission-submit').click();
  await page.getByRole('dialog', { name: 'Submit' }).getByRole('button', { name: 'Yes' }).click();
}

const prepare: GridDriver = {
  name: 'Prepare dialog',
  async open(page) {
    await signIn(page, w.server.url, user, '/submissions?tab=prepare');
    await page.getByTestId('prepare-new').click();
    for (let k = 0; k < 3; k += 1) await page.getByTestId('add-row').click();
    await page.getByTestId('prepare-3-sampleNumber').waitFor();
  },
  dialog: 'prepare-dialog',
  cancel: 'prepare-dialog-cancel',
  message: 'prepare-dialog',
  cell: (row, col) => `prepare-${row}-${col === 0 ? 'sampleNumber' : 'blockNumber'}`,
  typed: 'P-TYPED',
  // three lines into the first row's sample number: rows 1 to 3 of the group, after the preview
  paste: { cell: 'prepare-0-sampleNumber', text: 'P-1\nP-2\nP-3\n', rows: 3, check: ['prepare-2-sampleNumber', 'P-3'] },
  brokenCsv: ['Sample Number,Block', 'P-1,B1', 'P-2,"B2', 'P-3,B3'].join('\n'),
  csv: {
    async upload(page, file) {
      await page.getByTestId('upload-csv').click();
      await page.getByRole('dialog', { name: 'Upload CSV' }).locator('input[type=file]').setInputFiles(file);
    },
    message: (page) => page.getByRole('dialog', { name: 'Upload CSV' }).textContent(),
  },
  refusal: {
    // the server's rule: a row's cultivars are its crop's (submissions.service referenceProblems, at
    // `samples.0.0.cultivars`). The dialog offers the crop's cultivars as it loaded them; someone moves the chosen one
    // to another crop before Submit.
    save: submitMovedCultivar,
    cellMessage: (page) => prepareDialog(page).getByLabel(`Cultivars of ${REFUSED}`).locator('xpath=ancestor::td[1]').textContent(),
    says: SUBMISSION_MESSAGES.cultivarOfCrop,
  },
  notApplicable: {
    na: 'a Prepare row has no N/A: a row is kept or marked deleted',
    conflict: 'Prepare saves no rows of its own: Submit creates the submission from the draft once (an entry submitted meanwhile answers 409 for the draft)',
  },
};

describe('entry grid behaviour: the submissions\' grids', () => {
  gridBehaviour(manual, () => browser.newPage());
  gridBehaviour(prepare, () => browser.newPage());
});
