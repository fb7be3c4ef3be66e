import { sql } from 'kysely';
import type { Db } from '../../../db/database';

const RANGES = ['sugar_min', 'sugar_med', 'sugar_max', 'starch_min', 'starch_med', 'starch_max'] as const;

/** All SQL of copying crops and cultivars (each copy a new row; ids mapped old → new as they are made). */
export class CloneRepository {
  /** A copy of a cultivar (in the same crop, or `toCrop`) with its norms and its per-stage growth values (stages mapped). */
  async cultivar(db: Db, id: number, name: string, toCrop: number | null = null, stages: Map<number, number> | null = null): Promise<number> {
    const from = await db.selectFrom('cultivars').select(['crop_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const cropId = toCrop ?? from.crop_id;
    const copy = await db.insertInto('cultivars').values({ crop_id: cropId, name }).returning('id').executeTakeFirstOrThrow();
    await this.norms(db, { cultivar_id: id }, { crop_id: cropId, cultivar_id: copy.id, growth_stage_id: null });
    const values = await db.selectFrom('cultivar_growth_values').selectAll().where('cultivar_id', '=', id).execute();
    for (const v of values) {
      const stage = stages ? stages.get(v.growth_stage_id) : v.growth_stage_id;
      if (stage) await db.insertInto('cultivar_growth_values').values({ ...v, cultivar_id: copy.id, growth_stage_id: stage }).execute();
    }
    return copy.id;
  }

  /** A copy of a crop: the crop, its live stages, its live cultivars, every level's norms and its DRIS norms. */
  async crop(db: Db, id: number, name: string): Promise<number> {
    const c = await db.selectFrom('crops').select(['factor', 'linked_names', 'originate', 'image_path', 'image_hash']).where('id', '=', id).executeTakeFirstOrThrow();
    const copy = await db.insertInto('crops').values({ name, factor: c.factor, linked_names: c.linked_names, originate: c.originate, image_path: c.image_path, image_hash: c.image_hash })
      .returning('id').executeTakeFirstOrThrow();
    const stages = new Map<number, number>();
    const live = await db.selectFrom('growth_stages').selectAll().where('crop_id', '=', id).where('archived', '=', false).orderBy('sequence_number').execute();
    for (const s of live) {
      const made = await db.insertInto('growth_stages').values({
        crop_id: copy.id, sequence_number: s.sequence_number, name: s.name, linked_tissue_id: s.linked_tissue_id, method: s.method,
        display_on_report: s.display_on_report, ...Object.fromEntries(RANGES.map((k) => [k, s[k]])),
      }).returning('id').executeTakeFirstOrThrow();
      stages.set(s.id, made.id);
      await this.norms(db, { growth_stage_id: s.id }, { crop_id: copy.id, cultivar_id: null, growth_stage_id: made.id });
    }
    const cultivars = await db.selectFrom('cultivars').select(['id', 'name']).where('crop_id', '=', id).where('archived', '=', false).orderBy('id').execute();
    for (const cv of cultivars) await this.cultivar(db, cv.id, cv.name, copy.id, stages);
    await this.norms(db, { crop_id: id, cultivar_id: null, growth_stage_id: null }, { crop_id: copy.id, cultivar_id: null, growth_stage_id: null });
    await sql`insert into crop_dris_graphs (crop_id, graph_name, selected, rows, position, macro_unit, micro_unit)
      select ${copy.id}, graph_name, selected, rows, position, macro_unit, micro_unit from crop_dris_graphs where crop_id = ${id} order by position, id`.execute(db);
    return copy.id;
  }

  /** Copies the one norm set matching `from` (a crop's own: cultivar and stage null) to its new owner. */
  private async norms(db: Db, from: { crop_id?: number; cultivar_id?: number | null; growth_stage_id?: number | null }, to: { crop_id: number; cultivar_id: number | null; growth_stage_id: number | null }) {
    let q = db.selectFrom('leaf_norms').select(['graphs', 'source', 'method', 'tissue', 'demo']);
    if (from.crop_id !== undefined) q = q.where('crop_id', '=', from.crop_id);
    for (const k of ['cultivar_id', 'growth_stage_id'] as const) {
      const v = from[k];
      if (v === null) q = q.where(k, 'is', null);
      else if (v !== undefined) q = q.where(k, '=', v);
    }
    const n = await q.executeTakeFirst();
    if (n) await db.insertInto('leaf_norms').values({ ...to, graphs: JSON.stringify(n.graphs), source: n.source, method: n.method, tissue: n.tissue, demo: n.demo }).execute();
  }
}
