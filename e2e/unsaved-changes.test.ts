import type { Browser, Dialog, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { type CarbohydrateReference, seedCarbohydrateReference } from '../tests/support/carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

/**
 * No silent loss (issue 18): a dialog holding typed work asks 'You have unsaved changes. Discard them?'
 * before Escape, its Cancel (or Close), the close button or an outside click throws the work away, and
 * leaving or reloading the page warns; an untouched or just-saved dialog closes without asking.
 */
const MESSAGE = 'You have unsaved changes. Discard them?';

let server: TestServer;
let browser: Browser;
let pool: PagePool;
let ref: CarbohydrateReference;

beforeAll(async () => {
  server = await startTestServer();
  ref = await seedCarbohydrateReference(server.built.deps.db);
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// (the confirm dialog's root stays in the page, empty, while no question shows)
const ask = (page: Page) => page.getByTestId('confirm-dialog');
const question = (page: Page) => ask(page).getByText(MESSAGE);

/** The question shows, with the one wording. */
async function expectAsked(page: Page) {
  await question(page).waitFor();
  // the title is named once the dialog's opening transition has settled
  await expect.poll(() => page.getByRole('dialog', { name: 'Unsaved changes' }).count()).toBe(1);
}

async function answer(page: Page, word: 'Yes' | 'No') {
  await ask(page).getByRole('button', { name: word }).click();
  await question(page).waitFor({ state: 'detached' });
}

/** The dialog closed, and nothing asked on the way. */
async function expectClosedWithoutAsking(page: Page, dialog: Locator) {
  await dialog.waitFor({ state: 'hidden' });
  expect(await question(page).count()).toBe(0);
}

/** A click on the overlay, left of any dialog. */
const clickOutside = (page: Page) => page.mouse.click(5, 300);

/** The page's beforeunload dialogs, each accepted (so the reload goes on) and counted. */
function watchBeforeUnload(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d: Dialog) => {
    seen.push(d.type());
    void d.accept().catch(() => undefined);
  });
  return seen;
}

describe('a FormDialog: the agent dialog', () => {
  it('asks before Escape, Cancel or an outside click discards typed work; No keeps it, Yes discards it', async () => {
    const creds = await createUser(server.built.deps.db, ['Agents']);
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, creds, '/agent');
    const dialog = page.getByRole('dialog', { name: 'Agent' });
    const name = dialog.getByTestId('item-name');

    // untouched: Escape, and Cancel, close at once
    await page.getByTestId('add-item').click();
    await name.waitFor();
    await page.keyboard.press('Escape');
    await expectClosedWithoutAsking(page, dialog);
    await page.getByTestId('add-item').click();
    await name.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectClosedWithoutAsking(page, dialog);

    // saved: the dialog closes without asking
    await page.getByTestId('add-item').click();
    await name.fill('Agent Keep');
    await dialog.getByTestId('item-save').click();
    await expectClosedWithoutAsking(page, dialog);
    const row = page.getByTestId('agent-table').locator('tbody tr', { hasText: 'Agent Keep' });
    await row.waitFor();

    // edited: opening shows the saved name and is not dirty yet
    await row.getByTestId('row-edit').click();
    await expect.poll(() => name.inputValue()).toBe('Agent Keep');
    await name.fill('Agent Typed');
    // Escape asks; No keeps the dialog and what was typed
    await page.keyboard.press('Escape');
    await expectAsked(page);
    await answer(page, 'No');
    expect(await dialog.isVisible()).toBe(true);
    expect(await name.inputValue()).toBe('Agent Typed');
    // Cancel asks again; Yes closes and discards
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectAsked(page);
    await answer(page, 'Yes');
    await dialog.waitFor({ state: 'hidden' });
    await row.getByTestId('row-edit').click();
    await expect.poll(() => name.inputValue()).toBe('Agent Keep');

    // an outside click asks too
    await name.fill('Agent Outside');
    await clickOutside(page);
    await expectAsked(page);
    await answer(page, 'No');
    expect(await name.inputValue()).toBe('Agent Outside');
    // the close button (x) as well
    await dialog.locator('.mantine-Modal-close').click();
    await expectAsked(page);
    await answer(page, 'Yes');
    await dialog.waitFor({ state: 'hidden' });
    expect(await server.built.deps.db.selectFrom('agents').select('name').where('name', 'like', 'Agent %').execute()).toEqual([{ name: 'Agent Keep' }]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('warns on reload while the dialog holds typed work, and not when it is untouched', async () => {
    const creds = await createUser(server.built.deps.db, ['Agents']);
    const page = await pool.newPage();
    const seen = watchBeforeUnload(page);
    await signIn(page, server.url, creds, '/agent');
    const dialog = page.getByRole('dialog', { name: 'Agent' });
    const name = dialog.getByTestId('item-name');

    // untouched (after a click on the page, so Chromium would let the page ask): no warning
    await page.getByTestId('add-item').click();
    await name.click();
    await page.reload();
    await page.getByTestId('add-item').waitFor();
    expect(seen).toEqual([]);

    await page.getByTestId('add-item').click();
    await name.click();
    await name.pressSequentially('Unsaved agent');
    await page.reload();
    await page.getByTestId('add-item').waitFor();
    expect(seen).toEqual(['beforeunload']);
    expect(await dialog.count()).toBe(0);
    await page.close();
  });
});

describe('the user dialog', () => {
  it('asks before discarding typed work, and closes without asking when untouched or saved', async () => {
    const target = await createUser(server.built.deps.db, ['Users'], { name: 'Unsaved Target' });
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, ADMIN, '/users');
    await page.goto(`${server.url}/users?q=${encodeURIComponent(target.email)}`);
    const row = page.getByTestId('users-table').locator('tbody tr', { hasText: target.email });
    const dialog = page.getByRole('dialog', { name: 'User Profile' });
    const number = page.getByTestId('user-number');
    const open = async () => {
      await row.getByTestId('user-edit').click();
      await expect.poll(() => page.getByTestId('user-name-input').inputValue()).toBe('Unsaved Target');
    };

    // untouched
    await open();
    await page.keyboard.press('Escape');
    await expectClosedWithoutAsking(page, dialog);

    // Escape asks; No keeps; Cancel asks; Yes discards
    await open();
    await number.fill('0820000000');
    await page.keyboard.press('Escape');
    await expectAsked(page);
    await answer(page, 'No');
    expect(await dialog.isVisible()).toBe(true);
    expect(await number.inputValue()).toBe('0820000000');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectAsked(page);
    await answer(page, 'Yes');
    await dialog.waitFor({ state: 'hidden' });
    await open();
    expect(await number.inputValue()).toBe('');

    // a check box counts too; an outside click asks
    await page.getByTestId('user-whatsapp').click();
    await clickOutside(page);
    await expectAsked(page);
    await answer(page, 'Yes');
    await dialog.waitFor({ state: 'hidden' });

    // saved: closes without asking
    await open();
    await number.fill('0821111111');
    await page.getByTestId('user-save').click();
    await expectClosedWithoutAsking(page, dialog);
    const saved = () => server.built.deps.db.selectFrom('users').select('number').where('id', '=', target.id).executeTakeFirstOrThrow();
    await expect.poll(saved).toEqual({ number: '0821111111' });
    await open();
    expect(await number.inputValue()).toBe('0821111111');
    await page.keyboard.press('Escape');
    await expectClosedWithoutAsking(page, dialog);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the crop growths dialogs', () => {
  it('the Growths dialog asks with the shared wording, and not once saved', async () => {
    const user = await createUser(server.built.deps.db, ['CarbohydrateEntries']);
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, user, '/carbohydratesgrowths');
    const dialog = page.getByRole('dialog', { name: /^Growths/ });
    const factor = page.getByTestId('crop-factor');
    const open = async (expected: string) => {
      await page.getByTestId(`crop-growths-${ref.crop.id}`).click();
      await page.getByTestId('growth-row').first().waitFor();
      await expect.poll(() => factor.inputValue()).toBe(expected);
    };

    // untouched: Close and Escape close at once
    await open('1');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expectClosedWithoutAsking(page, dialog);
    await open('1');
    await page.keyboard.press('Escape');
    await expectClosedWithoutAsking(page, dialog);

    // Escape asks; No keeps; Close asks; Yes discards
    await open('1');
    await factor.fill('2.5');
    await page.keyboard.press('Escape');
    await expectAsked(page);
    await answer(page, 'No');
    expect(await dialog.isVisible()).toBe(true);
    expect(await factor.inputValue()).toBe('2.5');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expectAsked(page);
    await answer(page, 'Yes');
    await dialog.waitFor({ state: 'hidden' });

    // an outside click asks too
    await open('1');
    await factor.fill('3');
    await clickOutside(page);
    await expectAsked(page);
    await answer(page, 'No');
    expect(await factor.inputValue()).toBe('3');

    // saved: Close closes without asking
    await page.getByTestId('growths-save').click();
    const stored = () => server.built.deps.db.selectFrom('crops').select('factor').where('id', '=', ref.crop.id).executeTakeFirstOrThrow();
    await expect.poll(stored).toEqual({ factor: 3 });
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expectClosedWithoutAsking(page, dialog);
    await open('3');

    // a growth edited inside it: Escape asks for the growth dialog only
    await page.getByTestId('growth-add').click();
    const edit = page.getByRole('dialog', { name: 'Add growth' });
    await page.getByTestId('growth-name').fill('Flowering');
    await page.keyboard.press('Escape');
    await expectAsked(page);
    await answer(page, 'Yes');
    await edit.waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);
    // nothing changed in the growths dialog itself
    await page.keyboard.press('Escape');
    await expectClosedWithoutAsking(page, dialog);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the Regions dialog asks with the shared wording, for a changed override and for a typed new name', async () => {
    const user = await createUser(server.built.deps.db, ['CarbohydrateEntries']);
    const page = await pool.newPage();
    const seen = watchBeforeUnload(page);
    await signIn(page, server.url, user, '/carbohydratesgrowths');
    const dialog = page.getByRole('dialog', { name: /^Regions/ });
    const open = async () => {
      await page.getByTestId(`crop-region-${ref.crop.id}`).click();
      await page.getByTestId('override-row').first().waitFor();
    };

    await open();
    await page.keyboard.press('Escape');
    await expectClosedWithoutAsking(page, dialog);

    await open();
    await page.getByTestId('override-flag-2').check();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expectAsked(page);
    await answer(page, 'Yes');
    await dialog.waitFor({ state: 'hidden' });

    await open();
    expect(await page.getByTestId('override-flag-2').isChecked()).toBe(false);
    await page.getByTestId('owner-new-name').fill('Vaalharts');
    await page.keyboard.press('Escape');
    await expectAsked(page);
    await answer(page, 'No');
    expect(await page.getByTestId('owner-new-name').inputValue()).toBe('Vaalharts');

    // leaving the page with it warns
    await page.reload();
    await page.getByTestId(`crop-region-${ref.crop.id}`).waitFor();
    expect(seen).toEqual(['beforeunload']);
    await page.close();
  });
});

describe('pages holding typed work', () => {
  it('the settings page warns on reload while a limit is changed, not once it is saved', async () => {
    const creds = await createUser(server.built.deps.db, ['Settings']);
    const page = await pool.newPage();
    const seen = watchBeforeUnload(page);
    await signIn(page, server.url, creds, '/settings');
    const sugar = page.getByTestId('sugar-max');
    await expect.poll(() => sugar.inputValue()).toBe('0');
    await sugar.click();
    await sugar.fill('4.5');
    await page.reload();
    await expect.poll(() => sugar.inputValue()).toBe('0');
    expect(seen).toEqual(['beforeunload']);

    await sugar.click();
    await sugar.fill('6');
    await page.getByTestId('settings-save').click();
    const stored = () => server.built.deps.db.selectFrom('settings').select('sugar_limit').executeTakeFirstOrThrow();
    await expect.poll(stored).toEqual({ sugar_limit: 6 });
    await page.getByText('Settings updated').first().waitFor();
    await page.reload();
    await expect.poll(() => sugar.inputValue()).toBe('6');
    expect(seen).toEqual(['beforeunload']);
    await page.close();
  });

  it('the Keys tab warns on reload while a row holds unsaved texts, not once it is updated', async () => {
    const page = await pool.newPage();
    const seen = watchBeforeUnload(page);
    // the Keys tab, searched for one key (the address keeps both, so a reload comes back to it)
    await signIn(page, server.url, ADMIN, '/languages?tab=keys&keys.q=menu.users');
    const keyRow = page.getByTestId('keys-table').locator('tbody tr', { hasText: 'menu.users' });
    const openKey = async () => {
      await keyRow.waitFor();
      return keyRow.locator('input[data-testid^="key-text-"]').first();
    };
    let text = await openKey();
    const before = await text.inputValue();
    await text.click();
    await text.fill(`${before} (typed)`);
    // the row shows it holds unsaved texts (its Update filled) before the reload, as a user would see it
    await expect.poll(() => keyRow.getByTestId('key-update').getAttribute('data-dirty')).toBe('true');
    await page.reload();
    text = await openKey();
    await expect.poll(() => text.inputValue()).toBe(before);
    expect(seen).toEqual(['beforeunload']);

    await text.fill(before);
    await keyRow.getByTestId('key-update').click();
    await expect.poll(() => keyRow.getByTestId('key-update').getAttribute('data-dirty')).toBe('false');
    await page.reload();
    await openKey();
    expect(seen).toEqual(['beforeunload']);
    await page.close();
  });
});
