import { type CropDrisGraph, EMPTY_GRAPH_SETS, LAB_DRIS_UNITS, type NormSet } from '@sapwood/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';

/** Whose norms: a crop's own (cultivar and stage null), a cultivar's or a growth stage's. */
export interface NormOwner {
  cropId: number;
  cultivarId: number | null;
  growthStageId: number | null;
}

export interface StoredNorms extends NormSet {
  /** 0 when the owner has no norms stored yet */
  normsVersion: number;
}

export const NO_NORMS: StoredNorms = { graphs: EMPTY_GRAPH_SETS, provenance: { source: 'lab', method: '', tissue: '', demo: false }, normsVersion: 0 };

type NormRow = { graphs: NormSet['graphs']; source: string; method: string; tissue: string; demo: boolean; row_version: number };
const stored = (r: NormRow): StoredNorms => ({
  graphs: r.graphs, provenance: { source: r.source, method: r.method, tissue: r.tissue, demo: r.demo }, normsVersion: r.row_version,
});

/** All SQL of leaf norms and DRIS norms. */
export class NormsRepository {
  /** The norms of one owner (NO_NORMS when none are stored). */
  async of(db: Db, o: NormOwner): Promise<StoredNorms> {
    const r = await db
      .selectFrom('leaf_norms')
      .select(['graphs', 'source', 'method', 'tissue', 'demo', 'row_version'])
      .where('crop_id', '=', o.cropId)
      .where(sql<boolean>`coalesce(cultivar_id, 0) = ${o.cultivarId ?? 0} and coalesce(growth_stage_id, 0) = ${o.growthStageId ?? 0}`)
      .executeTakeFirst();
    return r ? stored(r) : NO_NORMS;
  }

  /** The norms of a crop's cultivars (or stages), by owner id. */
  async ofAll(db: Db, cropId: number, by: 'cultivar_id' | 'growth_stage_id'): Promise<Map<number, StoredNorms>> {
    const rows = await db
      .selectFrom('leaf_norms')
      .select(['cultivar_id', 'growth_stage_id', 'graphs', 'source', 'method', 'tissue', 'demo', 'row_version'])
      .where('crop_id', '=', cropId)
      .where(by, 'is not', null)
      .execute();
    return new Map(rows.map((r) => [(by === 'cultivar_id' ? r.cultivar_id : r.growth_stage_id) ?? 0, stored(r)]));
  }

  /**
   * Saves an owner's norms when the version read (0: none stored) is still the stored one; answers the
   * new version, or undefined when someone else saved them first.
   */
  async save(db: Db, o: NormOwner, n: NormSet, versionRead: number): Promise<number | undefined> {
    const values = { graphs: JSON.stringify(n.graphs), source: n.provenance.source, method: n.provenance.method, tissue: n.provenance.tissue, demo: n.provenance.demo };
    if (versionRead === 0) {
      const r = await db
        .insertInto('leaf_norms')
        .values({ crop_id: o.cropId, cultivar_id: o.cultivarId, growth_stage_id: o.growthStageId, ...values })
        .onConflict((c) => c.expression(sql`crop_id, coalesce(cultivar_id, 0), coalesce(growth_stage_id, 0)`).doNothing())
        .returning('row_version')
        .executeTakeFirst();
      return r?.row_version;
    }
    const r = await db
      .updateTable('leaf_norms')
      .set({ ...values, row_version: sql`row_version + 1`, updated_at: sql`now()` })
      .where('crop_id', '=', o.cropId)
      .where(sql<boolean>`coalesce(cultivar_id, 0) = ${o.cultivarId ?? 0} and coalesce(growth_stage_id, 0) = ${o.growthStageId ?? 0}`)
      .where('row_version', '=', versionRead)
      .returning('row_version')
      .executeTakeFirst();
    return r?.row_version;
  }

  async drisGraphs(db: Db, cropId: number): Promise<CropDrisGraph[]> {
    const rows = await db
      .selectFrom('crop_dris_graphs')
      .select(['id', 'graph_name as graphName', 'selected', 'rows', 'macro_unit', 'micro_unit'])
      .where('crop_id', '=', cropId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map(({ macro_unit: macro, micro_unit: micro, ...g }) => ({ ...g, units: { macro, micro } }));
  }

  /** The crop's DRIS graphs become exactly these, in this order (kept ids stay, others go); units not given are the lab's. */
  async replaceDrisGraphs(db: Db, cropId: number, graphs: (Omit<CropDrisGraph, 'units'> & { units?: CropDrisGraph['units'] })[]): Promise<void> {
    const keep = graphs.filter((g) => g.id > 0).map((g) => g.id);
    let del = db.deleteFrom('crop_dris_graphs').where('crop_id', '=', cropId);
    if (keep.length) del = del.where('id', 'not in', keep);
    await del.execute();
    for (const [position, g] of graphs.entries()) {
      const units = g.units ?? LAB_DRIS_UNITS;
      const values = { graph_name: g.graphName, selected: g.selected, rows: JSON.stringify(g.rows), position, macro_unit: units.macro, micro_unit: units.micro };
      const updated = g.id > 0
        ? await db.updateTable('crop_dris_graphs').set(values).where('id', '=', g.id).where('crop_id', '=', cropId).returning('id').executeTakeFirst()
        : undefined;
      if (!updated) await db.insertInto('crop_dris_graphs').values({ crop_id: cropId, ...values }).execute();
    }
  }
}
