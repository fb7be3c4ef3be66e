import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCarbohydrateReference, seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

/** /agent and /depot in Chromium: add, edit, validation, reassign-delete, and permission gating. */
let server: TestServer;
let browser: Browser;
let pool: PagePool;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const LISTS = [
  { path: '/agent', title: 'Agent', noun: 'agent', permission: 'Agents', otherPermission: 'Depots', otherTitle: 'Depot', apiPath: '/api/agent/paged' },
  { path: '/depot', title: 'Depot', noun: 'depot', permission: 'Depots', otherPermission: 'Agents', otherTitle: 'Agent', apiPath: '/api/depot/paged' },
];

const menuLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: label, exact: true });

describe.each(LISTS)('$path', ({ path, title, noun, permission, otherPermission, otherTitle, apiPath }) => {
  it('adds, validates, edits, and deletes with reassignment', async () => {
    const creds = await createUser(server.built.deps.db, [permission]);
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, creds, path);
    const table = page.getByTestId(`${noun}-table`);
    const row = (name: string) => table.locator('tbody tr', { hasText: name });

    // Add: 'Name required' after the first submit, nothing saved.
    await page.getByTestId('add-item').click();
    let dialog = page.getByRole('dialog', { name: title });
    await dialog.getByTestId('item-save').waitFor();
    await expect.poll(() => dialog.getByTestId('item-save').textContent()).toBe('insert');
    await dialog.getByTestId('item-save').click();
    await dialog.getByText('Name required').waitFor();
    await expect.poll(() => dialog.getByTestId('item-name').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByTestId('item-name').fill(`Old ${title} Name`);
    await dialog.getByText('Usa', { exact: true }).click();
    await dialog.getByTestId('item-save').click();
    await dialog.waitFor({ state: 'detached' });
    await row(`Old ${title} Name`).getByText('Usa').waitFor();

    // A second item, originate left at its default.
    await page.getByTestId('add-item').click();
    dialog = page.getByRole('dialog', { name: title });
    await dialog.getByTestId('item-name').fill(`Keeper ${title}`);
    await dialog.getByTestId('item-save').click();
    await dialog.waitFor({ state: 'detached' });
    await row(`Keeper ${title}`).getByText('International').waitFor();

    // Edit: the save word is 'update'; clearing the name is refused.
    await row(`Old ${title} Name`).getByTestId('row-edit').click();
    dialog = page.getByRole('dialog', { name: title });
    await expect.poll(() => dialog.getByTestId('item-save').textContent()).toBe('update');
    await dialog.getByTestId('item-name').fill('  ');
    await dialog.getByTestId('item-save').click();
    await dialog.getByText('Name required').waitFor();
    await dialog.getByTestId('item-name').fill(`Agent Smith ${title}`);
    await dialog.getByTestId('item-save').click();
    await dialog.waitFor({ state: 'detached' });
    await row(`Agent Smith ${title}`).waitFor();
    await expect.poll(() => row(`Old ${title} Name`).count()).toBe(0);

    // Delete 'x': reassign dialog; nothing chosen → message; the item itself is not offered.
    await row(`Agent Smith ${title}`).getByTestId('row-delete').click();
    dialog = page.getByRole('dialog', { name: `Assign Agent Smith ${title} to New ${title}` });
    await dialog.getByTestId('reassign-submit').click();
    await dialog.getByText(`Select a ${noun} to reassign`).waitFor();
    await dialog.getByTestId('reassign-select').click();
    await page.getByRole('option', { name: `Keeper ${title}` }).waitFor();
    await expect.poll(() => page.getByRole('option', { name: `Agent Smith ${title}` }).count()).toBe(0);
    await page.getByRole('option', { name: `Keeper ${title}` }).click();
    await dialog.getByRole('button', { name: 'ReAssign' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row(`Agent Smith ${title}`).count()).toBe(0);
    await row(`Keeper ${title}`).waitFor();

    const archived = await server.built.deps.db.selectFrom(noun === 'agent' ? 'agents' : 'depots').select('archived')
      .where('name', '=', `Agent Smith ${title}`).executeTakeFirstOrThrow();
    expect(archived.archived).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it(`a user without ${permission} sees no ${title} menu item, no screen, and gets 403 from the API`, async () => {
    const creds = await createUser(server.built.deps.db, [otherPermission]);
    const page = await pool.newPage();
    await signIn(page, server.url, creds, '/');
    await menuLink(page, otherTitle).waitFor();
    await expect.poll(() => menuLink(page, title).count()).toBe(0);
    await expect.poll(() => menuLink(page, 'Farms').count()).toBe(0);
    await page.goto(`${server.url}${path}`);
    await page.getByText('No access').waitFor();
    const status = await page.evaluate(async (url) => {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return r.status;
    }, apiPath);
    expect(status).toBe(403);
    await page.close();
  });
});

describe('reassigning an agent in the browser moves lab entries', () => {
  it('entries named after the archived agent now name the chosen one', async () => {
    const db = server.built.deps.db;
    const ref = await seedCarbohydrateReference(db, ' e2e');
    const job = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'E2E-1' }] });
    await db.insertInto('agents').values([{ name: 'Agent Smith' }, { name: 'Agent Jones' }]).execute();

    const page = await pool.newPage();
    await signIn(page, server.url, ADMIN, '/agent?q=Agent%20Smith');
    const row = page.getByTestId('agent-table').locator('tbody tr', { hasText: 'Agent Smith' });
    await row.getByTestId('row-delete').click();
    const dialog = page.getByRole('dialog', { name: 'Assign Agent Smith to New Agent' });
    await dialog.getByTestId('reassign-select').click();
    await page.getByRole('option', { name: 'Agent Jones' }).click();
    await dialog.getByRole('button', { name: 'ReAssign' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await db.selectFrom('lab_job_entries').select('agent').where('id', '=', job.entries[0].id).executeTakeFirstOrThrow()).agent)
      .toBe('Agent Jones');
    await page.close();
  });
});
