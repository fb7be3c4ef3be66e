import { type PagedRequest, USER_MESSAGES, type UserUpsert } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/paged-query';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { countActiveAdmins, lockAdministrators, roleOfUser } from '../../platform/auth/administrators.repository';
import type { AuthService } from '../../platform/auth/auth.service';
import { isDemoAccount } from '../../platform/auth/demo-accounts';
import { type RefusedChange, holdsAdmin, notHeld, recordingRefusals, refuse, refuseLastAdmin } from '../roles';
import { UsersRepository } from './users.repository';

const emailExists = () => fieldError('email', USER_MESSAGES.emailExists);

/** Users: the /users list, the 'User Profile' dialog, activation, archiving, unlocking and set-password links. */
export class UsersService {
  private readonly repo: UsersRepository;

  constructor(private readonly db: Db, private readonly auth: AuthService) {
    this.repo = new UsersRepository(db);
  }

  paged(req: PagedRequest) {
    return this.repo.paged(req);
  }

  index() {
    return this.repo.index();
  }

  async emailIsFree(email: string, id: number): Promise<boolean> {
    return email.trim() === '' || !(await this.repo.emailTaken(email.trim(), id));
  }

  async nameIsFree(name: string, id: number): Promise<boolean> {
    return name.trim() === '' || !(await this.repo.nameTaken(name.trim(), id));
  }

  /**
   * Adds or edits a user with their agronomists, in one transaction; the unique index has the last word on email.
   * No privilege escalation (features/roles/privileges.ts): only an administrator edits an administrator or gives
   * a role holding Admin; a new role's permissions must all be the caller's; nobody changes their own role; the
   * last active administrator keeps Admin. Refusals are audited.
   */
  async upsert(input: UserUpsert, actorId: number): Promise<{ id: number }> {
    const agronomistIds = [...new Set(input.agronomistIds)];
    const u = { ...input, agronomistIds };
    const change = (details?: Record<string, unknown>): RefusedChange => ({ entity: 'user', entityId: u.id, attempted: u.id === 0 ? 'create' : 'update', details });
    try {
      return await recordingRefusals(this.db, actorId, () => this.db.transaction().execute(async (trx) => {
        // the lock first: the caller's permissions and the administrators stay as read until the commit
        await lockAdministrators(trx);
        const actor = await roleOfUser(trx, actorId);
        const old = u.id === 0 ? undefined : await this.repo.find(trx, u.id);
        if (u.id !== 0 && (!old || old.archived)) throw notFound('User');
        const oldRole = old?.role_id ? ((await this.repo.rolePermissions(trx, old.role_id)) ?? []) : [];
        if (holdsAdmin(oldRole) && !holdsAdmin(actor.permissions)) throw refuse('admin-only', USER_MESSAGES.adminUserOnly, change());
        // changing a more privileged user (their email, say, then a password link) would take over what they hold
        const beyond = notHeld(actor.permissions, oldRole);
        if (beyond.length) throw refuse('grant-not-held', USER_MESSAGES.holdsMore, change({ notHeld: beyond }));
        // who may change this user is judged above; a stale version is then a conflict before the values are judged
        if (old && u.rowVersion !== undefined && u.rowVersion !== old.row_version) throw conflict(USER_MESSAGES.changed);
        const role = await this.repo.rolePermissions(trx, u.roleId);
        if (!role) throw fieldError('roleId', USER_MESSAGES.roleRequired);
        if (!old || u.roleId !== old.role_id) {
          // giving a role gives its permissions
          const assigned = { roleId: u.roleId };
          if (holdsAdmin(role) && !holdsAdmin(actor.permissions)) throw refuse('admin-only', USER_MESSAGES.adminRoleOnly, change(assigned));
          const missing = notHeld(actor.permissions, role);
          if (missing.length) throw refuse('grant-not-held', USER_MESSAGES.grantNotHeld, change({ ...assigned, notHeld: missing }));
          if (old?.active && holdsAdmin(oldRole) && !holdsAdmin(role) && (await countActiveAdmins(trx, { userId: u.id })) === 0) {
            throw refuseLastAdmin('roleId', USER_MESSAGES.lastAdmin, change(assigned));
          }
          if (old && u.id === actorId) throw refuse('own-role', USER_MESSAGES.ownRole, change(assigned));
        }
        if (await this.repo.emailTaken(u.email, u.id, trx)) throw emailExists();
        if (u.languageId && !(await this.repo.languageExists(trx, u.languageId))) throw fieldError('languageId', USER_MESSAGES.languageNotFound);
        const live = await this.repo.liveAgronomists(trx, agronomistIds);
        if (live.length !== agronomistIds.length) throw fieldError('agronomistIds', 'An agronomist in the list no longer exists. Remove it and save again.');
        const after = (languageId: number | null) => ({
          name: u.name, email: u.email, number: u.number, roleId: u.roleId, emailPref: u.emailPref, whatsappPref: u.whatsappPref,
          languageId: u.languageId === undefined ? languageId : u.languageId, agronomistIds: [...agronomistIds].sort((a, b) => a - b),
        });
        if (!old) {
          const id = await this.repo.insert(trx, u);
          await this.repo.setAgronomists(trx, id, agronomistIds);
          await recordChange(trx, { userId: actorId, entity: 'user', entityId: id, action: 'create', newValues: after(null) });
          return { id };
        }
        if (!(await this.repo.update(trx, u, u.rowVersion ?? old.row_version))) throw conflict(USER_MESSAGES.changed);
        await this.repo.setAgronomists(trx, u.id, agronomistIds);
        if ((await countActiveAdmins(trx)) === 0) throw refuseLastAdmin('roleId', USER_MESSAGES.lastAdmin, change({ roleId: u.roleId }));
        const before = { name: old.name, email: old.email, number: old.number, roleId: old.role_id, emailPref: old.email_pref, whatsappPref: old.whatsapp_pref, languageId: old.language_id, agronomistIds: old.agronomist_ids };
        await recordChange(trx, { userId: actorId, entity: 'user', entityId: u.id, action: 'update', oldValues: before, newValues: after(old.language_id) });
        return { id: u.id };
      }));
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_uq')) throw emailExists();
      if (isForeignKeyViolation(err)) throw fieldError('roleId', USER_MESSAGES.roleRequired);
      throw err;
    }
  }

