import type { CropGrowthStage, GrowthCropHeader, GrowthCropRow, PagedRequest } from '@sapwood/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';
import { type RangeColumns, toRanges } from './range-columns';

const SORTS = { name: 'c.name', factor: 'c.factor', active: 'c.active', growthCounts: 'growthCounts', id: 'c.id' };

export interface StageValues extends RangeColumns {
  name: string;
  linked_tissue_id: number | null;
  display_on_report: boolean;
  method: string;
  sequence_number: number;
}

/** All SQL of the crop growth admin: crops and their ordered growth stages. */
export class CropGrowthsRepository {
  constructor(private readonly db: Db) {}

  async pagedCrops(req: PagedRequest): Promise<{ rows: GrowthCropRow[]; total: number }> {
    const { rows, total } = await pagedQuery(req, {
      from: this.db.selectFrom('crops as c').where('c.archived', '=', false),
      select: (q) => q
        .select(['c.id', 'c.name', 'c.factor', 'c.active', 'c.image_path as imagePath', 'c.row_version as rowVersion'])
        .select((eb) =>
          eb.selectFrom('growth_stages as g').whereRef('g.crop_id', '=', 'c.id').where('g.archived', '=', false)
            .select(sql<number>`count(*)::int`.as('n')).as('growthCounts'),
        ),
      search: ['c.name'],
      sorts: SORTS,
      defaultSort: 'name',
      tieBreak: ['c.id'],
    });
    return { rows: rows.map((r) => ({ ...r, growthCounts: Number(r.growthCounts ?? 0) })), total };
  }

  getCrop(db: Db, id: number, forUpdate = false): Promise<GrowthCropHeader | undefined> {
    let q = db
      .selectFrom('crops')
      .select(['id', 'name', 'factor', 'active', 'image_path as imagePath', 'row_version as rowVersion'])
      .where('id', '=', id)
      .where('archived', '=', false);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  async insertCrop(db: Db, v: { name: string; factor: number }): Promise<number> {
    const row = await db.insertInto('crops').values(v).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** True when the row version matched (and is now one higher). */
  async updateCrop(db: Db, id: number, rowVersion: number, v: { name?: string; factor?: number; active?: boolean }): Promise<boolean> {
    const r = await db
      .updateTable('crops')
      .set({ ...v, row_version: sql`row_version + 1` })
      .where('id', '=', id)
      .where('row_version', '=', rowVersion)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async bumpCrop(db: Db, id: number, v: { active?: boolean } = {}): Promise<number> {
    const r = await db.updateTable('crops').set({ ...v, row_version: sql`row_version + 1` }).where('id', '=', id).returning('row_version').executeTakeFirstOrThrow();
    return r.row_version;
  }

  async stages(db: Db, cropId: number): Promise<CropGrowthStage[]> {
    const rows = await db
      .selectFrom('growth_stages as g')
      .leftJoin('tissues as t', 't.id', 'g.linked_tissue_id')
      .selectAll('g')
      .select('t.name as tissueName')
      .where('g.crop_id', '=', cropId)
      .where('g.archived', '=', false)
      .orderBy('g.sequence_number')
      .orderBy('g.id')
      .execute();
    return rows.map((g) => ({
      id: g.id,
      sequenceNumber: g.sequence_number,
      name: g.name,
      ...toRanges(g),
      linkedTissueId: g.linked_tissue_id,
      linkedTissueName: g.tissueName,
      displayOnReport: g.display_on_report,
      method: g.method,
    }));
  }

  async insertStage(db: Db, cropId: number, v: StageValues): Promise<number> {
    const r = await db.insertInto('growth_stages').values({ crop_id: cropId, ...v }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async updateStage(db: Db, id: number, v: StageValues): Promise<void> {
    await db.updateTable('growth_stages').set(v).where('id', '=', id).execute();
  }

  async archiveStage(db: Db, id: number): Promise<void> {
    await db.updateTable('growth_stages').set({ archived: true }).where('id', '=', id).execute();
  }

  /** The stage's crop when it is current. */
  async stageCrop(db: Db, id: number): Promise<{ cropId: number; name: string } | undefined> {
    return db.selectFrom('growth_stages').select(['crop_id as cropId', 'name']).where('id', '=', id).where('archived', '=', false).executeTakeFirst();
  }

  /** Current stages renumbered 1..n in their present order. */
  async renumber(db: Db, cropId: number): Promise<void> {
    await sql`
      update growth_stages g set sequence_number = o.n
      from (select id, row_number() over (order by sequence_number, id) as n
            from growth_stages where crop_id = ${cropId} and archived = false) o
      where g.id = o.id`.execute(db);
  }

  async existingTissueIds(db: Db, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await db.selectFrom('tissues').select('id').where('id', 'in', ids).where('archived', '=', false).execute();
    return new Set(rows.map((r) => r.id));
  }
}
