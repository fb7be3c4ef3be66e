import type { Db } from '../../db/database';
import type { RangeColumns } from './range-columns';

/** Inserts for the demo data (cropgrowths.demo.ts); nothing else uses them. */
export const demoRepository = {
  async hasDemoCrops(db: Db): Promise<boolean> {
    return !!(await db.selectFrom('crops').select('id').where('demo', '=', true).limit(1).executeTakeFirst());
  },
  async crop(db: Db, name: string, factor: number): Promise<number> {
    return (await db.insertInto('crops').values({ name, factor, demo: true }).returning('id').executeTakeFirstOrThrow()).id;
  },
  async owner(db: Db, table: 'regions' | 'cultivars', cropId: number, name: string): Promise<number> {
    return (await db.insertInto(table).values({ crop_id: cropId, name }).returning('id').executeTakeFirstOrThrow()).id;
  },
  async stage(db: Db, v: RangeColumns & { crop_id: number; sequence_number: number; name: string; linked_tissue_id: number; method: string }): Promise<number> {
    return (await db.insertInto('growth_stages').values(v).returning('id').executeTakeFirstOrThrow()).id;
  },
  async regionValue(db: Db, regionId: number, stageId: number, r: RangeColumns): Promise<void> {
    await db.insertInto('region_growth_values').values({ region_id: regionId, growth_stage_id: stageId, override: true, ...r }).execute();
  },
  async cultivarValue(db: Db, cultivarId: number, stageId: number, r: RangeColumns): Promise<void> {
    await db.insertInto('cultivar_growth_values').values({ cultivar_id: cultivarId, growth_stage_id: stageId, override: true, ...r }).execute();
  },
};