  /** The Active toggle. Deactivating ends the user's sessions at once. */
  async setActive(id: number, active: boolean, actorId: number): Promise<true> {
    await this.changeFlags(id, { active }, actorId, active ? 'activate' : 'deactivate');
    if (!active) await this.auth.endSessionsOf(id);
    return true;
  }

  /** Archives a user (they can no longer sign in; their sessions end at once). */
  async archive(id: number, actorId: number): Promise<true> {
    await this.changeFlags(id, { archived: true, active: false }, actorId, 'archive');
    await this.auth.endSessionsOf(id);
    return true;
  }

  async unlock(id: number, actorId: number): Promise<true> {
    await this.changeFlags(id, { locked: false }, actorId, 'unlock');
    return true;
  }

  /** Mails the user a link to set a password (a new user meets CreatePassword at sign-in until they use it). */
  async sendPasswordLink(id: number, actorId: number): Promise<true> {
    const user = await recordingRefusals(this.db, actorId, () => this.db.transaction().execute(async (trx) => {
      const found = await this.repo.find(trx, id);
      if (!found || found.archived) throw notFound('User');
      await this.onlyAnAdministratorChangesAnAdministrator(trx, found.role_id, actorId, { entity: 'user', entityId: id, attempted: 'send-password-link' });
      if (isDemoAccount(found.email)) throw fieldError('id', USER_MESSAGES.demoAccount);
      await recordChange(trx, { userId: actorId, entity: 'user', entityId: id, action: 'send-password-link', newValues: { email: found.email } });
      return found;
    }));
    await this.auth.sendPasswordLink(user.id, user.email, user.has_password ? 'reset' : 'create');
    return true;
  }

  private async changeFlags(id: number, flags: { active?: boolean; archived?: boolean; locked?: boolean }, actorId: number, action: string) {
    const change: RefusedChange = { entity: 'user', entityId: id, attempted: action };
    await recordingRefusals(this.db, actorId, () => this.db.transaction().execute(async (trx) => {
      await lockAdministrators(trx);
      const old = await this.repo.find(trx, id);
      if (!old || old.archived) throw notFound('User');
      await this.onlyAnAdministratorChangesAnAdministrator(trx, old.role_id, actorId, change);
      await this.repo.setFlags(trx, id, flags);
      if ((await countActiveAdmins(trx)) === 0) throw refuseLastAdmin(flags.archived ? 'id' : 'active', USER_MESSAGES.lastAdmin, change);
      const before = { active: old.active, archived: old.archived, locked: old.locked };
      await recordChange(trx, { userId: actorId, entity: 'user', entityId: id, action, oldValues: before, newValues: { ...before, ...flags } });
    }));
  }

  /**
   * A user whose role holds Admin is changed (activated, archived, unlocked, sent a link, …) by an administrator
   * only; any other user by someone holding every permission they hold.
   */
  private async onlyAnAdministratorChangesAnAdministrator(trx: Db, roleId: number | null, actorId: number, change: RefusedChange): Promise<void> {
    const target = roleId ? ((await this.repo.rolePermissions(trx, roleId)) ?? []) : [];
    const actor = (await roleOfUser(trx, actorId)).permissions;
    if (holdsAdmin(target) && !holdsAdmin(actor)) throw refuse('admin-only', USER_MESSAGES.adminUserOnly, change);
    const beyond = notHeld(actor, target);
    if (beyond.length) throw refuse('grant-not-held', USER_MESSAGES.holdsMore, { ...change, details: { notHeld: beyond } });
  }
}
