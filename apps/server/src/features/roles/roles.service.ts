import { type PagedRequest, ROLE_MESSAGES } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/paged-query';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import type { ReferenceMovers } from '../../platform/references/movers';
import { countActiveAdmins, lockAdministrators } from '../../platform/auth/administrators.repository';
import { RolesRepository } from './roles.repository';

/** Roles: named sets of permissions. Sessions read permissions on each request, so a change applies at once. */
export class RolesService {
  private readonly repo: RolesRepository;

  constructor(
    private readonly db: Db,
    private readonly references: ReferenceMovers,
  ) {
    this.repo = new RolesRepository(db);
  }

  paged(req: PagedRequest) {
    return this.repo.paged(req);
  }

  index() {
    return this.repo.index();
  }

  async upsert(input: { id: number; name: string; permissions: string[]; rowVersion?: number }, actorId: number): Promise<{ id: number }> {
    const after = { name: input.name, permissions: [...new Set(input.permissions)].sort() };
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (await this.repo.nameTaken(trx, after.name, input.id)) throw fieldError('name', ROLE_MESSAGES.nameExists);
        if (input.id === 0) {
          const id = await this.repo.insert(trx, after);
          await recordChange(trx, { userId: actorId, entity: 'role', entityId: id, action: 'create', newValues: after });
          return { id };
        }
        await lockAdministrators(trx);
        const old = await this.repo.find(trx, input.id);
        if (!old) throw notFound('Role');
        if (!(await this.repo.update(trx, input.id, after, input.rowVersion ?? old.row_version))) throw conflict(ROLE_MESSAGES.changed);
        if ((await countActiveAdmins(trx)) === 0) throw fieldError('permissions', ROLE_MESSAGES.lastAdmin);
        await recordChange(trx, { userId: actorId, entity: 'role', entityId: input.id, action: 'update', oldValues: { name: old.name, permissions: old.permissions }, newValues: after });
        return { id: input.id };
      });
    } catch (err) {
      if (isUniqueViolation(err, 'roles_name_uq')) throw fieldError('name', ROLE_MESSAGES.nameExists);
      throw err;
    }
  }

  /** Deletes a role no (unarchived) user holds. */
  async delete(id: number, actorId: number): Promise<true> {
    try {
      await this.db.transaction().execute(async (trx) => {
        const old = await this.repo.find(trx, id);
        if (!old) throw notFound('Role');
        if (Number(old.users) > 0) throw fieldError('id', ROLE_MESSAGES.assigned);
        // archived users let go of it (the users feature's mover), so that a role only they held can go
        const moved = await this.references.move(trx, 'roles', old, null, { userId: actorId });
        await this.repo.delete(trx, id);
        await recordChange(trx, { userId: actorId, entity: 'role', entityId: id, action: 'delete', oldValues: { name: old.name, permissions: old.permissions }, ...(Object.values(moved).some((ids) => ids.length) ? { newValues: { moved } } : {}) });
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw fieldError('id', ROLE_MESSAGES.assigned);
      throw err;
    }
    return true;
  }
}
