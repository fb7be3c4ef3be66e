import { type PagedRequest, USER_MESSAGES, type UserUpsert } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/paged-query';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { countActiveAdmins, lockAdministrators } from '../../platform/auth/administrators.repository';
import type { AuthService } from '../../platform/auth/auth.service';
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

  /** Adds or edits a user with their agronomists, in one transaction; the unique index has the last word on email. */
  async upsert(input: UserUpsert, actorId: number): Promise<{ id: number }> {
    const agronomistIds = [...new Set(input.agronomistIds)];
    const u = { ...input, agronomistIds };
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (await this.repo.emailTaken(u.email, u.id, trx)) throw emailExists();
        if (!(await this.repo.roleExists(trx, u.roleId))) throw fieldError('roleId', USER_MESSAGES.roleRequired);
        if (u.languageId && !(await this.repo.languageExists(trx, u.languageId))) throw fieldError('languageId', USER_MESSAGES.languageNotFound);
        const live = await this.repo.liveAgronomists(trx, agronomistIds);
        if (live.length !== agronomistIds.length) throw fieldError('agronomistIds', 'An agronomist in the list no longer exists. Remove it and save again.');
        const after = (languageId: number | null) => ({
          name: u.name, email: u.email, number: u.number, roleId: u.roleId, emailPref: u.emailPref, whatsappPref: u.whatsappPref,
          languageId: u.languageId === undefined ? languageId : u.languageId, agronomistIds: [...agronomistIds].sort((a, b) => a - b),
        });
        if (u.id === 0) {
          const id = await this.repo.insert(trx, u);
          await this.repo.setAgronomists(trx, id, agronomistIds);
          await recordChange(trx, { userId: actorId, entity: 'user', entityId: id, action: 'create', newValues: after(null) });
          return { id };
        }
        await lockAdministrators(trx);
        const old = await this.repo.find(trx, u.id);
        if (!old || old.archived) throw notFound('User');
        if (!(await this.repo.update(trx, u, u.rowVersion ?? old.row_version))) throw conflict(USER_MESSAGES.changed);
        await this.repo.setAgronomists(trx, u.id, agronomistIds);
        if ((await countActiveAdmins(trx)) === 0) throw fieldError('roleId', USER_MESSAGES.lastAdmin);
        const before = { name: old.name, email: old.email, number: old.number, roleId: old.role_id, emailPref: old.email_pref, whatsappPref: old.whatsapp_pref, languageId: old.language_id, agronomistIds: old.agronomist_ids };
        await recordChange(trx, { userId: actorId, entity: 'user', entityId: u.id, action: 'update', oldValues: before, newValues: after(old.language_id) });
        return { id: u.id };
      });
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
  async sendPasswordLink(id: number, actorId: number, origin: string): Promise<true> {
    const user = await this.db.transaction().execute(async (trx) => {
      const found = await this.repo.find(trx, id);
      if (!found || found.archived) throw notFound('User');
      await recordChange(trx, { userId: actorId, entity: 'user', entityId: id, action: 'send-password-link', newValues: { email: found.email } });
      return found;
    });
    await this.auth.sendPasswordLink(user.id, user.email, origin, user.has_password ? 'reset' : 'create');
    return true;
  }

  private async changeFlags(id: number, flags: { active?: boolean; archived?: boolean; locked?: boolean }, actorId: number, action: string) {
    await this.db.transaction().execute(async (trx) => {
      await lockAdministrators(trx);
      const old = await this.repo.find(trx, id);
      if (!old || old.archived) throw notFound('User');
      await this.repo.setFlags(trx, id, flags);
      if ((await countActiveAdmins(trx)) === 0) throw fieldError(flags.archived ? 'id' : 'active', USER_MESSAGES.lastAdmin);
      const before = { active: old.active, archived: old.archived, locked: old.locked };
      await recordChange(trx, { userId: actorId, entity: 'user', entityId: id, action, oldValues: before, newValues: { ...before, ...flags } });
    });
  }
}
