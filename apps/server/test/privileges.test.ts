import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MESSAGES, USER_MESSAGES, apiFeatures } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import type { Db } from '../src/db/database';
import { ensureRole } from '../src/seed/seed.repository';

/**
 * No privilege escalation through users and roles (OWASP ASVS L2): nobody grants a permission they do not
 * hold; only an administrator touches administrators and Admin roles; nobody changes their own role; the last
 * active administrator stays. Every refusal answers with its message and leaves an audit row ('refused').
 */
const users = apiFeatures.users;
const roles = apiFeatures.roles;
let server: TestServer;
let db: Db;
let admin: ApiClient;
let adminId: number;
let administratorRole: number;

beforeAll(async () => {
  server = await startTestServer();
  db = server.built.deps.db;
  admin = await signedIn(server.url, ADMIN);
  const me = await db.selectFrom('users').select(['id', 'role_id']).where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
  adminId = me.id;
  administratorRole = me.role_id as number;
});
afterAll(() => server?.close());

const userRow = (id: number) =>
  db.selectFrom('users').select(['id', 'name', 'email', 'number', 'role_id', 'active', 'archived', 'locked', 'row_version']).where('id', '=', id).executeTakeFirstOrThrow();
const roleRow = (id: number) => db.selectFrom('roles').select(['id', 'name', 'permissions', 'row_version']).where('id', '=', id).executeTakeFirstOrThrow();
const refusals = (entity: 'user' | 'role', entityId: number) =>
  db.selectFrom('audit_log').select(['user_id', 'action', 'reason', 'new_values']).where('entity', '=', entity)
    .where('entity_id', '=', String(entityId)).where('action', '=', 'refused').orderBy('id').execute();
const forbidden = (message: string) => ({ error: 'Forbidden', message });

/** The user dialog's save of an existing user, changing only what `change` says. */
async function editUser(id: number, change: Record<string, unknown> = {}) {
  const u = await userRow(id);
  return { id, name: u.name, email: u.email, number: u.number, roleId: u.role_id, rowVersion: u.row_version, ...change };
}

describe('the last active administrator', () => {
  it('cannot be deactivated, archived or demoted to a role without Admin (the spec message); each refusal is audited', async () => {
    const staff = await ensureRole(db, 'Last admin staff', ['Users']);
    const off = await admin.call(users.quickUpdate, { id: adminId, active: false });
    expect(off.status).toBe(400);
    expect(off.body.fields).toEqual([{ field: 'active', message: USER_MESSAGES.lastAdmin }]);
    const archive = await admin.call(users.archive, { id: adminId });
    expect(archive.status).toBe(400);
    expect(archive.body.fields[0].message).toBe(USER_MESSAGES.lastAdmin);
    const demote = await admin.call(users.upsert, await editUser(adminId, { roleId: staff }));
    expect(demote.status).toBe(400);
    expect(demote.body.fields).toEqual([{ field: 'roleId', message: USER_MESSAGES.lastAdmin }]);
    expect(await userRow(adminId)).toMatchObject({ active: true, archived: false, role_id: administratorRole });
    const audit = await refusals('user', adminId);
    expect(audit.map((a) => [a.user_id, a.new_values])).toEqual([
      [adminId, expect.objectContaining({ rule: 'last-admin', attempted: 'deactivate' })],
      [adminId, expect.objectContaining({ rule: 'last-admin', attempted: 'archive' })],
      [adminId, expect.objectContaining({ rule: 'last-admin', attempted: 'update' })],
    ]);
    expect(audit.every((a) => a.reason === USER_MESSAGES.lastAdmin)).toBe(true);
  });

  it('cannot lose Admin by a role edit taking Admin away from their role', async () => {
    const before = await roleRow(administratorRole);
    const r = await admin.call(roles.upsert, { id: administratorRole, name: before.name, permissions: ['Users', 'Roles'], rowVersion: before.row_version });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'permissions', message: ROLE_MESSAGES.lastAdmin }]);
    expect(await roleRow(administratorRole)).toEqual(before);
    expect((await refusals('role', administratorRole)).map((a) => a.new_values)).toEqual([expect.objectContaining({ rule: 'last-admin', attempted: 'update' })]);
  });

  it('cannot lose Admin by their role being deleted', async () => {
    const r = await admin.call(roles.delete, { id: administratorRole });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'id', message: ROLE_MESSAGES.lastAdmin }]);
    expect((await roleRow(administratorRole)).permissions).toEqual(['Admin']);
    expect((await refusals('role', administratorRole)).at(-1)?.new_values).toMatchObject({ rule: 'last-admin', attempted: 'delete' });
  });
});

