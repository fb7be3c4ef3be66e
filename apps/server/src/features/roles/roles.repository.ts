import { sql } from 'kysely';
import type { PagedRequest, RoleRow } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';

const SORTS = { name: sql`lower(name)`, users: sql`users` };
const userCount = sql<number>`(select count(*)::int from users u where u.role_id = roles.id and not u.archived)`;

export class RolesRepository {
  constructor(private readonly db: Db) {}

  async paged(req: PagedRequest): Promise<{ rows: RoleRow[]; total: number }> {
    const { rows, total } = await pagedQuery(req, {
      from: this.db.selectFrom('roles'),
      select: (q) => q.select(['id', 'name', 'permissions', 'row_version as rowVersion', userCount.as('users')]),
      search: ['name'],
      sorts: SORTS,
      defaultSort: 'name',
      tieBreak: ['id'],
    });
    return { rows: rows.map((r) => ({ ...r, users: Number(r.users) })), total };
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

  async delete(db: Db, id: number): Promise<void> {
    await db.deleteFrom('roles').where('id', '=', id).execute();
  }
}
