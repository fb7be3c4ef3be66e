import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { ROLE_MESSAGES } from '@sapwood/contracts';
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
  browser = await launchBrowser();
  pool = new PagePool(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('/roles', () => {
  it('adds a role with grouped permission checkboxes, edits and deletes it', async () => {
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, ADMIN, '/roles');
    const table = page.getByTestId('roles-table');
    await table.locator('tbody tr', { hasText: 'Administrator' }).waitFor();
    await page.getByTestId('role-add').click();
    const dialog = page.getByRole('dialog', { name: 'Role Profile' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('permission-group').locator('legend').allTextContents()).toEqual(
      ['ITest Leaf', 'ITest Carbohydrates', 'ITest Farmers Sample', 'Lab', 'Configuration', 'Management'],
    );
    await page.getByTestId('role-name').fill('Front desk');
    await dialog.getByRole('checkbox', { name: 'LabJobs' }).check();
    await dialog.getByRole('checkbox', { name: 'Agronomists' }).check();
    await page.getByTestId('role-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const row = table.locator('tbody tr', { hasText: 'Front desk' });
    await row.waitFor();
    const saved = await db.selectFrom('roles').select(['id', 'permissions']).where('name', '=', 'Front desk').executeTakeFirstOrThrow();
    expect([...saved.permissions].sort()).toEqual(['Agronomists', 'LabJobs']);

    await row.getByTestId('role-edit').click();
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'LabJobs' }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'LabJobs' }).uncheck();
    await page.getByTestId('role-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await db.selectFrom('roles').select('permissions').where('id', '=', saved.id).executeTakeFirstOrThrow()).permissions).toEqual(['Agronomists']);

    await row.getByTestId('role-delete').click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByText('Are you sure you want to delete this row?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await db.selectFrom('roles').select('id').where('id', '=', saved.id).execute()).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps Cancel and Save in view on a short screen while the permissions scroll', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
    await signIn(page, server.url, ADMIN, '/roles');
    await page.getByTestId('role-add').click();
    const dialog = page.getByRole('dialog', { name: 'Role Profile' });
    await dialog.waitFor();
    // the element at the Save button's centre is the button itself: in the viewport and not covered
    const onTop = () => page.getByTestId('role-save').evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.bottom <= window.innerHeight && !!hit && el.contains(hit);
    });
    await expect.poll(onTop).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Leafs' }).hover();
    await page.mouse.wheel(0, 400);
    await expect.poll(onTop).toBe(true);
    await page.close();
  });

  it('shows a refused save\'s message at 1400 × 900 without cutting a field: the body does not scroll the Name field out of view', async () => {
    const page = await pool.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, server.url, ADMIN, '/roles');
    await page.getByTestId('role-add').click();
    const dialog = page.getByRole('dialog', { name: 'Role Profile' });
    await page.getByTestId('role-save').click();
    await dialog.getByText('Name required').waitFor();
    // the Name field and its message whole inside the body's visible part, and the body not scrolled past its top
    const seen = await page.getByTestId('role-name').evaluate((input) => {
      const body = input.closest('.mantine-Modal-body') as HTMLElement;
      const b = body.getBoundingClientRect();
      const field = (input.closest('.mantine-InputWrapper-root') as HTMLElement).getBoundingClientRect();
      return { scrollTop: body.scrollTop, inside: field.top >= b.top && field.bottom <= b.bottom };
    });
    expect(seen).toEqual({ scrollTop: 0, inside: true });
    await page.close();
  });

  it("shows 'Name required' and refuses to delete a role with users", async () => {
    const roleId = await ensureRole(db, 'Busy role', ['Users']);
    const user = await createUser(db, []);
    await db.updateTable('users').set({ role_id: roleId }).where('id', '=', user.id).execute();
    const page = await pool.newPage();
    await signIn(page, server.url, ADMIN, '/roles');
    await page.getByTestId('role-add').click();
    const dialog = page.getByRole('dialog', { name: 'Role Profile' });
    await page.getByTestId('role-save').click();
    await dialog.getByText('Name required').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByTestId('roles-table').locator('tbody tr', { hasText: 'Busy role' });
    await expect.poll(() => row.locator('td').nth(1).textContent()).toBe('1');
    await row.getByTestId('role-delete').click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Cannot delete a role that is assigned to a user.').first().waitFor();
    expect(await db.selectFrom('roles').select('id').where('id', '=', roleId).execute()).toHaveLength(1);
    await page.close();
  });

  it("a role change reaches its signed-in user's menu without signing in again", async () => {
    const roleId = await ensureRole(db, 'Growing role', ['Roles']);
    const creds = await createUser(db, []);
    await db.updateTable('users').set({ role_id: roleId }).where('id', '=', creds.id).execute();
    const page = await pool.newPage();
    await signIn(page, server.url, creds, '/roles');
    await page.getByRole('link', { name: 'Roles' }).waitFor();
    expect(await page.getByRole('link', { name: 'Agronomist' }).count()).toBe(0);
    await db.updateTable('roles').set({ permissions: ['Roles', 'Agronomists'] }).where('id', '=', roleId).execute();
    await page.reload();
    await page.getByRole('link', { name: 'Agronomist' }).waitFor();
    await page.close();
  });

  it("offers a role editor who is not an administrator only what they may give: the permissions they hold, an Admin role read-only, each with the server's words", async () => {
    const editor = await createUser(db, ['Roles', 'Agronomists']);
    await ensureRole(db, 'Admins too', ['Admin']);
    const page = await pool.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, editor, '/roles');
    await page.getByTestId('role-add').click();
    const dialog = page.getByRole('dialog', { name: 'Role Profile' });
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Agronomists', exact: true }).isEnabled()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Admin', exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Users', exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByTestId('role-not-held').textContent()).toBe(ROLE_MESSAGES.grantNotHeld);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // a role holding Admin: shown, not editable
    await page.locator('tbody tr', { hasText: 'Admins too' }).getByTestId('role-edit').click();
    await expect.poll(() => dialog.getByTestId('role-admin-only').textContent()).toBe(ROLE_MESSAGES.adminRoleOnly);
    expect(await dialog.getByRole('checkbox', { name: 'Agronomists', exact: true }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a user without the Roles permission sees no Roles menu item and the API answers 403', async () => {
    await expectMenuAndApiGated(browser, server.url, await createUser(db, ['Users']), {
      visible: 'Users', hidden: 'Roles', calls: [{ path: '/api/role/paged' }, { path: '/api/role/delete', data: { id: 1 } }],
    });
  });
});