describe('users: no privilege escalation', () => {
  let usersOnly: { id: number; email: string; password: string };
  let asUsersOnly: ApiClient;
  let otherAdmin: { id: number; email: string; password: string };

  beforeAll(async () => {
    usersOnly = await createUser(db, ['Users']);
    asUsersOnly = await signedIn(server.url, usersOnly);
    otherAdmin = await createUser(db, ['Admin'], { name: 'Other Admin' });
  });

  it('a Users-only user cannot give themselves an administrator role: 403, role unchanged, refusal audited', async () => {
    const before = await userRow(usersOnly.id);
    const r = await asUsersOnly.call(users.upsert, await editUser(usersOnly.id, { roleId: administratorRole }));
    expect(r.status).toBe(403);
    expect(r.body).toEqual(forbidden(USER_MESSAGES.adminRoleOnly));
    expect(await userRow(usersOnly.id)).toEqual(before);
    const audit = await refusals('user', usersOnly.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: usersOnly.id, reason: USER_MESSAGES.adminRoleOnly, new_values: { rule: 'admin-only', attempted: 'update', roleId: administratorRole } });
    // still signed in with Users only
    expect((await asUsersOnly.call(roles.paged, {})).status).toBe(403);
  });

  it('a Users-only user cannot give another user, new or existing, an administrator role', async () => {
    const other = await createUser(db, ['Users'], { name: 'Plain Colleague' });
    const before = await userRow(other.id);
    const r = await asUsersOnly.call(users.upsert, await editUser(other.id, { roleId: administratorRole }));
    expect(r.status).toBe(403);
    expect(r.body).toEqual(forbidden(USER_MESSAGES.adminRoleOnly));
    expect(await userRow(other.id)).toEqual(before);
    expect((await refusals('user', other.id)).map((a) => a.user_id)).toEqual([usersOnly.id]);

    const created = await asUsersOnly.call(users.upsert, { id: 0, name: 'Sneaky Admin', email: 'sneaky@lab.test', roleId: administratorRole });
    expect(created.status).toBe(403);
    expect(created.body).toEqual(forbidden(USER_MESSAGES.adminRoleOnly));
    expect(await db.selectFrom('users').select('id').where('email', '=', 'sneaky@lab.test').executeTakeFirst()).toBeUndefined();
  });

  it('a Users-only user cannot give a user a role with permissions they lack', async () => {
    const richer = await ensureRole(db, 'Users and lab jobs', ['Users', 'LabJobs']);
    const created = await asUsersOnly.call(users.upsert, { id: 0, name: 'Lab Person', email: 'labperson@lab.test', roleId: richer });
    expect(created.status).toBe(403);
    expect(created.body).toEqual(forbidden(USER_MESSAGES.grantNotHeld));
    const other = await createUser(db, ['Users'], { name: 'Would Be Lab' });
    const r = await asUsersOnly.call(users.upsert, await editUser(other.id, { roleId: richer }));
    expect(r.status).toBe(403);
    expect(r.body).toEqual(forbidden(USER_MESSAGES.grantNotHeld));
    expect((await userRow(other.id)).role_id).not.toBe(richer);
    expect((await refusals('user', other.id)).at(-1)).toMatchObject({ reason: USER_MESSAGES.grantNotHeld, new_values: { rule: 'grant-not-held', notHeld: ['LabJobs'] } });
  });

  it('a Users-only user cannot edit, deactivate, archive, unlock or send a password link to an administrator', async () => {
    const before = await userRow(otherAdmin.id);
    const calls = [
      asUsersOnly.call(users.upsert, await editUser(otherAdmin.id, { name: 'Renamed Admin', email: 'taken-over@lab.test' })),
      asUsersOnly.call(users.quickUpdate, { id: otherAdmin.id, active: false }),
      asUsersOnly.call(users.archive, { id: otherAdmin.id }),
      asUsersOnly.call(users.unlock, { id: otherAdmin.id }),
      asUsersOnly.call(users.sendPasswordLink, { id: otherAdmin.id }),
    ];
    for (const r of await Promise.all(calls)) {
      expect(r.status).toBe(403);
      expect(r.body).toEqual(forbidden(USER_MESSAGES.adminUserOnly));
    }
    expect(await userRow(otherAdmin.id)).toEqual(before);
    const audit = await refusals('user', otherAdmin.id);
    expect(audit.map((a) => (a.new_values as { attempted: string }).attempted).sort()).toEqual(['archive', 'deactivate', 'send-password-link', 'unlock', 'update']);
    expect(audit.every((a) => a.user_id === usersOnly.id && (a.new_values as { rule: string }).rule === 'admin-only')).toBe(true);
    // an administrator may
    expect((await admin.call(users.unlock, { id: otherAdmin.id })).status).toBe(200);
  });

  it('nobody changes their own role, not even an administrator; editing one\'s own name is fine', async () => {
    const manager = await createUser(db, ['Users', 'Roles'], { name: 'Role Manager' });
    const asManager = await signedIn(server.url, manager);
    const lesser = await ensureRole(db, 'Users only (lesser)', ['Users']);
    const own = await asManager.call(users.upsert, await editUser(manager.id, { roleId: lesser }));
    expect(own.status).toBe(403);
    expect(own.body).toEqual(forbidden(USER_MESSAGES.ownRole));
    expect((await refusals('user', manager.id)).at(-1)?.new_values).toMatchObject({ rule: 'own-role' });

    // an administrator, even to another role holding Admin (Other Admin keeps an active administrator)
    const anotherAdminRole = await ensureRole(db, 'Administrator too', ['Admin', 'Users']);
    const mine = await admin.call(users.upsert, await editUser(adminId, { roleId: anotherAdminRole }));
    expect(mine.status).toBe(403);
    expect(mine.body).toEqual(forbidden(USER_MESSAGES.ownRole));
    expect((await userRow(adminId)).role_id).toBe(administratorRole);

    const renamed = await admin.call(users.upsert, await editUser(adminId, { name: 'The Administrator' }));
    expect(renamed.status).toBe(200);
    expect((await userRow(adminId)).name).toBe('The Administrator');
    const self = await asUsersOnly.call(users.upsert, await editUser(usersOnly.id, { number: '082 555 0199' }));
    expect(self.status).toBe(200);
  });

  it('a Users+Roles user may give a user a role whose permissions are a subset of theirs', async () => {
    const manager = await createUser(db, ['Users', 'Roles'], { name: 'Subset Manager' });
    const asManager = await signedIn(server.url, manager);
    const usersRole = await ensureRole(db, 'Just users', ['Users']);
    const both = await ensureRole(db, 'Users and roles', ['Roles', 'Users']);
    const created = await asManager.call(users.upsert, { id: 0, name: 'New Clerk', email: 'clerk@lab.test', roleId: usersRole });
    expect(created.status).toBe(200);
    const promoted = await asManager.call(users.upsert, await editUser(created.body.id, { roleId: both }));
    expect(promoted.status).toBe(200);
    expect((await userRow(created.body.id)).role_id).toBe(both);
    expect(await refusals('user', created.body.id)).toEqual([]);
  });

  it('a Users-only user cannot change a user holding more than they do (no taking over an account by its email)', async () => {
    const labHead = await createUser(db, ['LabJobs', 'Users'], { name: 'Lab Head' });
    const before = await userRow(labHead.id);
    const email = await asUsersOnly.call(users.upsert, await editUser(labHead.id, { email: 'mine@attacker.test' }));
    expect(email.status).toBe(403);
    expect(email.body).toEqual(forbidden(USER_MESSAGES.holdsMore));
    for (const call of [
      () => asUsersOnly.call(users.quickUpdate, { id: labHead.id, active: false }),
      () => asUsersOnly.call(users.archive, { id: labHead.id }),
      () => asUsersOnly.call(users.unlock, { id: labHead.id }),
      () => asUsersOnly.call(users.sendPasswordLink, { id: labHead.id }),
    ]) expect((await call()).body).toEqual(forbidden(USER_MESSAGES.holdsMore));
    expect(await userRow(labHead.id)).toEqual(before);
    expect((await refusals('user', labHead.id)).map((a) => (a.new_values as { rule: string }).rule)).toEqual(Array(5).fill('grant-not-held'));
    // a user holding no more than the caller is theirs to change
    const clerk = await createUser(db, ['Users'], { name: 'Plain Clerk' });
    expect((await asUsersOnly.call(users.upsert, await editUser(clerk.id, { name: 'Plain Clerk Renamed' }))).status).toBe(200);
  });
});

