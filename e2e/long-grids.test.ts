import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobCard, SUBMISSION_MESSAGES as M, apiFeatures, labEndpoints } from '@sapwood/contracts';
import type { ApiClient } from '../tests/support/api-client';
import { signIn, watchPageErrors } from '../tests/support/browser';
import type { CarbohydrateReference } from '../tests/support/carbohydrate-fixtures';
import { focusCoveredBy, focusedTestId } from '../tests/support/keyboard';
import { paste, startLabJobsScreen } from '../tests/support/labjobs-screen';
import type { TestServer } from '../tests/support/server';
import { fillPrepareHeader } from '../tests/support/prepare-screen';
import { createUser } from '../tests/support/users';

/**
 * The long entry grids windowed above 100 rows (ADR 0206, 0230: only the rows in view of the grid's own scroller
 * are drawn), for a user: a job card of 150 pasted entries and a Prepare group of 150 pasted rows draw fewer rows
 * than they hold, show the last when scrolled to the bottom, let the keyboard move into rows not drawn, keep what
 * is typed into a late row, show a late row's rule, and save every row.
 */
let server: TestServer;
let browser: Browser;
let ref: CarbohydrateReference;
let labUser: { email: string; password: string };
let api: ApiClient;
let prepUser: { email: string; password: string };

const db = () => server.built.deps.db;

