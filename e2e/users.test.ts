import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE } from '@sapwood/contracts';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { ADMIN, type TestServer, startTestServer } from '../tests/support/server';
import { expectMenuAndApiGated } from '../tests/support/gating';
import { createUser } from '../tests/support/users';
import type { Db } from '../apps/server/src/db/database';
import { ensureRole } from '../apps/server/src/seed/seed.repository';

let server: TestServer;
let browser: Browser;
let pool: PagePool;
let db: Db;

beforeAll(async () => {
  server = await startTestServer();
  db = server.built.deps.db;
  await ensureRole(db, 'Staff', ['Users']);
  await db.insertInto('agronomists').values([{ name: 'Dr Alpha' }, { name: 'Dr Beta' }]).execute();
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function pickOption(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const userRow = (page: Page, email: string) => page.getByTestId('users-table').locator('tbody tr', { hasText: email });

describe('/users', () => {
  it('adds a user with agronomists (removal confirmed), edits it and toggles Active', async () => {
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, ADMIN, '/users');
    await userRow(page, ADMIN.email).waitFor();
    await page.getByTestId('user-add').click();
    const dialog = page.getByRole('dialog', { name: 'User Profile' });
    await dialog.waitFor();
    await page.getByTestId('user-name-input').fill('Thandi Mokoena');
    await page.getByTestId('user-email').fill('  thandi@lab.test ');
    await page.getByTestId('user-number').fill('082 000 1111');
    await pickOption(page, 'user-role', 'Staff');
    await page.getByTestId('user-whatsapp').check();
    await pickOption(page, 'user-agronomist-pick', 'Dr Alpha');
    await pickOption(page, 'user-agronomist-pick', 'Dr Beta');
    await page.getByRole('button', { name: 'Remove Dr Alpha' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByText('Are you sure you want to remove Dr Alpha?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByTestId('user-agronomists').locator('tbody tr').allTextContents()).toEqual(['Dr Beta']);
    await page.getByTestId('user-save').click();
    await page.getByText('User updated').first().waitFor();
    await userRow(page, 'thandi@lab.test').waitFor();
    await expect.poll(() => userRow(page, 'thandi@lab.test').textContent()).toContain('Staff');
    const saved = await db.selectFrom('users').select(['id', 'email', 'whatsapp_pref', 'number']).where('email', '=', 'thandi@lab.test').executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ whatsapp_pref: true, number: '082 000 1111' });
    const links = await db.selectFrom('user_agronomists').innerJoin('agronomists', 'agronomists.id', 'agronomist_id').select('name').where('user_id', '=', saved.id).execute();
    expect(links).toEqual([{ name: 'Dr Beta' }]);

    // edit: the dialog opens on the saved values
    await userRow(page, 'thandi@lab.test').getByTestId('user-edit').click();
    await dialog.waitFor();
    await expect.poll(() => page.getByTestId('user-name-input').inputValue()).toBe('Thandi Mokoena');
    // the preference boxes show the saved values (WhatsApp ticked above, Email on by default)
    await expect.poll(() => page.getByTestId('user-whatsapp').isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('user-emailpref').isChecked()).toBe(true);
    await page.getByTestId('user-name-input').fill('Thandi M');
    await page.getByTestId('user-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await db.selectFrom('users').select('name').where('id', '=', saved.id).executeTakeFirstOrThrow()).name).toBe('Thandi M');

    // Active toggle: shows at once, saved on the server
    const toggle = userRow(page, 'thandi@lab.test').getByRole('switch');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect.poll(async () => (await db.selectFrom('users').select('active').where('id', '=', saved.id).executeTakeFirstOrThrow()).active).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("sets a user's own language in the User Profile: the menu switches to it", async () => {
    const creds = await createUser(db, ['Users'], { name: 'Language Tester' });
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, creds, '/users');
    await page.getByText('Management', { exact: true }).waitFor();
    await userRow(page, creds.email).getByTestId('user-edit').click();
    const dialog = page.getByRole('dialog', { name: 'User Profile' });
    await dialog.waitFor();
    await expect.poll(() => page.getByTestId('user-language').inputValue()).toBe('');
    await pickOption(page, 'user-language', 'Afrikaans');
    await page.getByTestId('user-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Bestuur', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Gebruikers' }).waitFor();
    const saved = await db.selectFrom('users').innerJoin('languages', 'languages.id', 'users.language_id').select('languages.name').where('users.id', '=', creds.id).executeTakeFirstOrThrow();
    expect(saved.name).toBe('Afrikaans');

    // the dialog opens on the saved language; back to English
    await userRow(page, creds.email).getByTestId('user-edit').click();
    await dialog.waitFor();
    await expect.poll(() => page.getByTestId('user-language').inputValue()).toBe('Afrikaans');
    await pickOption(page, 'user-language', 'English');
    await page.getByTestId('user-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Management', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows 'Name required', 'Valid email required' and 'Email already exists', saving nothing", async () => {
    const page = await pool.newPage();
    await signIn(page, server.url, ADMIN, '/users');
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-save').click();
    const dialog = page.getByRole('dialog', { name: 'User Profile' });
    await dialog.getByText('Name required').waitFor();
    await dialog.getByText('Valid email required').waitFor();
    expect(await page.getByTestId('user-name-input').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('user-name-input').fill('Copy Cat');
    await page.getByTestId('user-email').fill(ADMIN.email.toUpperCase());
    await pickOption(page, 'user-role', 'Staff');
    await page.getByTestId('user-save').click();
    await dialog.getByText('Email already exists').waitFor();
    expect(await dialog.getByText('Name required').count()).toBe(0);
    const copies = await db.selectFrom('users').select('id').where('name', '=', 'Copy Cat').execute();
    expect(copies).toEqual([]);
    await page.close();
  });

  it('shows a locked account as locked and unlocks it', async () => {
    const locked = await createUser(db, ['Users'], { name: 'Locked Larry' });
    await db.updateTable('users').set({ locked: true, failed_attempts: 5 }).where('id', '=', locked.id).execute();
    const page = await pool.newPage();
    await signIn(page, server.url, ADMIN, '/users');
    const row = userRow(page, locked.email);
    await row.getByTestId('user-locked').waitFor();
    await row.getByTestId('user-unlock').click();
    await page.getByText('User unlocked').first().waitFor();
    await row.getByTestId('user-locked').waitFor({ state: 'detached' });
    expect((await db.selectFrom('users').select('locked').where('id', '=', locked.id).executeTakeFirstOrThrow()).locked).toBe(false);
    await page.close();
  });

  it('refuses to switch off the last administrator, archives a user and sends a set-password link', async () => {
    const leaver = await createUser(db, ['Users'], { name: 'Leaving Lee' });
    const page = await pool.newPage();
    await signIn(page, server.url, ADMIN, '/users');
    const mine = userRow(page, ADMIN.email).getByRole('switch');
    await mine.waitFor({ state: 'attached' });
    await mine.click({ force: true });
    await page.getByText(LAST_ADMIN_MESSAGE).first().waitFor();
    await expect.poll(() => mine.isChecked()).toBe(true);

    await userRow(page, leaver.email).getByTestId('user-send-link').click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Set-password link sent').first().waitFor();

    await userRow(page, leaver.email).getByTestId('user-archive').click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByText('Are you sure you want to archive Leaving Lee? They are signed out at once.').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await userRow(page, leaver.email).waitFor({ state: 'detached' });
    expect((await db.selectFrom('users').select('archived').where('id', '=', leaver.id).executeTakeFirstOrThrow()).archived).toBe(true);
    await page.close();
  });

  it('a user without the Users permission sees no Users menu item and the API answers 403', async () => {
    await expectMenuAndApiGated(browser, server.url, await createUser(db, ['Roles']), {
      visible: 'Roles', hidden: 'Users', calls: [{ path: '/api/user/paged' }, { path: '/api/user/upsert' }, { path: '/api/user/quickupdate', data: { id: 1, active: false } }],
    });
  });
});
