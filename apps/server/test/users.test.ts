import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES, apiFeatures, authEndpoints } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { startSmtpServer } from '../../../tests/support/smtp';
import { createUser, signedIn } from '../../../tests/support/users';
import type { Db } from '../src/db/database';
import { ensureRole } from '../src/seed/seed.repository';

const api = apiFeatures.users;
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let db: Db;
let admin: ApiClient;
let staffRole: number;
let adminRole: number;
let agronomists: number[];

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  db = server.built.deps.db;
  admin = await signedIn(server.url, ADMIN);
  staffRole = await ensureRole(db, 'Staff', ['Users']);
  adminRole = await ensureRole(db, 'Administrator', ['Admin']);
  agronomists = (await db.insertInto('agronomists').values([{ name: 'Dr A' }, { name: 'Dr B' }]).returning('id').execute()).map((r) => r.id);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const base = () => ({ id: 0, name: 'Jane Doe', email: 'jane@lab.test', number: '082 555 0101', roleId: staffRole, emailPref: true, whatsappPref: false, agronomistIds: [] as number[] });

async function auditOf(entityId: number) {
  return db.selectFrom('audit_log').select(['action', 'new_values']).where('entity', '=', 'user').where('entity_id', '=', String(entityId)).orderBy('id').execute();
}