beforeAll(async () => {
  ({ server, browser, ref, labUser, api } = await startLabJobsScreen({ controls: 'optional' }));
  await db().insertInto('agents').values({ name: 'Agent Smith' }).execute();
  await db().insertInto('depots').values({ name: 'Tzaneen depot' }).execute();
  await db().insertInto('agronomists').values({ name: 'Dr Nel' }).execute();
  prepUser = await createUser(db(), ['Submissions', 'SubmissionsPrepare'], { name: 'Long Prep' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const ROWS = 150;
/** 'LG-001' … 'LG-150' */
const numbered = (stem: string) => Array.from({ length: ROWS }, (_, i) => `${stem}-${String(i + 1).padStart(3, '0')}`);

/** Scrolls the table's own scroller (the nearest box around it that scrolls) to its top or bottom. */
const scrollGrid = (table: Locator, to: 'top' | 'bottom') => table.evaluate((t, where) => {
  let box = t.parentElement;
  while (box && getComputedStyle(box).overflowY !== 'auto') box = box.parentElement;
  if (!box) throw new Error('the table has no scroller of its own');
  box.scrollTop = where === 'top' ? 0 : box.scrollHeight;
}, to);
/** the value of a drawn cell, or null when its row is not drawn */
const valueOf = async (page: Page, testId: string) => {
  const at = page.getByTestId(testId);
  return (await at.count()) ? at.inputValue() : null;
};
/** the grid scrolled to its top or bottom (again on each poll: rows measured as they are drawn change its height), then the cell's value */
const scrolledTo = (page: Page, table: Locator, where: 'top' | 'bottom', testId: string) => async () => {
  await scrollGrid(table, where);
  return valueOf(page, testId);
};

/** the job card's header: every default an entry needs, so pasted sample numbers make whole entries */
async function fillJobHeader(page: Page) {
  for (const [field, value] of [['entity', 'Long Co'], ['agent', 'Agent L'], ['agronomist', 'Dr L'], ['farmName', 'Long Farm'], ['fieldBlockNumber', 'L1']]) {
    await page.getByTestId(`header-${field}`).fill(value);
  }
  await page.getByTestId('header-tissueId').selectOption(String(ref.tissues.roots.id));
  await page.getByTestId('header-cropId').selectOption(String(ref.crop.id));
  await page.getByTestId('header-cultivarId').selectOption(String(ref.cultivars[0].id));
  await page.getByTestId('header-testCarboCropGrowthId').selectOption(String(ref.stages[0].id));
}

/**
 * The keyboard into rows not drawn, from the cell `cell(from)`: before each key the grid is scrolled away (to the top
 * for Enter and ArrowDown, to the bottom for ArrowUp), the focused row staying drawn and the next one not; the key
 * moves the focus into that row, brought into view (not under the scroller's edge, its header or the dialog's bar).
 */
async function keyIntoHiddenRows(page: Page, table: Locator, cell: (row: number) => string, from: number, keys: ('Enter' | 'ArrowDown' | 'ArrowUp')[]) {
  await page.getByTestId(cell(from)).click();
  let at = from;
  for (const key of keys) {
    const step = key === 'ArrowUp' ? -1 : 1;
    await scrollGrid(table, step > 0 ? 'top' : 'bottom');
    await expect.poll(() => page.getByTestId(cell(at + step)).count()).toBe(0);
    expect(await focusedTestId(page)).toBe(cell(at));
    await page.keyboard.press(key);
    at += step;
    await expect.poll(() => focusedTestId(page), { message: `${key} from ${cell(at - step)}` }).toBe(cell(at));
    await expect.poll(() => focusCoveredBy(page), { message: `${cell(at)} in view` }).toBeNull();
  }
}

/** Whether a field is on screen and not covered: the element at its centre is the field (or inside it). */
const shownAt = (field: Locator) => field.evaluate((el) => {
  const r = el.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.bottom > 0 && r.top < innerHeight && !!at && (at === el || el.contains(at));
});

/** a Prepare line pasted: sample number, block, crop, cultivar, growth phase */
const line = (n: string, crop = 'Pecan', cultivar = 'Wichita') => [n, 'B1', crop, cultivar, 'Flowering'].join('\t');

/** New on the Prepare tab, the header filled, and two groups: the second row split into a group of its own, filled by a pasted line */
async function openTwoGroups(entity: string, farm: string, solo: string) {
  const page = await browser.newPage();
  const errors = watchPageErrors(page);
  await signIn(page, server.url, prepUser, '/submissions?tab=prepare');
  const crops = page.waitForResponse((r) => r.url().endsWith(apiFeatures.crops.withCultivars.path));
  await page.getByTestId('prepare-new').click();
  const dialog = page.getByRole('dialog', { name: 'Prepare Submission' });
  await fillPrepareHeader(page, dialog, entity, farm);
  await crops;
  await page.getByTestId('add-row').click();
  await dialog.getByLabel('Select row 2').check();
  await page.getByTestId('split-rows').click();
  await expect.poll(() => dialog.getByTestId('sample-group-1').getByTestId('sample-row').count()).toBe(1);
  await paste(page, 'prepare-1-sampleNumber', line(solo));
  await page.getByTestId('paste-preview-apply').click();
  await expect.poll(() => valueOf(page, 'prepare-1-sampleNumber')).toBe(solo);
  return { page, errors, dialog };
}

describe('long entry grids (windowed above 100 rows)', () => {
  it('a job card of 150 pasted entries draws the rows in view; the last by scrolling, the keyboard into rows not drawn, a hidden row\'s rule, a header edit, all 150 saved', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, labUser, '/labjobs?job=create');
    await page.getByTestId('entry-0-sampleNumber').waitFor();
    await fillJobHeader(page);
    const numbers = numbered('LG');
    // row 140 repeats row 3's sample number: a rule broken on a row not drawn
    await paste(page, 'entry-0-sampleNumber', numbers.map((n, i) => (i === 139 ? numbers[2] : n)).join('\n'));
    await page.getByTestId('paste-preview-apply').click();
    const table = page.getByTestId('job-entries');
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe(String(ROWS + 1));
    await expect.poll(() => valueOf(page, 'entry-0-sampleNumber')).toBe('LG-001');
    const drawn = () => table.locator('input[data-testid$="-sampleNumber"]').count();
    expect(await drawn()).toBeGreaterThan(5);
    expect(await drawn()).toBeLessThan(100);
    expect(await page.getByTestId('entry-139-sampleNumber').count()).toBe(0);

    // Submit: the hidden row's rule is listed above the grid, the drawn row's ring is red
    const invalid = (id: string) => page.getByTestId(id).getAttribute('aria-invalid');
    const listed = () => page.getByTestId('job-errors').textContent();
    await page.getByTestId('job-submit').click();
    await expect.poll(listed).toContain('Row 140: Same sample number as row 3');
    expect(await listed()).toContain('Row 3: Same sample number as row 140');
    expect(await invalid('entry-2-sampleNumber')).toBe('true');

    // scrolled to the bottom: the last row is drawn, the first is not; row 140 shows its red ring
    await expect.poll(scrolledTo(page, table, 'bottom', 'entry-149-sampleNumber')).toBe('LG-150');
    expect(await page.getByTestId('entry-0-sampleNumber').count()).toBe(0);
    expect(await drawn()).toBeLessThan(100);
    expect(await invalid('entry-139-sampleNumber')).toBe('true');

    // the keyboard from row 137 into rows 138 and 139, not drawn, then Enter to row 140: mended by typing
    const cell = (r: number) => `entry-${r}-sampleNumber`;
    await keyIntoHiddenRows(page, table, cell, 136, ['ArrowDown', 'Enter']);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedTestId(page)).toBe('entry-139-sampleNumber');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('LG-140');
    await expect.poll(() => page.getByTestId('job-errors').count()).toBe(0);
    expect(await invalid('entry-139-sampleNumber')).not.toBe('true');

    // a header edit reaches every entry, drawn or not
    await page.getByTestId('header-farmName').fill('Hilltop');
    await expect.poll(() => valueOf(page, 'entry-139-farmName')).toBe('Hilltop');
    await expect.poll(scrolledTo(page, table, 'top', 'entry-0-farmName')).toBe('Hilltop');
    // and up from row 5 into row 4, not drawn while the grid is scrolled to the bottom
    await keyIntoHiddenRows(page, table, cell, 4, ['ArrowUp']);

    await page.getByTestId('job-submit').click();
    await page.getByTestId('job-card-dialog').waitFor({ state: 'detached' });
    const job = (await api.call(labEndpoints.jobs, { search: 'LG-150' })).body.rows[0];
    expect(job).toMatchObject({ samples: ROWS, firstSample: 'LG-001', lastSample: 'LG-150' });
    const saved = (await api.call(labEndpoints.getData, { id: job.id })).body as JobCard;
    expect(saved.entries.map((e) => e.sampleNumber)).toEqual(numbers);
    expect(saved.entries.every((e) => e.farmName === 'Hilltop' && e.entity === 'Long Co')).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a Prepare group of 150 pasted rows, another group after it, draws the rows in view; the last by scrolling, the keyboard into rows not drawn, a late row\'s typing kept, a hidden row\'s rule on Submit shown and its row brought into view, submitted', async () => {
    // two groups: the second row split into a group of its own, filled by a pasted line
    const { page, errors, dialog } = await openTwoGroups('Long Orchard', 'Long Farm', 'LP-SOLO');

    // 150 lines into the first group's first row: rows past its end are added to it (after the grid's last row);
    // row 140's block left empty, a rule broken on a row not drawn
    const numbers = numbered('LP');
    await paste(page, 'prepare-0-sampleNumber', numbers.map((n, r) => (r === 139 ? line(n).replace('\tB1\t', '\t\t') : line(n))).join('\n'));
    await page.getByTestId('paste-preview-apply').click();
    const group = dialog.getByTestId('sample-group-0');
    // the group's row r is the grid's row r + 1 from its second row on (the second group's row is the grid's row 1)
    const cell = (r: number) => `prepare-${r === 0 ? 0 : r + 1}-sampleNumber`;
    await expect.poll(() => valueOf(page, cell(0))).toBe('LP-001');
    expect(await dialog.getByLabel('Crop of LP-001').inputValue()).toBe('Pecan');
    const drawn = () => group.getByTestId('sample-row').count();
    expect(await drawn()).toBeGreaterThan(5);
    expect(await drawn()).toBeLessThan(100);
    expect(await page.getByTestId(cell(149)).count()).toBe(0);

    // scrolled to the bottom: the group's last row is drawn, its first is not
    await expect.poll(scrolledTo(page, group, 'bottom', cell(149))).toBe('LP-150');
    expect(await page.getByTestId(cell(0)).count()).toBe(0);
    expect(await drawn()).toBeLessThan(100);

    // the keyboard from row 147 into rows 148 and 149, then 150 (the group's last), none of them drawn
    await keyIntoHiddenRows(page, group, cell, 146, ['Enter', 'ArrowDown', 'ArrowDown']);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('LP-150-T');
    // typed into that row alone; kept when the row is scrolled out of the window and back
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedTestId(page)).toBe(cell(148));
    await expect.poll(scrolledTo(page, group, 'top', cell(0))).toBe('LP-001');
    expect(await page.getByTestId(cell(149)).count()).toBe(0);
    await expect.poll(scrolledTo(page, group, 'bottom', cell(149))).toBe('LP-150-T');
    expect(await valueOf(page, cell(148))).toBe('LP-149');
    expect(await valueOf(page, 'prepare-1-sampleNumber')).toBe('LP-SOLO');

    // Submit, scrolled to the top: the hidden row's rule is listed above the groups, the row brought into view
    // with its field marked and focused; mended by typing
    await expect.poll(scrolledTo(page, group, 'top', cell(0))).toBe('LP-001');
    expect(await page.getByTestId(cell(139)).count()).toBe(0);
    const block140 = `prepare-${139 + 1}-blockNumber`;
    await page.getByTestId('submission-submit').click();
    const listed = async () => {
      const at = dialog.getByTestId('prepare-errors');
      return (await at.count()) ? at.textContent() : null;
    };
    await expect.poll(listed).toBe(`Group 1, row 140: ${M.blockRequired}`);
    await expect.poll(() => focusedTestId(page)).toBe(block140);
    await expect.poll(() => focusCoveredBy(page), { message: `${block140} in view` }).toBeNull();
    expect(await page.getByTestId(block140).getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByText(M.blockRequired, { exact: true }).count()).toBe(1);
    await page.keyboard.type('B1');
    await expect.poll(listed).toBeNull();
    expect(await page.getByTestId(block140).getAttribute('aria-invalid')).not.toBe('true');

    // a header rule broken, Submit pressed with the second group in view: the header's field brought into view, focused
    const entity = dialog.getByLabel('Entity Name');
    await entity.fill('');
    await dialog.getByTestId('sample-group-1').scrollIntoViewIfNeeded();
    expect(await shownAt(entity)).toBe(false);
    await page.getByTestId('submission-submit').click();
    await expect.poll(() => shownAt(entity), { message: 'Entity Name in view' }).toBe(true);
    expect(await entity.getAttribute('aria-invalid')).toBe('true');
    expect(await entity.evaluate((el) => el === document.activeElement)).toBe(true);
    await entity.fill('Long Orchard');

    await page.getByTestId('submission-submit').click();
    const ask = page.getByRole('dialog', { name: 'Submit' });
    await ask.getByText(M.submitConfirm).waitFor();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await db().selectFrom('submission_samples').select(['group_no', 'sample_number', 'block_number'])
      .orderBy('group_no').orderBy('position').execute();
    expect(saved.filter((s) => s.group_no === 0).map((s) => s.sample_number)).toEqual([...numbers.slice(0, 149), 'LP-150-T']);
    expect(saved.filter((s) => s.group_no === 1).map((s) => s.sample_number)).toEqual(['LP-SOLO']);
    expect(saved.every((s) => s.block_number === 'B1')).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Prepare: rows pasted past a group\'s end (stored after the next group\'s row): Enter and the arrows go to the row drawn next; a Submit refused for a blank list focuses that list, on a row drawn or not', async () => {
    // group 2 is the grid's row 1; then 150 lines into group 1's first row: its rows 2..150 are the grid's rows 2..150,
    // row 3 without crop and cultivars, row 140 without a crop
    const { page, errors, dialog } = await openTwoGroups('Keys Orchard', 'Keys Farm', 'LK-SOLO');
    const numbers = numbered('LK');
    await paste(page, 'prepare-0-sampleNumber', numbers.map((n, r) => (r === 2 ? line(n, '', '') : r === 139 ? line(n, '', 'Wichita') : line(n))).join('\n'));
    await page.getByTestId('paste-preview-apply').click();
    const cell = (r: number) => `prepare-${r === 0 ? 0 : r + 1}-sampleNumber`;
    const solo = 'prepare-1-sampleNumber';
    await expect.poll(() => valueOf(page, cell(0))).toBe('LK-001');

    /** each key from where the focus is, to the cell drawn next, brought into view */
    const keys = async (steps: [string, string][]) => {
      for (const [key, to] of steps) {
        const from = await focusedTestId(page);
        await page.keyboard.press(key);
        await expect.poll(() => focusedTestId(page), { message: `${key} from ${from}` }).toBe(to);
        await expect.poll(() => focusCoveredBy(page), { message: `${to} in view` }).toBeNull();
      }
    };
    // within the group, in the order drawn (its row 2 is the grid's row 2, not group 2's row 1)
    await page.getByTestId(cell(0)).click();
    await keys([['Enter', cell(1)], ['ArrowDown', cell(2)], ['ArrowUp', cell(1)], ['ArrowUp', cell(0)]]);
    // across the boundary: up from group 2's row to group 1's last row (not drawn), Enter and down back to group 2
    await page.getByTestId(solo).click();
    await keys([['ArrowUp', cell(149)], ['Enter', solo], ['ArrowUp', cell(149)], ['ArrowUp', cell(148)], ['ArrowDown', cell(149)], ['ArrowDown', solo]]);
    // the last row drawn: down goes nowhere (not to the grid's row 2)
    await page.keyboard.press('ArrowDown');
    expect(await focusedTestId(page)).toBe(solo);

    // Submit with group 1 scrolled to its end: row 3's crop, not drawn, brought into view and focused
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    const list = (name: string) => dialog.getByLabel(name, { exact: true });
    expect(await list('Crop of LK-003').count()).toBe(0);
    await page.getByTestId('submission-submit').click();
    await expect.poll(focusedLabel).toBe('Crop of LK-003');
    await expect.poll(() => focusCoveredBy(page), { message: 'Crop of LK-003 in view' }).toBeNull();
    expect(await list('Crop of LK-003').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('option', { name: 'Pecan', exact: true }).click();
    // its cultivars next, a row drawn: focused
    await page.getByTestId('submission-submit').click();
    await expect.poll(focusedLabel).toBe('Cultivars of LK-003');
    expect(await list('Cultivars of LK-003').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('option', { name: 'Wichita', exact: true }).click();
    // then row 140's crop, not drawn
    expect(await list('Crop of LK-140').count()).toBe(0);
    await page.getByTestId('submission-submit').click();
    await expect.poll(focusedLabel).toBe('Crop of LK-140');
    await expect.poll(() => focusCoveredBy(page), { message: 'Crop of LK-140 in view' }).toBeNull();
    expect(await list('Crop of LK-140').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByTestId('prepare-errors').textContent()).toContain(`Group 1, row 140: ${M.cropRequired}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
