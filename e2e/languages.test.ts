import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languagesEndpoints } from '@sapwood/contracts';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';
import { createUser, signedIn } from '../tests/support/users';

let server: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];

const db = () => server.built.deps.db;
const languageId = async (name: string) => (await db().selectFrom('languages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  page = await browser.newPage();
  errors = watchPageErrors(page);
  await signIn(page, server.url, ADMIN, '/languages');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const row = (table: string, text: string) => page.getByTestId(table).locator('tbody tr', { hasText: text });

describe('/languages, Languages tab', () => {
  it('opens and closes its dialog without a transition when the system asks for reduced motion, with one otherwise', async () => {
    const transition = async (p: Page) => {
      await p.getByTestId('add-language').click();
      const content = p.locator('.mantine-Modal-content');
      await content.waitFor();
      const duration = await content.evaluate((el) => getComputedStyle(el).transitionDuration);
      await p.keyboard.press('Escape');
      await content.waitFor({ state: 'detached' });
      return duration;
    };
    // the tests' pages ask for reduced motion (launchBrowser)
    expect(await transition(page)).toBe('0s');
    const moving = await browser.newPage({ reducedMotion: 'no-preference' });
    await signIn(moving, server.url, ADMIN, '/languages');
    expect(await transition(moving)).not.toBe('0s');
    await moving.close();
  });

  it('adds a language, then renames it', async () => {
    await page.getByTestId('add-language').click();
    await page.getByTestId('language-name').fill('isiZulu');
    await page.getByTestId('language-save').click();
    await row('languages-table', 'isiZulu').waitFor();
    await row('languages-table', 'isiZulu').getByTestId('language-edit').click();
    await expect(page.getByTestId('language-name').inputValue()).resolves.toBe('isiZulu');
    await page.getByTestId('language-name').fill('Zulu');
    await page.getByTestId('language-save').click();
    await row('languages-table', 'Zulu').waitFor();
    await page.getByTestId('language-dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => row('languages-table', 'isiZulu').count()).toBe(0);
  });

  it("says 'Unique name required' for an empty or taken name and saves nothing", async () => {
    await page.getByTestId('add-language').click();
    await page.getByTestId('language-save').click();
    const dialog = page.getByTestId('language-dialog');
    await dialog.getByText('Unique name required').waitFor();
    await page.getByTestId('language-name').fill('english');
    await page.getByTestId('language-save').click();
    await dialog.getByText('Unique name required').waitFor();
    await expect(page.getByTestId('language-name').getAttribute('aria-invalid')).resolves.toBe('true');
    // the typed name is unsaved: closing asks first
    await page.keyboard.press('Escape');
    const ask = page.getByTestId('confirm-dialog');
    await ask.getByText('You have unsaved changes. Discard them?').waitFor();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const names = (await db().selectFrom('languages').select('name').execute()).map((l) => l.name.toLowerCase());
    expect(names.filter((n) => n === 'english')).toHaveLength(1);
  });
});

describe('/languages, Keys tab', () => {
  it("adds a key; an empty or taken key says 'Unique key required'", async () => {
    await page.getByTestId('tab-keys').click();
    await page.getByTestId('add-key').click();
    await page.getByTestId('key-save').click();
    const dialog = page.getByTestId('key-dialog');
    await dialog.getByText('Unique key required').waitFor();
    await page.getByTestId('key-name').fill('menu.users');
    await page.getByTestId('key-save').click();
    await dialog.getByText('Unique key required').waitFor();
    await page.getByTestId('key-name').fill('e2e.greeting');
    await page.getByTestId('key-frontend').check();
    await page.getByTestId('key-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Search', { exact: true }).fill('e2e.');
    await page.keyboard.press('Enter');
    await row('keys-table', 'e2e.greeting').waitFor();
    await expect(row('keys-table', 'e2e.greeting').getByTestId('key-frontend-toggle').isChecked()).resolves.toBe(true);
  });

  it('edits the text cells of a key and saves them with Update', async () => {
    const en = await languageId('English');
    const af = await languageId('Afrikaans');
    const r = row('keys-table', 'e2e.greeting');
    await r.getByTestId(`key-text-${en}`).fill('Good morning');
    await r.getByTestId(`key-text-${af}`).fill('Goeie môre');
    await expect.poll(() => r.getByTestId('key-update').getAttribute('data-dirty')).toBe('true');
    await r.getByTestId('key-update').click();
    await expect.poll(() => r.getByTestId('key-update').getAttribute('data-dirty')).toBe('false');
    await expect.poll(async () => {
      const texts = await db()
        .selectFrom('language_texts').innerJoin('language_keys', 'language_keys.id', 'language_texts.key_id')
        .select(['language_id', 'text']).where('key', '=', 'e2e.greeting').orderBy('language_id').execute();
      return Object.fromEntries(texts.map((x) => [x.language_id, x.text]));
    }).toMatchObject({ [en]: 'Good morning', [af]: 'Goeie môre' });
    await page.reload();
    await expect.poll(() => row('keys-table', 'e2e.greeting').getByTestId(`key-text-${af}`).inputValue()).toBe('Goeie môre');
  });

  it('deletes a key after confirmation', async () => {
    await row('keys-table', 'e2e.greeting').getByTestId('key-delete').click();
    await page.getByRole('dialog').getByText('Are you sure you want to delete this row?').waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => row('keys-table', 'e2e.greeting').count()).toBe(0);
    const left = await db().selectFrom('language_keys').select('id').where('key', '=', 'e2e.greeting').execute();
    expect(left).toEqual([]);
  });

  it("a frontend text changed in the Keys tab shows in the menu of a user in that language", async () => {
    const af = await languageId('Afrikaans');
    await page.getByLabel('Search', { exact: true }).fill('menu.users');
    await page.keyboard.press('Enter');
    const r = row('keys-table', 'menu.users');
    await r.waitFor();
    await r.getByTestId(`key-text-${af}`).fill('Gebruikerslys');
    await r.getByTestId('key-update').click();
    await expect.poll(() => db().selectFrom('language_texts').select('text').where('language_id', '=', af)
      .where('key_id', '=', db().selectFrom('language_keys').select('id').where('key', '=', 'menu.users')).executeTakeFirst().then((x) => x?.text)).toBe('Gebruikerslys');

    const creds = await createUser(db(), ['Users']);
    await db().updateTable('users').set({ language_id: af }).where('id', '=', creds.id).execute();
    const other = await browser.newPage();
    const otherErrors = watchPageErrors(other);
    await signIn(other, server.url, creds, '/');
    const menu = other.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Gebruikerslys').waitFor();
    await menu.getByText('Bestuur').waitFor();
    await other.reload();
    await menu.getByText('Gebruikerslys').waitFor();
    expect(otherErrors).toEqual([]);
    await other.close();
    // the administrator's language is English: the menu keeps its English label
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Users', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('/languages permission gating', () => {
  it('a user without Language sees no menu item, no screen, and the API answers 403', async () => {
    const creds = await createUser(db(), ['Users']);
    const other = await browser.newPage();
    await signIn(other, server.url, creds, '/languages');
    await other.getByText('No access').waitFor();
    const menu = other.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Users', { exact: true }).waitFor();
    await expect(menu.getByText('Language', { exact: true }).count()).resolves.toBe(0);
    await other.close();
    const api = await signedIn(server.url, creds);
    expect((await api.call(languagesEndpoints.keys, {})).status).toBe(403);
    expect((await api.call(languagesEndpoints.upsertLanguage, { name: 'Nope' })).status).toBe(403);
  });
});
