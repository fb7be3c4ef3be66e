import { sql } from 'kysely';
import type { PagedRequest, UserRow, UserUpsert } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';

const SORTS = {
  email: 'users.email', name: 'users.name', role: 'roles.name', active: 'users.active', number: 'users.number',
} as const;

const agronomistIds = sql<number[]>`coalesce((select array_agg(ua.agronomist_id order by ua.agronomist_id) from user_agronomists ua where ua.user_id = users.id), '{}')`;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  private base(db: Db) {
    return db.selectFrom('users').leftJoin('roles', 'roles.id', 'users.role_id').where('users.archived', '=', false);
  }

  paged(req: PagedRequest): Promise<{ rows: UserRow[]; total: number }> {
    return pagedQuery(req, {
      from: this.base(this.db),
      select: (q) => q.select([
        'users.id', 'users.name', 'users.email', 'users.number', 'users.role_id as roleId', 'roles.name as roleName',
        'users.active', 'users.archived', 'users.locked', 'users.whatsapp_pref as whatsappPref', 'users.email_pref as emailPref',
        'users.language_id as languageId', 'users.row_version as rowVersion', sql<boolean>`users.password_hash is not null`.as('hasPassword'), agronomistIds.as('agronomistIds'),
      ]),
      search: ['users.email', 'users.name', 'roles.name'],
      sorts: SORTS,
      defaultSort: 'email',
      tieBreak: ['users.id'],
    });
  }

  index() {
    return this.db.selectFrom('users').select(['id', 'name', 'email']).where('archived', '=', false).orderBy('name').execute();
  }

  async emailTaken(email: string, exceptId: number, db: Db = this.db): Promise<boolean> {
    const r = await db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).where('id', '<>', exceptId).executeTakeFirst();
    return !!r;
  }

  async nameTaken(name: string, exceptId: number): Promise<boolean> {
    const r = await this.db.selectFrom('users').select('id').where(sql`lower(name)`, '=', name.toLowerCase())
      .where('archived', '=', false).where('id', '<>', exceptId).executeTakeFirst();
    return !!r;
  }

  find(db: Db, id: number) {
    return db.selectFrom('users')
      .select(['id', 'name', 'email', 'number', 'role_id', 'active', 'archived', 'locked', 'whatsapp_pref', 'email_pref', 'language_id', 'row_version', agronomistIds.as('agronomist_ids'),
        sql<boolean>`password_hash is not null`.as('has_password')])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The permissions of a role; undefined when there is no such role. */
  async rolePermissions(db: Db, id: number): Promise<string[] | undefined> {
    return (await db.selectFrom('roles').select('permissions').where('id', '=', id).executeTakeFirst())?.permissions;
  }

  async languageExists(db: Db, id: number): Promise<boolean> {
    return !!(await db.selectFrom('languages').select('id').where('id', '=', id).executeTakeFirst());
  }

  async liveAgronomists(db: Db, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('agronomists').select('id').where('id', 'in', ids).where('archived', '=', false).execute();
    return rows.map((r) => r.id);
  }

  async insert(db: Db, u: UserUpsert): Promise<number> {
    const r = await db.insertInto('users')
      .values({ name: u.name, email: u.email, number: u.number, role_id: u.roleId, email_pref: u.emailPref, whatsapp_pref: u.whatsappPref, password_hash: null, language_id: u.languageId ?? null })
      .returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  /** Updates when the row is still at `version`; false when someone else changed it first. */
  async update(db: Db, u: UserUpsert, version: number): Promise<boolean> {
    const r = await db.updateTable('users')
      .set({
        name: u.name, email: u.email, number: u.number, role_id: u.roleId, email_pref: u.emailPref, whatsapp_pref: u.whatsappPref,
        ...(u.languageId !== undefined ? { language_id: u.languageId } : {}),
        updated_at: sql`now()`, row_version: sql`row_version + 1`,
      })
      .where('id', '=', u.id).where('row_version', '=', version).where('archived', '=', false)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Sets the user's agronomists to exactly `ids` (no duplicates). */
  async setAgronomists(db: Db, userId: number, ids: number[]): Promise<void> {
    let del = db.deleteFrom('user_agronomists').where('user_id', '=', userId);
    if (ids.length) del = del.where('agronomist_id', 'not in', ids);
    await del.execute();
    if (ids.length) {
      await db.insertInto('user_agronomists').values(ids.map((a) => ({ user_id: userId, agronomist_id: a })))
        .onConflict((oc) => oc.doNothing()).execute();
    }
  }

  async setFlags(db: Db, id: number, flags: { active?: boolean; archived?: boolean; locked?: boolean }): Promise<void> {
    await db.updateTable('users')
      .set({ ...flags, ...(flags.locked === false ? { failed_attempts: 0 } : {}), updated_at: sql`now()`, row_version: sql`row_version + 1` })
      .where('id', '=', id).execute();
  }
}