describe('roles: no privilege escalation', () => {
  let rolesOnly: { id: number; email: string; password: string };
  let asRolesOnly: ApiClient;
  let rolesOnlyRole: number;

  beforeAll(async () => {
    rolesOnly = await createUser(db, ['Roles']);
    asRolesOnly = await signedIn(server.url, rolesOnly);
    rolesOnlyRole = (await userRow(rolesOnly.id)).role_id as number;
  });

  it('a Roles-only user cannot add Admin to their own role: 403, unchanged, audited', async () => {
    const before = await roleRow(rolesOnlyRole);
    const r = await asRolesOnly.call(roles.upsert, { id: rolesOnlyRole, name: before.name, permissions: ['Roles', 'Admin'], rowVersion: before.row_version });
    expect(r.status).toBe(403);
    expect(r.body).toEqual(forbidden(ROLE_MESSAGES.grantNotHeld));
    expect(await roleRow(rolesOnlyRole)).toEqual(before);
    expect(await refusals('role', rolesOnlyRole)).toEqual([
      { user_id: rolesOnly.id, action: 'refused', reason: ROLE_MESSAGES.grantNotHeld, new_values: expect.objectContaining({ rule: 'grant-not-held', attempted: 'update', notHeld: ['Admin'] }) },
    ]);
    expect((await asRolesOnly.call(users.paged, {})).status).toBe(403);
  });

  it('a Roles-only user cannot add a permission they lack to another role, nor create a role with one; keeping existing ones is fine', async () => {
    const lab = (await admin.call(roles.upsert, { id: 0, name: 'Lab clerk', permissions: ['LabJobs'] })).body.id as number;
    const before = await roleRow(lab);
    const add = await asRolesOnly.call(roles.upsert, { id: lab, name: 'Lab clerk', permissions: ['LabJobs', 'Users'], rowVersion: before.row_version });
    expect(add.status).toBe(403);
    expect(add.body).toEqual(forbidden(ROLE_MESSAGES.grantNotHeld));
    expect(await roleRow(lab)).toEqual(before);
    expect((await refusals('role', lab)).at(-1)?.new_values).toMatchObject({ rule: 'grant-not-held', notHeld: ['Users'] });

    const created = await asRolesOnly.call(roles.upsert, { id: 0, name: 'Self made', permissions: ['Roles', 'Settings'] });
    expect(created.status).toBe(403);
    expect(created.body).toEqual(forbidden(ROLE_MESSAGES.grantNotHeld));
    expect(await db.selectFrom('roles').select('id').where('name', '=', 'Self made').executeTakeFirst()).toBeUndefined();

    // renaming it, keeping LabJobs, and adding Roles (which they hold) grants nothing new
    const kept = await asRolesOnly.call(roles.upsert, { id: lab, name: 'Lab clerks', permissions: ['LabJobs', 'Roles'], rowVersion: before.row_version });
    expect(kept.status).toBe(200);
    expect(await roleRow(lab)).toMatchObject({ name: 'Lab clerks', permissions: ['LabJobs', 'Roles'] });
  });

  it('a Roles-only user cannot change or rename a role held by someone holding a permission they lack (issue 32, finding 3)', async () => {
    // the same rule as for users: changing what a more privileged user holds is refused, through the role too
    const labHead = await createUser(db, ['LabJobs', 'LabResults', 'Roles'], { name: 'Lab Head (role)' });
    const role = (await userRow(labHead.id)).role_id as number;
    const before = await roleRow(role);
    const attempts = [
      { name: before.name, permissions: ['Roles'] }, // takes LabJobs and LabResults away
      { name: 'Renamed by a clerk', permissions: before.permissions }, // renames it
      { name: before.name, permissions: ['LabJobs', 'Roles'] }, // takes one away
    ];
    for (const attempt of attempts) {
      const r = await asRolesOnly.call(roles.upsert, { id: role, ...attempt, rowVersion: before.row_version });
      expect(r.status).toBe(403);
      expect(r.body).toEqual(forbidden(ROLE_MESSAGES.holdsMore));
    }
    expect(await roleRow(role)).toEqual(before);
    const audit = await refusals('role', role);
    expect(audit).toHaveLength(3);
    expect(audit.every((a) => a.user_id === rolesOnly.id && a.reason === ROLE_MESSAGES.holdsMore)).toBe(true);
    expect(audit[0].new_values).toMatchObject({ rule: 'grant-not-held', attempted: 'update', notHeld: ['LabJobs', 'LabResults'] });
    // someone holding every permission of the role may change it; a role nobody holds, or holders with no more
    // than the caller, stay the Roles user's to change
    const head = await createUser(db, ['LabJobs', 'LabResults', 'Roles', 'Users'], { name: 'Lab Manager' });
    const asHead = await signedIn(server.url, head);
    expect((await asHead.call(roles.upsert, { id: role, name: 'Lab heads', permissions: before.permissions, rowVersion: before.row_version })).status).toBe(200);
    const clerkRole = await ensureRole(db, 'Roles clerk', ['Roles']);
    const clerk = await createUser(db, [], { name: 'Roles clerk' });
    await db.updateTable('users').set({ role_id: clerkRole }).where('id', '=', clerk.id).execute();
    expect((await asRolesOnly.call(roles.upsert, { id: clerkRole, name: 'Roles clerks', permissions: ['Roles'], rowVersion: (await roleRow(clerkRole)).row_version })).status).toBe(200);
  });

  it('a Roles-only user cannot edit or delete a role that holds Admin', async () => {
    const spare = await ensureRole(db, 'Spare administrators', ['Admin']);
    const before = await roleRow(spare);
    const edit = await asRolesOnly.call(roles.upsert, { id: spare, name: 'Spare admins', permissions: ['Admin'], rowVersion: before.row_version });
    expect(edit.status).toBe(403);
    expect(edit.body).toEqual(forbidden(ROLE_MESSAGES.adminRoleOnly));
    const strip = await asRolesOnly.call(roles.upsert, { id: administratorRole, name: 'Administrator', permissions: [], rowVersion: (await roleRow(administratorRole)).row_version });
    expect(strip.status).toBe(403);
    expect(strip.body).toEqual(forbidden(ROLE_MESSAGES.adminRoleOnly));
    const del = await asRolesOnly.call(roles.delete, { id: spare });
    expect(del.status).toBe(403);
    expect(del.body).toEqual(forbidden(ROLE_MESSAGES.adminRoleOnly));
    expect(await roleRow(spare)).toEqual(before);
    expect((await refusals('role', spare)).map((a) => (a.new_values as { attempted: string }).attempted)).toEqual(['update', 'delete']);
    // an administrator may delete it (no one holds it)
    expect((await admin.call(roles.delete, { id: spare })).status).toBe(200);
  });

  it("an administrator cannot change their own role's permissions (renaming it is fine)", async () => {
    const before = await roleRow(administratorRole);
    const r = await admin.call(roles.upsert, { id: administratorRole, name: before.name, permissions: ['Admin', 'Users'], rowVersion: before.row_version });
    expect(r.status).toBe(403);
    expect(r.body).toEqual(forbidden(ROLE_MESSAGES.ownRole));
    expect(await roleRow(administratorRole)).toEqual(before);
    expect((await refusals('role', administratorRole)).at(-1)).toMatchObject({ user_id: adminId, new_values: { rule: 'own-role' } });
    const renamed = await admin.call(roles.upsert, { id: administratorRole, name: 'Administrators', permissions: ['Admin'], rowVersion: before.row_version });
    expect(renamed.status).toBe(200);
  });

  it('a Users+Roles user may create and edit roles within their own permissions', async () => {
    const manager = await createUser(db, ['Users', 'Roles'], { name: 'Role Maker' });
    const asManager = await signedIn(server.url, manager);
    const r = await asManager.call(roles.upsert, { id: 0, name: 'Front desk', permissions: ['Users'] });
    expect(r.status).toBe(200);
    const row = await roleRow(r.body.id);
    expect((await asManager.call(roles.upsert, { id: r.body.id, name: 'Front desk', permissions: ['Users', 'Roles'], rowVersion: row.row_version })).status).toBe(200);
    expect((await asManager.call(roles.delete, { id: r.body.id })).status).toBe(200);
  });
});
