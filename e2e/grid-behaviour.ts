import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { UNSAVED, activeTestId, paste } from '../tests/support/labjobs-screen';

/**
 * How the shared grid behaviour suite drives one grid (components/ui/grid). A grid adds a driver: how to open it on
 * seeded rows, its cells' test ids, and how to provoke a conflict and a refusal. A check that does not apply to a
 * grid is named in `notApplicable` with the reason (the suite then says so as a case of its own, and runs no check).
 */
export interface GridDriver {
  name: string;
  /** seeds a fresh grid of 4 rows and opens it in the page (signed in) */
  open(page: Page): Promise<void>;
  dialog: string;
  cancel: string;
  /** the grid's message above the rows */
  message: string;
  /** the test id of a cell: row index, and 0 or 1 for two neighbouring keyboard columns */
  cell(row: number, col: 0 | 1): string;
  /** a value to type into cell(0, 0), and how the cell shows it */
  typed: string;
  /** a paste with a preview: the cell pasted into, the text, and a cell with the value it then holds */
  paste: { cell: string; text: string; rows: number; check: [string, string] };
  /** marks a row N/A and the pasted column that then skips it */
  na?: { mark(page: Page, row: number): Promise<void>; column: string; emptyCell: string };
  /** a CSV with a stray quote on line 3 */
  brokenCsv: string;
  /** how the grid takes a CSV file (default: the file input beside its CSV import button) and where it says a problem (default: `message`) */
  csv?: { upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void>; message(page: Page): Promise<string | null> };
  /** someone else saves the grid's first row, then the page saves its own: ends with the 409 question shown */
  conflict?(page: Page): Promise<void>;
  /** after 'No keeps theirs': the other user's value shown */
  theirs?: [string, string];
  /** A save the real server refuses with a 400 at a cell (a rule of its own): how to save, the cell's message, and the server's words. */
  refusal: { save(page: Page): Promise<void>; cellMessage(page: Page): Promise<string | null>; says: string };
  /** the checks that do not apply to this grid, each with why */
  notApplicable?: Partial<Record<GridCheck, string>>;
}

/** The checks of the suite, by name. */
export type GridCheck = 'keyboard' | 'paste' | 'na' | 'csv' | 'conflict' | 'refusal' | 'unsaved';

/** the text of the confirm dialog ('' when none is open) */
export const confirmText = (page: Page) => page.getByTestId('confirm-dialog').textContent();
/** answers the confirm dialog's question and waits for it to close */
export const answer = async (page: Page, name: 'Yes' | 'No') => {
  await page.getByTestId('confirm-dialog').getByRole('button', { name }).click();
  await expect.poll(() => confirmText(page)).toBe('');
};

