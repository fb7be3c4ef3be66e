import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { MANUAL_ENTRY_MESSAGES as M, type ManualEntrySheet, submissionResultEndpoints as leaf } from '@sapwood/contracts';
import { PERMISSIONS, type World, startWorld } from '../apps/server/test/submission-results.fixtures';
import { launchBrowser, signInThroughUi } from '../tests/support/browser';
import { activeTestId } from '../tests/support/labjobs-screen';
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
    await signInThroughUi(page, w.server.url, user, '/submissions?tab=waiting');
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

const prepare: GridDriver = {
  name: 'Prepare dialog',
  async open(page) {
    await signInThroughUi(page, w.server.url, user, '/submissions?tab=prepare');
    await page.getByTestId('prepare-new').click();
    for (let k = 0; k < 3; k += 1) await page.getByTestId('add-row').click();
    await page.getByTestId('prepare-3-sampleNumber').waitFor();
  },
  dialog: 'prepare-dialog',
  cancel: 'prepare-dialog-cancel',
  message: 'prepare-dialog',
  cell: (row, col) => `prepare-${row}-${col === 0 ? 'sampleNumber' : 'blockNumber'}`,
  typed: 'P-TYPED',
  paste: { cell: '', text: '', rows: 0, check: ['', ''] },
  brokenCsv: ['Sample Number,Block', 'P-1,B1', 'P-2,"B2', 'P-3,B3'].join('\n'),
  csv: {
    async upload(page, file) {
      await page.getByTestId('upload-csv').click();
      await page.getByRole('dialog', { name: 'Upload CSV' }).locator('input[type=file]').setInputFiles(file);
    },
    message: (page) => page.getByRole('dialog', { name: 'Upload CSV' }).textContent(),
  },
  refusal: { save: async () => undefined, cellMessage: async () => null, says: '' },
  notApplicable: {
    na: 'a Prepare row has no N/A: a row is kept or marked deleted',
    conflict: 'Prepare saves no rows of its own: Submit creates the submission from the draft once (an entry submitted meanwhile answers 409 for the draft)',
    paste: 'not yet: a paste into Sample Number adds its lines as rows of the group at once, without the engine\'s preview',
    refusal: 'not yet: no server rule refuses a cell of a draft that the dialog does not check itself before Submit',
  },
};

describe('entry grid behaviour: the submissions\' grids', () => {
  gridBehaviour(manual, () => browser.newPage());
  gridBehaviour(prepare, () => browser.newPage());
});
