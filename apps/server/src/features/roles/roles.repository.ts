import { sql } from 'kysely';
import type { PagedRequest, RoleRow } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { containsPattern, pageSlice, sortColumn } from '../../db/paged-query';

const SORTS = { name: 'name', users: 'users' } as const;
const userCount = sql<number>`(select count(*)::int from users u where u.role_id = roles.id and not u.archived)`;

export class RolesRepository {
  constructor(private readonly db: Db) {}

  async paged(req: PagedRequest): Promise<{ rows: RoleRow[]; total: number }> {
    const { limit, offset } = pageSlice(req);
    const sort = sortColumn(SORTS, req.sortBy, 'name');
    const base = () => {
      const q = this.db.selectFrom('roles');
      return req.search ? q.where('name', 'ilike', containsPattern(req.search)) : q;
    };
    const [rows, count] = await Promise.all([
      base().select(['id', 'name', 'permissions', 'row_version as rowVersion', userCount.as('users')])
        .orderBy(sort === 'users' ? sql`users` : sql`lower(name)`, req.ascending ? 'asc' : 'desc').orderBy('id')
        .limit(limit).offset(offset).execute(),
      base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => ({ ...r, users: Number(r.users) })), total: Number(count.n) };
  }

  index() {
    return this.db.selectFrom('roles').select(['id', 'name']).orderBy(sql`lower(name)`).execute();
  }

  find(db: Db, id: number) {
    return db.selectFrom('roles').select(['id', 'name', 'permissions', 'row_version', userCount.as('users')]).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async nameTaken(db: Db, name: string, exceptId: number): Promise<boolean> {
    return !!(await db.selectFrom('roles').select('id').where(sql`lower(name)`, '=', name.toLowerCase()).where('id', '<>', exceptId).executeTakeFirst());
  }

  async insert(db: Db, r: { name: string; permissions: string[] }): Promise<number> {
    return (await db.insertInto('roles').values(r).returning('id').executeTakeFirstOrThrow()).id;
  }

  async update(db: Db, id: number, r: { name: string; permissions: string[] }, version: number): Promise<boolean> {
    const res = await db.updateTable('roles').set({ ...r, row_version: sql`row_version + 1` })
      .where('id', '=', id).where('row_version', '=', version).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Archived users keep no role, so that a role only they held can go. */
  async releaseFromArchivedUsers(db: Db, id: number): Promise<void> {
    await db.updateTable('users').set({ role_id: null }).where('role_id', '=', id).where('archived', '=', true).execute();
  }

  async delete(db: Db, id: number): Promise<void> {
    await db.deleteFrom('roles').where('id', '=', id).execute();
  }
}