/** The behaviour every entry grid shares, as `it` cases in the caller's `describe`; `newPage` gives a signed-in page. */
export function gridBehaviour(driver: GridDriver, newPage: () => Promise<Page>) {
  const run = (what: string, body: (page: Page) => Promise<void>, check?: GridCheck) => {
    const why = check && driver.notApplicable?.[check];
    // a check that does not apply is stated as such, with its reason, and checks that the driver gives none of it
    if (why) return it(`${driver.name}: does not apply: ${what} (${why})`, () => expect(check === 'na' ? driver.na : undefined).toBeUndefined());
    return runCase(what, body);
  };
  const runCase = (what: string, body: (page: Page) => Promise<void>) => it(`${driver.name}: ${what}`, async () => {
    const page = await newPage();
    try {
      await driver.open(page);
      await body(page);
    } finally {
      await page.close();
    }
  }, 60_000);

  run('Enter goes down the column, Tab across, the arrows between rows', async (page) => {
    await page.getByTestId(driver.cell(0, 0)).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => activeTestId(page)).toBe(driver.cell(0, 1));
    await page.keyboard.press('Enter');
    await expect.poll(() => activeTestId(page)).toBe(driver.cell(1, 1));
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => activeTestId(page)).toBe(driver.cell(0, 1));
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => activeTestId(page)).toBe(driver.cell(0, 0));
  }, 'keyboard');

  run('a paste shows a preview first: Cancel changes nothing, Apply fills the rows', async (page) => {
    const [checkCell, value] = driver.paste.check;
    const before = await page.getByTestId(checkCell).inputValue();
    await paste(page, driver.paste.cell, driver.paste.text);
    await expect.poll(() => page.getByTestId('paste-preview').locator('tbody tr').count()).toBe(driver.paste.rows);
    await page.getByTestId('paste-preview-cancel').click();
    await page.getByTestId('paste-preview').waitFor({ state: 'detached' });
    expect(await page.getByTestId(checkCell).inputValue()).toBe(before);
    await paste(page, driver.paste.cell, driver.paste.text);
    await page.getByTestId('paste-preview-apply').click();
    await expect.poll(() => page.getByTestId(checkCell).inputValue()).toBe(value);
  }, 'paste');

  {
    const na = driver.na!;
    run('an N/A row is skipped by Enter, and a pasted column never puts values into it (the preview says so)', async (page) => {
      await na.mark(page, 1);
      await page.getByTestId(driver.cell(0, 0)).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => activeTestId(page)).toBe(driver.cell(2, 0));
      await paste(page, driver.cell(0, 0), na.column);
      await expect.poll(() => page.getByTestId('paste-preview-note').textContent()).toContain('N/A rows take no values and are skipped');
      await page.getByTestId('paste-preview-apply').click();
      await page.getByTestId('paste-preview').waitFor({ state: 'detached' });
      expect(await page.getByTestId(na.emptyCell).inputValue()).toBe('');
    }, 'na');
  }

  run('a CSV with a stray quote is refused with its line named, and no row is taken', async (page) => {
    const file = { name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from(driver.brokenCsv) };
    // the file input beside the grid's CSV import button (Mantine's FileButton keeps it hidden next to the button)
    if (driver.csv) await driver.csv.upload(page, file);
    else await page.getByTestId(driver.dialog).locator('input[type=file][accept*="csv"]').setInputFiles(file);
    await expect.poll(() => (driver.csv ? driver.csv.message(page) : page.getByTestId(driver.message).textContent())).toMatch(/Line 3\b/);
    expect(await page.getByTestId('paste-preview').count()).toBe(0);
  }, 'csv');

  run("a 409 shows the other user's values with the choice; No keeps theirs", async (page) => {
    await driver.conflict!(page);
    await expect.poll(() => confirmText(page)).toContain('was changed by someone else');
    expect(await confirmText(page)).toContain('No keeps theirs');
    await answer(page, 'No');
    await expect.poll(() => page.getByTestId(driver.theirs![0]).inputValue()).toBe(driver.theirs![1]);
  }, 'conflict');

  const { refusal } = driver;
  run("a 400 puts the server's message at its cell (the real server refuses)", async (page) => {
    // the server's answer is watched, not made: the message at the cell is the one its 400 carries
    const answered = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 400);
    await refusal.save(page);
    const fields = ((await (await answered).json()) as { fields?: { message: string }[] }).fields ?? [];
    expect(fields.map((f) => f.message).join('\n')).toContain(refusal.says);
    await expect.poll(() => refusal.cellMessage(page)).toContain(refusal.says);
  }, 'refusal');

  run('closing with unsaved work asks: No keeps it, Yes discards it', async (page) => {
    await page.getByTestId(driver.cell(0, 0)).fill(driver.typed);
    await page.keyboard.press('Escape');
    await expect.poll(() => confirmText(page)).toContain(UNSAVED);
    await answer(page, 'No');
    expect(await page.getByTestId(driver.cell(0, 0)).inputValue()).toBe(driver.typed);
    await page.getByTestId(driver.cancel).click();
    await expect.poll(() => confirmText(page)).toContain(UNSAVED);
    await answer(page, 'Yes');
    await page.getByTestId(driver.dialog).waitFor({ state: 'detached' });
  }, 'unsaved');
}
