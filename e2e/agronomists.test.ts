import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';
import { expectMenuAndApiGated } from '../tests/support/gating';
import { createUser } from '../tests/support/users';
import type { Db } from '../apps/server/src/db/database';

let server: TestServer;
let browser: Browser;
let pool: PagePool;
let db: Db;

beforeAll(async () => {
  server = await startTestServer();
  db = server.built.deps.db;
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('/agronomist', () => {
  it("adds ('insert', International by default), edits ('update') and reassigns an agronomist", async () => {
    await db.insertInto('agronomists').values({ name: 'Dr Target', originate: 'Usa' }).execute();
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, ADMIN, '/agronomist');
    const table = page.getByTestId('agronomists-table');
    await table.locator('tbody tr', { hasText: 'Dr Target' }).waitFor();

    await page.getByTestId('agronomist-add').click();
    const dialog = page.getByRole('dialog', { name: 'Agronomist' });
    expect(await page.getByTestId('agronomist-save').textContent()).toBe('insert');
    expect(await page.getByTestId('agronomist-originate').inputValue()).toBe('International');
    await page.getByTestId('agronomist-name').fill('Dr Leaving');
    await page.getByTestId('agronomist-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const row = table.locator('tbody tr', { hasText: 'Dr Leaving' });
    await expect.poll(() => row.textContent()).toContain('International');

    await row.getByTestId('agronomist-edit').click();
    expect(await page.getByTestId('agronomist-save').textContent()).toBe('update');
    await page.getByTestId('agronomist-originate').click();
    await page.getByRole('option', { name: 'Usa' }).click();
    await page.getByTestId('agronomist-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).toContain('Usa');

    const leaving = await db.selectFrom('agronomists').select('id').where('name', '=', 'Dr Leaving').executeTakeFirstOrThrow();
    const user = await createUser(db, []);
    await db.insertInto('user_agronomists').values({ user_id: user.id, agronomist_id: leaving.id }).execute();

    await row.getByTestId('agronomist-delete').click();
    const reassign = page.getByRole('dialog', { name: 'Assign Dr Leaving to New Agronomist' });
    await reassign.waitFor();
    await reassign.getByRole('button', { name: 'ReAssign' }).click();
    await reassign.getByText('Select a agronomist to reassign').waitFor();
    await page.getByTestId('reassign-select').click();
    await page.getByRole('option', { name: 'Dr Target' }).click();
    await reassign.getByRole('button', { name: 'ReAssign' }).click();
    await reassign.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    const links = await db.selectFrom('user_agronomists').innerJoin('agronomists', 'agronomists.id', 'agronomist_id').select('name').where('user_id', '=', user.id).execute();
    expect(links).toEqual([{ name: 'Dr Target' }]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows 'Name required' and saves nothing", async () => {
    const page = await pool.newPage();
    await signIn(page, server.url, ADMIN, '/agronomist');
    await page.getByTestId('agronomist-add').click();
    const dialog = page.getByRole('dialog', { name: 'Agronomist' });
    await page.getByTestId('agronomist-name').fill('   ');
    await page.getByTestId('agronomist-save').click();
    await dialog.getByText('Name required').waitFor();
    expect(await page.getByTestId('agronomist-name').getAttribute('aria-invalid')).toBe('true');
    const blank = await db.selectFrom('agronomists').select('id').where('name', '=', '').execute();
    expect(blank).toEqual([]);
    await page.close();
  });

  it('a user without the Agronomists permission sees no Agronomist menu item and the API answers 403', async () => {
    await expectMenuAndApiGated(browser, server.url, await createUser(db, ['Users']), {
      visible: 'Users', hidden: 'Agronomist', calls: [{ path: '/api/agronomist/paged' }, { path: '/api/agronomist/archive', data: { id: 1, assignId: 2 } }],
    });
  });
});
