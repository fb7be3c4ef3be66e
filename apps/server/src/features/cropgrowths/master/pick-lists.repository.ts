import { GRAPH_SET_NAMES, type PagedRequest } from '@sapwood/contracts';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../../db/database';
import { pagedQuery } from '../../../db/paged-query';

/** All SQL of the crop master's pick lists: crops with cultivars or stages, and the graph pickers. */
export class PickListsRepository {
  constructor(private readonly db: Db) {}

  async withCultivars() {
    const crops = await this.db.selectFrom('crops').select(['id', 'name']).where('archived', '=', false).orderBy('name').orderBy('id').execute();
    const cultivars = await this.db.selectFrom('cultivars').select(['id', 'name', 'crop_id']).where('archived', '=', false).orderBy('name').orderBy('id').execute();
    return crops.map((c) => ({ ...c, cultivars: cultivars.filter((v) => v.crop_id === c.id).map(({ id, name }) => ({ id, name })) }));
  }

  async withGrowths(cropId?: number, db: Db = this.db) {
    let q = db.selectFrom('crops').select(['id', 'name']).where('archived', '=', false);
    if (cropId) q = q.where('id', '=', cropId);
    const crops = await q.orderBy('name').orderBy('id').execute();
    let s = db.selectFrom('growth_stages').select(['id', 'name', 'crop_id', 'sequence_number as sequenceNumber', 'display_on_report as displayOnReport']).where('archived', '=', false);
    if (cropId) s = s.where('crop_id', '=', cropId);
    const stages = await s.orderBy('sequence_number').orderBy('id').execute();
    return crops.map((c) => ({ ...c, growthStages: stages.filter((g) => g.crop_id === c.id).map(({ crop_id: _c, ...g }) => g) }));
  }

  /** The crop's factor and its stages' order and flags; undefined when the crop's version is not the one read. */
  async setFactorAndOrder(db: Db, cropId: number, rowVersion: number, factor: number, stages: { id: number; sequenceNumber: number; displayOnReport: boolean }[]): Promise<boolean> {
    const crop = await db.updateTable('crops').set({ factor, row_version: sql`row_version + 1` }).where('id', '=', cropId).where('row_version', '=', rowVersion).returning('id').executeTakeFirst();
    if (!crop) return false;
    for (const s of stages) {
      await db.updateTable('growth_stages').set({ sequence_number: s.sequenceNumber, display_on_report: s.displayOnReport }).where('id', '=', s.id).where('crop_id', '=', cropId).execute();
    }
    return true;
  }

  cropGraphs(req: PagedRequest) {
    return pagedQuery(req, {
      from: this.db.selectFrom('crop_dris_graphs as g').innerJoin('crops as c', 'c.id', 'g.crop_id').where('c.archived', '=', false),
      select: (q) => q.select(['g.id', 'g.crop_id as cropId', 'c.name as cropName', 'g.graph_name as graphName', 'g.selected']),
      search: ['c.name', 'g.graph_name'],
      sorts: { cropName: 'c.name', graphName: 'g.graph_name' },
      defaultSort: 'cropName',
      tieBreak: ['g.position', 'g.id'],
    });
  }

  async cultivarGraphs(req: PagedRequest) {
    const page = await pagedQuery(req, {
      from: this.db.selectFrom('leaf_norms as n').innerJoin('cultivars as v', 'v.id', 'n.cultivar_id').innerJoin('crops as c', 'c.id', 'n.crop_id')
        .where('v.archived', '=', false).where('c.archived', '=', false),
      select: (q) => q.select(['v.id as cultivarId', 'v.name as cultivarName', 'c.id as cropId', 'c.name as cropName', 'n.graphs']),
      search: ['v.name', (pattern) => sql<SqlBool>`c.name ilike ${pattern}`],
      sorts: { cultivarName: 'v.name', cropName: ['c.name', 'v.name'] },
      defaultSort: 'cropName',
      tieBreak: ['v.id'],
    });
    return {
      total: page.total,
      rows: page.rows.map(({ graphs, ...r }) => ({ ...r, selectedGraphs: GRAPH_SET_NAMES.filter((g) => (graphs[g] as { selected?: boolean } | null)?.selected) })),
    };
  }
}
