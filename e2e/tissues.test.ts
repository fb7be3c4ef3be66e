import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tissuesEndpoints } from '@sapwood/contracts';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { seedCarbohydrateReference } from '../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

let server: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  page = await browser.newPage();
  errors = watchPageErrors(page);
  const user = await createUser(server.built.deps.db, ['CarbohydrateTissues']);
  await signIn(page, server.url, user, '/carbohydratestissues');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const row = (name: string) => page.getByTestId('tissues-table').locator('tbody tr').filter({ has: page.getByRole('cell', { name, exact: true }) });

describe('tissue admin screen', () => {
  it('adds a tissue, refusing a blank name with Name required', async () => {
    await page.getByTestId('tissue-add').click();
    const dialog = page.getByRole('dialog', { name: /tissue/ });
    await dialog.waitFor();
    await page.getByTestId('tissue-save').click();
    await dialog.getByText('Name required').waitFor();
    await expect(page.getByTestId('tissue-name').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByTestId('tissue-name').fill('Roots');
    await page.getByTestId('tissue-save').click();
    await dialog.waitFor({ state: 'detached' });
    await row('Roots').waitFor();
    const saved = await server.built.deps.db.selectFrom('tissues').selectAll().where('name', '=', 'Roots').execute();
    expect(saved).toHaveLength(1);
  });

  it("refuses a second tissue of the same name with 'Name must be unique' on the name", async () => {
    await page.getByTestId('tissue-add').click();
    const dialog = page.getByRole('dialog', { name: /tissue/ });
    await page.getByTestId('tissue-name').fill('roots');
    await page.getByTestId('tissue-save').click();
    await dialog.getByText('Name must be unique').waitFor();
    await expect(page.getByTestId('tissue-name').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByTestId('tissue-name').fill('');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await server.built.deps.db.selectFrom('tissues').selectAll().where('name', 'ilike', 'roots').execute()).toHaveLength(1);
  });

  it('toggles Active in place', async () => {
    const id = (await server.built.deps.db.selectFrom('tissues').select('id').where('name', '=', 'Roots').executeTakeFirstOrThrow()).id;
    const toggle = page.getByTestId(`tissue-active-${id}`);
    await expect(toggle.isChecked()).resolves.toBe(true);
    await toggle.click({ force: true });
    await expect.poll(async () => (await server.built.deps.db.selectFrom('tissues').select('active').where('id', '=', id).executeTakeFirstOrThrow()).active).toBe(false);
    await expect.poll(() => toggle.isChecked()).toBe(false);
  });

  it('edits a tissue', async () => {
    await row('Roots').getByRole('button', { name: 'Edit Roots' }).click();
    await page.getByTestId('tissue-name').fill('Feeder roots');
    await page.getByTestId('tissue-name').press('Enter');
    await page.getByRole('dialog', { name: /tissue/ }).waitFor({ state: 'detached' });
    await row('Feeder roots').waitFor();
  });

  it('deletes an unused tissue after confirming, and says why a used one cannot go', async () => {
    const ref = await seedCarbohydrateReference(server.built.deps.db);
    await page.reload();
    await row('Feeder roots').getByRole('button', { name: 'Delete Feeder roots' }).click();
    await page.getByRole('dialog', { name: 'Delete tissue' }).getByRole('button', { name: 'Yes' }).click();
    await row('Feeder roots').waitFor({ state: 'detached' });

    await row(ref.tissues.roots.name).getByRole('button', { name: `Delete ${ref.tissues.roots.name}` }).click();
    await page.getByRole('dialog', { name: 'Delete tissue' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Roots is the organ type of growth stage Pecan: Dormancy, Pecan: Bud break. Choose another organ type there first.').waitFor();
    await row(ref.tissues.roots.name).waitFor();
    expect(errors).toEqual([]);
  });

  it('is neither in the menu nor callable for a user without CarbohydrateTissues', async () => {
    const other = await browser.newPage();
    const user = await createUser(server.built.deps.db, ['CarbohydrateEntries']);
    await signIn(other, server.url, user, '/');
    await other.getByRole('link', { name: 'Growths' }).waitFor();
    await expect(other.getByRole('link', { name: 'Tissues' }).count()).resolves.toBe(0);
    const status = await other.evaluate(async (path) => (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status, tissuesEndpoints.paged.path);
    expect(status).toBe(403);
    await other.goto(`${server.url}/carbohydratestissues`);
    await other.getByText('No access').waitFor();
    await other.close();
  });
});
