import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MESSAGES, apiFeatures } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import type { Db } from '../src/db/database';

const api = apiFeatures.roles;
let server: TestServer;
let db: Db;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  db = server.built.deps.db;
  admin = await signedIn(server.url, ADMIN);
});
afterAll(() => server?.close());

const roleAudit = (id: number) =>
  db.selectFrom('audit_log').select(['action']).where('entity', '=', 'role').where('entity_id', '=', String(id)).orderBy('id').execute();

describe('roles API', () => {
  it('adds a role with permissions, lists it with its user count, audited', async () => {
    const r = await admin.call(api.upsert, { id: 0, name: 'Receptionist', permissions: ['LabJobs', 'Users', 'LabJobs'] });
    expect(r.status).toBe(200);
    const page = await admin.call(api.paged, { search: 'recep' });
    expect(page.body).toMatchObject({ total: 1, rows: [{ id: r.body.id, name: 'Receptionist', permissions: ['LabJobs', 'Users'], users: 0 }] });
    const index = await admin.call(api.index);
    expect(index.body.map((x: { name: string }) => x.name)).toContain('Receptionist');
    expect((await roleAudit(r.body.id)).map((a) => a.action)).toEqual(['create']);
  });

  it("refuses a blank name with 'Name required', a duplicate name, and an unknown permission", async () => {
    const blank = await admin.call(api.upsert, { id: 0, name: ' ', permissions: [] });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual([{ field: 'name', message: ROLE_MESSAGES.nameRequired }]);
    const dup = await admin.call(api.upsert, { id: 0, name: 'receptionist', permissions: [] });
    expect(dup.body.fields).toEqual([{ field: 'name', message: ROLE_MESSAGES.nameExists }]);
    const unknown = await admin.call(api.upsert, { id: 0, name: 'Odd', permissions: ['Launch'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields[0].field).toBe('permissions.0');
  });

  it('sorts by name and by users, and pages', async () => {
    await admin.call(api.upsert, { id: 0, name: 'Alpha role', permissions: [] });
    const asc = await admin.call(api.paged, { sortBy: 'name', ascending: true, rowsPerPage: 1, page: 1 });
    expect(asc.body.rows[0].name).toBe('Administrator');
    expect(asc.body.rows).toHaveLength(1);
    const desc = await admin.call(api.paged, { sortBy: 'users', ascending: false, rowsPerPage: 5 });
    expect(desc.body.rows[0].users).toBeGreaterThanOrEqual(1);
  });

  it("a role with users cannot be deleted ('Cannot delete a role that is assigned to a user.'); an empty one can", async () => {
    const role = (await admin.call(api.upsert, { id: 0, name: 'Holder', permissions: ['Users'] })).body.id as number;
    const user = await createUser(db, []);
    await db.updateTable('users').set({ role_id: role }).where('id', '=', user.id).execute();
    const refused = await admin.call(api.delete, { id: role });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'id', message: ROLE_MESSAGES.assigned }]);
    expect((await admin.call(api.paged, { search: 'Holder' })).body.rows[0].users).toBe(1);
    const empty = (await admin.call(api.upsert, { id: 0, name: 'Empty', permissions: [] })).body.id as number;
    expect((await admin.call(api.delete, { id: empty })).status).toBe(200);
    expect((await admin.call(api.paged, { search: 'Empty' })).body.total).toBe(0);
    expect((await roleAudit(empty)).map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it("a role's change takes effect on its users' next request, without signing in again", async () => {
    const role = (await admin.call(api.upsert, { id: 0, name: 'Changing', permissions: ['Roles'] })).body.id as number;
    const creds = await createUser(db, []);
    await db.updateTable('users').set({ role_id: role }).where('id', '=', creds.id).execute();
    const them = await signedIn(server.url, creds);
    expect((await them.call(api.paged, {})).status).toBe(200);
    expect((await them.call(apiFeatures.users.paged, {})).status).toBe(403);
    const current = (await admin.call(api.paged, { search: 'Changing' })).body.rows[0];
    expect((await admin.call(api.upsert, { id: role, name: 'Changing', permissions: ['Users'], rowVersion: current.rowVersion })).status).toBe(200);
    expect((await them.call(apiFeatures.users.paged, {})).status).toBe(200);
    expect((await them.call(api.paged, {})).status).toBe(403);
    const startup = await them.call(apiFeatures.auth.initial, {});
    expect(startup.body.permissions).toEqual(['Users']);
  });

  it('refuses a stale edit with 409 and taking Admin away from the last administrators', async () => {
    const r = (await admin.call(api.paged, { search: 'Changing' })).body.rows[0];
    const stale = await admin.call(api.upsert, { id: r.id, name: 'Changing', permissions: [], rowVersion: r.rowVersion - 1 });
    expect(stale.status).toBe(409);
    const adminRole = (await admin.call(api.paged, { search: 'Administrator' })).body.rows[0];
    const demote = await admin.call(api.upsert, { id: adminRole.id, name: 'Administrator', permissions: ['Users'], rowVersion: adminRole.rowVersion });
    expect(demote.status).toBe(400);
    expect(demote.body.fields).toEqual([{ field: 'permissions', message: ROLE_MESSAGES.lastAdmin }]);
    expect((await admin.call(api.paged, {})).status).toBe(200);
  });

  it('a user without Roles gets 403 on the role calls, but may read the pick list', async () => {
    const them = await signedIn(server.url, await createUser(db, ['Users']));
    expect((await them.call(api.paged, {})).status).toBe(403);
    expect((await them.call(api.upsert, { id: 0, name: 'x', permissions: [] })).status).toBe(403);
    expect((await them.call(api.delete, { id: 1 })).status).toBe(403);
    expect((await them.call(api.index)).status).toBe(200);
  });
});
