import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { RANGE_COLUMNS, type RangeColumns } from './range-columns';

export type OwnerKind = 'region' | 'cultivar';

/**
 * Regions and cultivars share one shape (id, crop_id, name, archived, row_version) and so do their
 * per-stage value tables; the queries are written once against the region tables' types and run on
 * the table of the kind asked for.
 */
const TABLES = {
  region: { owner: 'regions', values: 'region_growth_values', fk: 'region_id' },
  cultivar: { owner: 'cultivars', values: 'cultivar_growth_values', fk: 'cultivar_id' },
} as const;
const owner = (k: OwnerKind) => TABLES[k].owner as 'regions';
const valuesTable = (k: OwnerKind) => TABLES[k].values as 'region_growth_values';
const fk = (k: OwnerKind) => TABLES[k].fk as 'region_id';

export interface OwnerRow {
  id: number;
  cropId: number;
  name: string;
  rowVersion: number;
}
export interface ValueRow extends RangeColumns {
  ownerId: number;
  growthStageId: number;
  override: boolean;
}

export class OverridesRepository {
  constructor(private readonly kind: OwnerKind) {}

  private select(db: Db) {
    return db.selectFrom(owner(this.kind)).select(['id', 'crop_id as cropId', 'name', 'row_version as rowVersion']).where('archived', '=', false);
  }

  list(db: Db, cropId: number): Promise<OwnerRow[]> {
    return this.select(db).where('crop_id', '=', cropId).orderBy('name').orderBy('id').execute();
  }

  get(db: Db, id: number, forUpdate = false): Promise<OwnerRow | undefined> {
    let q = this.select(db).where('id', '=', id);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  insert(db: Db, cropId: number, name: string): Promise<OwnerRow> {
    return db.insertInto(owner(this.kind)).values({ crop_id: cropId, name })
      .returning(['id', 'crop_id as cropId', 'name', 'row_version as rowVersion']).executeTakeFirstOrThrow();
  }

  async archive(db: Db, id: number): Promise<void> {
    await db.updateTable(owner(this.kind)).set({ archived: true, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }

  /** True when the row version matched (and is now one higher). */
  async bump(db: Db, id: number, rowVersion: number): Promise<boolean> {
    const r = await db.updateTable(owner(this.kind)).set({ row_version: sql`row_version + 1` })
      .where('id', '=', id).where('row_version', '=', rowVersion).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  values(db: Db, ownerIds: number[]): Promise<ValueRow[]> {
    if (!ownerIds.length) return Promise.resolve([]);
    const f = fk(this.kind);
    return db
      .selectFrom(valuesTable(this.kind))
      .select([sql<number>`${sql.ref(f)}`.as('ownerId'), 'growth_stage_id as growthStageId', 'override', ...RANGE_COLUMNS])
      .where(f, 'in', ownerIds)
      .execute();
  }

  async upsertValue(db: Db, ownerId: number, growthStageId: number, override: boolean, ranges: RangeColumns): Promise<void> {
    const f = fk(this.kind);
    await db
      .insertInto(valuesTable(this.kind))
      .values({ [f]: ownerId, growth_stage_id: growthStageId, override, ...ranges } as { region_id: number; growth_stage_id: number })
      .onConflict((oc) => oc.columns([f, 'growth_stage_id']).doUpdateSet({ override, ...ranges }))
      .execute();
  }
}
