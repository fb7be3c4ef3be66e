import type { ControlLot, PagedRequest } from '@sapwood/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';

export interface LotValues {
  name: string;
  lot: string;
  analyte: 'sugar' | 'starch';
  mean: number;
  sd: number;
  validFrom: string;
  validTo: string | null;
  active: boolean;
}

const LOT_COLUMNS = [
  'id', 'name', 'lot', 'analyte', 'mean', 'sd', sql<string>`valid_from::text`.as('validFrom'), sql<string | null>`valid_to::text`.as('validTo'),
  'active', 'row_version as rowVersion',
] as const;

const SORTS = { name: 'name', lot: 'lot', analyte: 'analyte', validFrom: 'valid_from', active: 'active', id: 'id' } as const;

/** All SQL of the control materials and the QC setting. */
export class QcLotsRepository {
  constructor(private readonly db: Db) {}

  private columns(db: Db) {
    return db.selectFrom('qc_control_lots').select(LOT_COLUMNS);
  }

  paged(req: PagedRequest): Promise<{ rows: ControlLot[]; total: number }> {
    return pagedQuery(req, {
      from: this.db.selectFrom('qc_control_lots'),
      select: (q) => q.select(LOT_COLUMNS),
      search: ['name', 'lot', 'analyte'],
      sorts: SORTS,
      defaultSort: 'name',
      tieBreak: ['id'],
    });
  }

  /** Lots active and valid on the day (the job card's choices). */
  activeOn(day: string): Promise<ControlLot[]> {
    return this.columns(this.db)
      .where('active', '=', true)
      .where(sql<boolean>`valid_from <= ${day}::date and (valid_to is null or valid_to >= ${day}::date)`)
      .orderBy('analyte').orderBy('name').orderBy('lot')
      .execute();
  }

  get(db: Db, id: number, forUpdate = false): Promise<ControlLot | undefined> {
    let q = this.columns(db).where('id', '=', id);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  async lotTaken(db: Db, v: { lot: string; analyte: string }, exceptId: number | null): Promise<boolean> {
    await sql`lock table qc_control_lots in share row exclusive mode`.execute(db);
    let q = db.selectFrom('qc_control_lots').select('id').where('analyte', '=', v.analyte as 'sugar').where(sql<boolean>`lower(lot) = lower(${v.lot})`);
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  private row(v: LotValues) {
    return { name: v.name, lot: v.lot, analyte: v.analyte, mean: v.mean, sd: v.sd, valid_from: v.validFrom, valid_to: v.validTo, active: v.active };
  }

  async insert(db: Db, v: LotValues, demo = false): Promise<number> {
    const r = await db.insertInto('qc_control_lots').values({ ...this.row(v), demo }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  /** Updates when the version still matches; false when someone else changed it first. */
  async update(db: Db, id: number, rowVersion: number, v: LotValues): Promise<boolean> {
    const r = await db.updateTable('qc_control_lots').set({ ...this.row(v), row_version: sql`row_version + 1` })
      .where('id', '=', id).where('row_version', '=', rowVersion).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async settings(db: Db = this.db): Promise<{ controlsOptional: boolean; rowVersion: number }> {
    const r = await db.selectFrom('qc_settings').select(['controls_optional as controlsOptional', 'row_version as rowVersion']).where('id', '=', 1).executeTakeFirst();
    return r ?? { controlsOptional: false, rowVersion: 1 };
  }

  async updateSettings(db: Db, controlsOptional: boolean, rowVersion: number): Promise<boolean> {
    const r = await db.updateTable('qc_settings').set({ controls_optional: controlsOptional, row_version: sql`row_version + 1` })
      .where('id', '=', 1).where('row_version', '=', rowVersion).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
