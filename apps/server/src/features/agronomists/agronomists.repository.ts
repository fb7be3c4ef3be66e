import { sql } from 'kysely';
import type { AgronomistRow, PagedRequest } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import type { Originate } from '../../db/tables/reference';
import { pagedQuery } from '../../db/paged-query';

const SORTS = { name: 'name', originate: 'originate' } as const;

export class AgronomistsRepository {
  constructor(private readonly db: Db) {}

  paged(req: PagedRequest): Promise<{ rows: AgronomistRow[]; total: number }> {
    return pagedQuery(req, {
      from: this.db.selectFrom('agronomists').where('archived', '=', false),
      select: (q) => q.select(['id', 'name', 'originate', 'row_version as rowVersion']),
      search: ['name', sql`originate`],
      sorts: SORTS,
      defaultSort: 'name',
      tieBreak: ['id'],
    });
  }

  index() {
    return this.db.selectFrom('agronomists').select(['id', 'name', 'originate', 'row_version as rowVersion']).where('archived', '=', false).orderBy(sql`lower(name)`).execute();
  }

  /** An unarchived agronomist, locked for the rest of the transaction. */
  findLive(db: Db, id: number) {
    return db.selectFrom('agronomists').select(['id', 'name', 'originate', 'row_version']).where('id', '=', id).where('archived', '=', false).forUpdate().executeTakeFirst();
  }

  async insert(db: Db, a: { name: string; originate: Originate }): Promise<number> {
    return (await db.insertInto('agronomists').values(a).returning('id').executeTakeFirstOrThrow()).id;
  }

  /** Updates when the row is still at `version`; false when someone else changed it first. */
  async update(db: Db, id: number, a: { name: string; originate: Originate }, version: number): Promise<boolean> {
    const r = await db.updateTable('agronomists').set({ ...a, row_version: sql`row_version + 1` })
      .where('id', '=', id).where('row_version', '=', version).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async archive(db: Db, id: number): Promise<void> {
    await db.updateTable('agronomists').set({ archived: true, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }
}
