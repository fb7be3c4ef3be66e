import { sql } from 'kysely';
import type { AgronomistRow, PagedRequest } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import type { Originate } from '../../db/tables/reference';
import { containsPattern, pageSlice, sortColumn } from '../../db/paged-query';

const SORTS = { name: 'name', originate: 'originate' } as const;

export class AgronomistsRepository {
  constructor(private readonly db: Db) {}

  async paged(req: PagedRequest): Promise<{ rows: AgronomistRow[]; total: number }> {
    const { limit, offset } = pageSlice(req);
    const sort = sortColumn(SORTS, req.sortBy, 'name');
    const base = () => {
      const q = this.db.selectFrom('agronomists').where('archived', '=', false);
      return req.search ? q.where((eb) => eb.or([eb('name', 'ilike', containsPattern(req.search)), eb(sql<string>`originate`, 'ilike', containsPattern(req.search))])) : q;
    };
    const [rows, count] = await Promise.all([
      base().select(['id', 'name', 'originate', 'row_version as rowVersion']).orderBy(sql.ref(sort), req.ascending ? 'asc' : 'desc').orderBy('id').limit(limit).offset(offset).execute(),
      base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
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

  /** Users of `from` get `to` instead (once, even if they already had it). Returns how many users had `from`. */
  async moveUsers(db: Db, from: number, to: number): Promise<number> {
    await sql`insert into user_agronomists (user_id, agronomist_id)
      select user_id, ${to} from user_agronomists where agronomist_id = ${from}
      on conflict do nothing`.execute(db);
    const r = await db.deleteFrom('user_agronomists').where('agronomist_id', '=', from).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Entries and samples naming `from` by its text name are renamed to `to`. */
  async renameReferences(db: Db, from: string, to: string): Promise<{ entries: number; samples: number }> {
    const e = await db.updateTable('lab_job_entries').set({ agronomist: to }).where('agronomist', '=', from).executeTakeFirst();
    const s = await db.updateTable('carbohydrate_samples').set({ agronomist: to }).where('agronomist', '=', from).executeTakeFirst();
    return { entries: Number(e.numUpdatedRows), samples: Number(s.numUpdatedRows) };
  }
}
