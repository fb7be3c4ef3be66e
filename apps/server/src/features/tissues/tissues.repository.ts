import type { PagedRequest, TissueRecord } from '@sapwood/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';

const SORTS = { name: 'name', active: 'active', id: 'id' } as const;

/** All SQL of the tissue admin. Archived tissues are gone for every list. */
export class TissuesRepository {
  constructor(private readonly db: Db) {}

  private base(db: Db) {
    return db.selectFrom('tissues').select(['id', 'name', 'active', 'row_version as rowVersion']).where('archived', '=', false);
  }

  paged(req: PagedRequest): Promise<{ rows: TissueRecord[]; total: number }> {
    return pagedQuery(req, {
      from: this.db.selectFrom('tissues').where('archived', '=', false),
      select: (q) => q.select(['id', 'name', 'active', 'row_version as rowVersion']),
      search: ['name'],
      sorts: SORTS,
      defaultSort: 'name',
      tieBreak: ['id'],
    });
  }

  list(activeOnly: boolean): Promise<TissueRecord[]> {
    let q = this.base(this.db);
    if (activeOnly) q = q.where('active', '=', true);
    return q.orderBy('name').orderBy('id').execute();
  }

  get(db: Db, id: number, forUpdate = false): Promise<TissueRecord | undefined> {
    let q = this.base(db).where('id', '=', id);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  /**
   * Whether another tissue that is not archived (active or not) has this name, case-insensitively. Tissues
   * are locked for the check (the saves of names queue), so two concurrent saves cannot both take a name.
   */
  async nameTaken(db: Db, name: string, exceptId: number | null): Promise<boolean> {
    await sql`lock table tissues in share row exclusive mode`.execute(db);
    let q = db.selectFrom('tissues').select('id').where('archived', '=', false).where(sql<boolean>`lower(name) = lower(${name})`);
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insert(db: Db, v: { name: string; active: boolean }): Promise<TissueRecord> {
    return db.insertInto('tissues').values(v).returning(['id', 'name', 'active', 'row_version as rowVersion']).executeTakeFirstOrThrow();
  }

  /** Updates when the row version still matches; undefined when someone else changed it first. */
  async update(db: Db, id: number, rowVersion: number, v: { name: string; active: boolean }): Promise<TissueRecord | undefined> {
    return db
      .updateTable('tissues')
      .set({ ...v, row_version: sql`row_version + 1` })
      .where('id', '=', id)
      .where('row_version', '=', rowVersion)
      .where('archived', '=', false)
      .returning(['id', 'name', 'active', 'row_version as rowVersion'])
      .executeTakeFirst();
  }

  async setActive(db: Db, id: number, active: boolean): Promise<void> {
    await db.updateTable('tissues').set({ active, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }

  async archive(db: Db, id: number): Promise<void> {
    await db.updateTable('tissues').set({ archived: true, active: false, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }

  /** Current growth stages that sample this tissue, as 'Crop: Stage'. */
  async stagesUsing(db: Db, id: number): Promise<string[]> {
    const rows = await db
      .selectFrom('growth_stages as g')
      .innerJoin('crops as c', 'c.id', 'g.crop_id')
      .select(['c.name as crop', 'g.name as stage'])
      .where('g.linked_tissue_id', '=', id)
      .where('g.archived', '=', false)
      .where('c.archived', '=', false)
      .orderBy('c.name')
      .orderBy('g.sequence_number')
      .execute();
    return rows.map((r) => `${r.crop}: ${r.stage}`);
  }
}
