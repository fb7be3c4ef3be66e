import { type PagedRequest, ROLE_MESSAGES } from '@sapwood/contracts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/paged-query';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { ReferenceServiceOver } from '../../platform/service-base';
import { countActiveAdmins, lockAdministrators, roleOfUser } from '../../platform/auth/administrators.repository';
import { type RefusedChange, holdsAdmin, notHeld, recordingRefusals, refuse, refuseLastAdmin, samePermissions } from './privileges';
import { RolesRepository } from './roles.repository';

/**
 * Roles: named sets of permissions. Sessions read permissions on each request, so a change applies at once.
 * No privilege escalation (privileges.ts): a caller adds to a role only permissions they hold; only an
 * administrator changes or deletes a role holding Admin; nobody changes (or renames) a role held by users holding a
 * permission the caller lacks, as nobody changes such a user; nobody changes their own role's permissions; the
 * last active administrator keeps Admin. Refusals are audited.
 */
export class RolesService extends ReferenceServiceOver(RolesRepository) {
  paged(req: PagedRequest) {
    return this.repo.paged(req);
  }

  index() {
    return this.repo.index();
  }

  async upsert(input: { id: number; name: string; permissions: string[]; rowVersion?: number }, actorId: number): Promise<{ id: number }> {
    const after = { name: input.name, permissions: [...new Set(input.permissions)].sort() };
    const change = (details?: Record<string, unknown>): RefusedChange => ({ entity: 'role', entityId: input.id, attempted: input.id === 0 ? 'create' : 'update', details });
    try {
      return await recordingRefusals(this.db, actorId, () => this.db.transaction().execute(async (trx) => {
        // the lock first: the caller's permissions and the administrators stay as read until the commit
        await lockAdministrators(trx);
        const actor = await roleOfUser(trx, actorId);
        if (input.id === 0) {
          const missing = notHeld(actor.permissions, after.permissions);
          if (missing.length) throw refuse('grant-not-held', ROLE_MESSAGES.grantNotHeld, change({ ...after, notHeld: missing }));
          if (await this.repo.nameTaken(trx, after.name, input.id)) throw fieldError('name', ROLE_MESSAGES.nameExists);
          const id = await this.repo.insert(trx, after);
          await recordChange(trx, { userId: actorId, entity: 'role', entityId: id, action: 'create', newValues: after });
          return { id };
        }
        const old = await this.repo.find(trx, input.id);
        if (!old) throw notFound('Role');
        if (holdsAdmin(old.permissions) && !holdsAdmin(actor.permissions)) throw refuse('admin-only', ROLE_MESSAGES.adminRoleOnly, change(after));
        // the users' rule through the role: changing (or renaming) what a more privileged user holds is refused
        const beyond = Number(old.users) > 0 ? notHeld(actor.permissions, old.permissions) : [];
        if (beyond.length) throw refuse('grant-not-held', ROLE_MESSAGES.holdsMore, change({ ...after, notHeld: beyond, holders: Number(old.users) }));
        // who may change this role is judged above; a stale version is then a conflict before the values are judged
        if (input.rowVersion !== undefined && input.rowVersion !== old.row_version) throw conflict(ROLE_MESSAGES.changed);
        // keeping what the role already has grants nothing; only what is added must be the caller's
        const missing = notHeld(actor.permissions, after.permissions.filter((p) => !old.permissions.includes(p)));
        if (missing.length) throw refuse('grant-not-held', ROLE_MESSAGES.grantNotHeld, change({ ...after, notHeld: missing }));
        if (holdsAdmin(old.permissions) && !holdsAdmin(after.permissions) && (await countActiveAdmins(trx, { roleId: input.id })) === 0) {
          throw refuseLastAdmin('permissions', ROLE_MESSAGES.lastAdmin, change(after));
        }
        if (actor.roleId === input.id && !samePermissions(old.permissions, after.permissions)) throw refuse('own-role', ROLE_MESSAGES.ownRole, change(after));
        if (await this.repo.nameTaken(trx, after.name, input.id)) throw fieldError('name', ROLE_MESSAGES.nameExists);
        if (!(await this.repo.update(trx, input.id, after, input.rowVersion ?? old.row_version))) throw conflict(ROLE_MESSAGES.changed);
        if ((await countActiveAdmins(trx)) === 0) throw refuseLastAdmin('permissions', ROLE_MESSAGES.lastAdmin, change(after));
        await recordChange(trx, { userId: actorId, entity: 'role', entityId: input.id, action: 'update', oldValues: { name: old.name, permissions: old.permissions }, newValues: after });
        return { id: input.id };
      }));
    } catch (err) {
      if (isUniqueViolation(err, 'roles_name_uq')) throw fieldError('name', ROLE_MESSAGES.nameExists);
      throw err;
    }
  }

  /** Deletes a role no (unarchived) user holds. */
  async delete(id: number, actorId: number): Promise<true> {
    const change: RefusedChange = { entity: 'role', entityId: id, attempted: 'delete' };
    try {
      await recordingRefusals(this.db, actorId, () => this.db.transaction().execute(async (trx) => {
        await lockAdministrators(trx);
        const old = await this.repo.find(trx, id);
        if (!old) throw notFound('Role');
        if (holdsAdmin(old.permissions)) {
          if (!holdsAdmin((await roleOfUser(trx, actorId)).permissions)) throw refuse('admin-only', ROLE_MESSAGES.adminRoleOnly, change);
          if ((await countActiveAdmins(trx, { roleId: id })) === 0) throw refuseLastAdmin('id', ROLE_MESSAGES.lastAdmin, change);
        }
        if (Number(old.users) > 0) throw fieldError('id', ROLE_MESSAGES.assigned);
        // archived users let go of it (the users feature's mover), so that a role only they held can go
        const moved = await this.references.move(trx, 'roles', old, null, { userId: actorId });
        await this.repo.delete(trx, id);
        await recordChange(trx, { userId: actorId, entity: 'role', entityId: id, action: 'delete', oldValues: { name: old.name, permissions: old.permissions }, ...(Object.values(moved).some((ids) => ids.length) ? { newValues: { moved } } : {}) });
      }));
    } catch (err) {
      if (isForeignKeyViolation(err)) throw fieldError('id', ROLE_MESSAGES.assigned);
      throw err;
    }
    return true;
  }
}