describe('users API', () => {
  it('adds a user with trimmed email and agronomists (duplicates ignored), audited, and lists it', async () => {
    const r = await admin.call(api.upsert, { ...base(), email: '  jane@lab.test  ', agronomistIds: [agronomists[0], agronomists[0], agronomists[1]] });
    expect(r.status).toBe(200);
    const id = r.body.id as number;
    const page = await admin.call(api.paged, { search: 'jane@lab', page: 1, rowsPerPage: 20 });
    expect(page.body.total).toBe(1);
    expect(page.body.rows[0]).toMatchObject({ id, email: 'jane@lab.test', name: 'Jane Doe', roleName: 'Staff', active: true, locked: false, hasPassword: false, agronomistIds: [...agronomists].sort((a, b) => a - b) });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['create']);
    const index = await admin.call(api.index);
    expect(index.body.map((u: { email: string }) => u.email)).toContain('jane@lab.test');
  });

  it('refuses a missing name, a bad email and a missing role with the spec messages, saving nothing', async () => {
    const r = await admin.call(api.upsert, { ...base(), name: '  ', email: 'not-an-email', roleId: 0 });
    expect(r.status).toBe(400);
    const fields = Object.fromEntries(r.body.fields.map((f: { field: string; message: string }) => [f.field, f.message]));
    expect(fields).toEqual({ name: 'Name required', email: 'Valid email required', roleId: 'Role required' });
    const page = await admin.call(api.paged, { search: 'not-an-email' });
    expect(page.body.total).toBe(0);
  });

  it('answers uniqueemail and unique, ignoring the user itself and letter case', async () => {
    const jane = (await admin.call(api.paged, { search: 'jane@lab' })).body.rows[0];
    expect((await admin.call(api.uniqueEmail, { email: ' JANE@lab.test ', id: 0 })).body).toBe(false);
    expect((await admin.call(api.uniqueEmail, { email: 'jane@lab.test', id: jane.id })).body).toBe(true);
    expect((await admin.call(api.uniqueEmail, { email: 'nobody@lab.test', id: 0 })).body).toBe(true);
    expect((await admin.call(api.unique, { name: 'jane doe', id: 0 })).body).toBe(false);
    expect((await admin.call(api.unique, { name: 'Jane Doe', id: jane.id })).body).toBe(true);
  });

  it("refuses an email that exists with 'Email already exists'", async () => {
    const r = await admin.call(api.upsert, { ...base(), email: 'Jane@Lab.test' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'email', message: USER_MESSAGES.emailExists }]);
  });

  it('two concurrent saves of one new email: one wins, the other gets the 400, never a 500', async () => {
    const results = await Promise.all([
      admin.call(api.upsert, { ...base(), name: 'Racer One', email: 'race@lab.test' }),
      admin.call(api.upsert, { ...base(), name: 'Racer Two', email: 'RACE@lab.test' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.status === 400);
    expect(loser?.body.fields).toEqual([{ field: 'email', message: 'Email already exists' }]);
    expect((await admin.call(api.paged, { search: 'race@lab' })).body.total).toBe(1);
  });

  it('edits a user, replacing its agronomists, and refuses a stale version with 409', async () => {
    const jane = (await admin.call(api.paged, { search: 'jane@lab' })).body.rows[0];
    const r = await admin.call(api.upsert, { ...base(), id: jane.id, name: 'Jane Smith', agronomistIds: [agronomists[1]], rowVersion: jane.rowVersion });
    expect(r.status).toBe(200);
    const after = (await admin.call(api.paged, { search: 'jane@lab' })).body.rows[0];
    expect(after).toMatchObject({ name: 'Jane Smith', agronomistIds: [agronomists[1]] });
    const stale = await admin.call(api.upsert, { ...base(), id: jane.id, name: 'Jane Late', rowVersion: jane.rowVersion });
    expect(stale.status).toBe(409);
    const audit = await auditOf(jane.id);
    expect(audit.at(-1)).toMatchObject({ action: 'update', new_values: { name: 'Jane Smith', agronomistIds: [agronomists[1]] } });
  });

  it("sets a user's language (audited; an unknown one refused with 'Language not found'); their texts switch to it", async () => {
    const afrikaans = (await db.selectFrom('languages').select('id').where('name', '=', 'Afrikaans').executeTakeFirstOrThrow()).id;
    const creds = await createUser(db, ['Settings'], { name: 'Lang User' });
    const user = await signedIn(server.url, creds);
    expect((await user.call(apiFeatures.languages.keysLookup)).body.texts['menu.group.configuration']).toBe('Configuration');
    const row = (await admin.call(api.paged, { search: creds.email })).body.rows[0];
    expect(row.languageId).toBeNull();
    const edit = { ...base(), id: row.id, name: row.name, email: row.email, roleId: row.roleId, rowVersion: row.rowVersion };

    const bad = await admin.call(api.upsert, { ...edit, languageId: 999_999 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'languageId', message: USER_MESSAGES.languageNotFound }]);
    expect((await admin.call(api.paged, { search: creds.email })).body.rows[0].rowVersion).toBe(row.rowVersion);

    expect((await admin.call(api.upsert, { ...edit, languageId: afrikaans })).status).toBe(200);
    const after = (await admin.call(api.paged, { search: creds.email })).body.rows[0];
    expect(after.languageId).toBe(afrikaans);
    expect((await auditOf(row.id)).at(-1)).toMatchObject({ action: 'update', new_values: { languageId: afrikaans } });
    const startup = await user.call(authEndpoints.initial, {});
    expect(startup.body.languageId).toBe(afrikaans);
    const texts = await user.call(apiFeatures.languages.keysLookup);
    expect(texts.body.languageId).toBe(afrikaans);
    expect(texts.body.texts['menu.group.configuration']).toBe('Konfigurasie');

    // an edit without a language (an older client) keeps it; null returns the user to the default
    expect((await admin.call(api.upsert, { ...edit, name: 'Lang User 2', rowVersion: after.rowVersion })).status).toBe(200);
    const kept = (await admin.call(api.paged, { search: creds.email })).body.rows[0];
    expect(kept).toMatchObject({ name: 'Lang User 2', languageId: afrikaans });
    expect((await admin.call(api.upsert, { ...edit, languageId: null, rowVersion: kept.rowVersion })).status).toBe(200);
    expect((await admin.call(api.paged, { search: creds.email })).body.rows[0].languageId).toBeNull();
  });

  it('deactivating a user ends their sessions at once and they cannot sign in; reactivating lets them in', async () => {
    const creds = await createUser(db, ['Users']);
    const them = await signedIn(server.url, creds);
    expect((await them.call(api.index)).status).toBe(200);
    expect((await admin.call(api.quickUpdate, { id: creds.id, active: false })).status).toBe(200);
    expect((await them.call(api.index)).status).toBe(401);
    expect((await new ApiClient(server.url).call(authEndpoints.login, creds)).body).toBe('InActive');
    expect((await admin.call(api.quickUpdate, { id: creds.id, active: true })).status).toBe(200);
    expect((await new ApiClient(server.url).call(authEndpoints.login, creds)).body).toBe('Success');
    expect((await auditOf(creds.id)).map((a) => a.action)).toEqual(['deactivate', 'activate']);
  });

  it('archiving a user ends their sessions and hides them from the list', async () => {
    const creds = await createUser(db, ['Users'], { name: 'Archie Ved' });
    const them = await signedIn(server.url, creds);
    expect((await admin.call(api.archive, { id: creds.id })).status).toBe(200);
    expect((await them.call(api.index)).status).toBe(401);
    expect((await admin.call(api.paged, { search: 'Archie' })).body.total).toBe(0);
    expect((await new ApiClient(server.url).call(authEndpoints.login, creds)).body).toBe('Archived');
  });

  it('shows a locked account as locked and unlocks it', async () => {
    const creds = await createUser(db, ['Users'], { name: 'Lockie' });
    const anon = new ApiClient(server.url);
    for (let i = 0; i < 10; i += 1) {
      const r = await anon.call(authEndpoints.login, { email: creds.email, password: 'wrong' });
      if (r.body === 'Locked') break;
    }
    expect((await admin.call(api.paged, { search: 'Lockie' })).body.rows[0].locked).toBe(true);
    expect((await admin.call(api.unlock, { id: creds.id })).status).toBe(200);
    expect((await admin.call(api.paged, { search: 'Lockie' })).body.rows[0].locked).toBe(false);
    expect((await anon.call(authEndpoints.login, creds)).body).toBe('Success');
  });

  it('sends a set-password link: the new user meets CreatePassword until the link is used', async () => {
    const r = await admin.call(api.upsert, { ...base(), name: 'New Starter', email: 'starter@lab.test' });
    const id = r.body.id as number;
    const anon = new ApiClient(server.url);
    expect((await anon.call(authEndpoints.login, { email: 'starter@lab.test', password: 'x' })).body).toBe('CreatePassword');
    expect((await admin.call(api.sendPasswordLink, { id })).status).toBe(200);
    await expect.poll(() => smtp.mails.find((m) => m.to.includes('starter@lab.test'))).toBeTruthy();
    const raw = smtp.mails.find((m) => m.to.includes('starter@lab.test'))?.raw.replace(/=\r?\n/g, '') ?? '';
    const token = decodeURIComponent(/token=3D([^\s]+)|token=([^\s]+)/.exec(raw)?.slice(1).find(Boolean) ?? '');
    expect((await anon.call(authEndpoints.reset, { token, password: 'starter-password-1' })).body).toEqual({ valid: true });
    expect((await anon.call(authEndpoints.login, { email: 'starter@lab.test', password: 'starter-password-1' })).body).toBe('Success');
    expect((await auditOf(id)).map((a) => a.action)).toContain('send-password-link');
  });

  it('refuses to deactivate, archive or demote the last administrator, saying so', async () => {
    const me = (await admin.call(api.paged, { search: ADMIN.email })).body.rows[0];
    const off = await admin.call(api.quickUpdate, { id: me.id, active: false });
    expect(off.status).toBe(400);
    expect(off.body.fields[0].message).toBe(USER_MESSAGES.lastAdmin);
    expect((await admin.call(api.archive, { id: me.id })).body.fields[0].message).toBe(USER_MESSAGES.lastAdmin);
    const demote = await admin.call(api.upsert, { ...base(), id: me.id, name: me.name, email: me.email, roleId: staffRole, rowVersion: me.rowVersion });
    expect(demote.status).toBe(400);
    expect(demote.body.fields).toEqual([{ field: 'roleId', message: USER_MESSAGES.lastAdmin }]);
    expect((await admin.call(api.index)).status).toBe(200);
    // with a second administrator, the first may step down
    const other = await admin.call(api.upsert, { ...base(), name: 'Second Admin', email: 'second@lab.test', roleId: adminRole });
    expect(other.status).toBe(200);
    expect((await admin.call(api.quickUpdate, { id: other.body.id, active: false })).status).toBe(200);
  });

  it('a user without the Users permission gets 403 on every user call', async () => {
    const creds = await createUser(db, ['Roles']);
    const them = await signedIn(server.url, creds);
    for (const ep of Object.values(api)) expect((await them.call(ep, {})).status, ep.path).toBe(403);
  });
});
