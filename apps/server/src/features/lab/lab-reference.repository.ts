import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Reference data the entry form reads (crops, tissues), matches of earlier samples, and text suggestions. */
export class LabReferenceRepository {
  constructor(private readonly db: Db) {}

  crops(activeOnly: boolean) {
    let q = this.db.selectFrom('crops').select(['id', 'name']).where('archived', '=', false).orderBy('name');
    if (activeOnly) q = q.where('active', '=', true);
    return q.execute();
  }

  cultivars(cropIds: number[]) {
    if (!cropIds.length) return Promise.resolve([]);
    return this.db.selectFrom('cultivars').select(['id', 'name', 'crop_id as cropId']).where('crop_id', 'in', cropIds).where('archived', '=', false).orderBy('name').execute();
  }

  regions(cropIds: number[]) {
    if (!cropIds.length) return Promise.resolve([]);
    return this.db.selectFrom('regions').select(['id', 'name', 'crop_id as cropId']).where('crop_id', 'in', cropIds).where('archived', '=', false).orderBy('name').execute();
  }

  growths(cropIds?: number[]) {
    if (cropIds && !cropIds.length) return Promise.resolve([]);
    let q = this.db
      .selectFrom('growth_stages')
      .select(['id', 'name', 'crop_id as cropId', 'linked_tissue_id as tissueId'])
      .where('archived', '=', false)
      .orderBy('crop_id')
      .orderBy('sequence_number');
    if (cropIds) q = q.where('crop_id', 'in', cropIds);
    return q.execute();
  }

  tissues(activeOnly: boolean) {
    let q = this.db.selectFrom('tissues').select(['id', 'name', 'active']).where('archived', '=', false).orderBy('name');
    if (activeOnly) q = q.where('active', '=', true);
    return q.execute();
  }

  /** The reference rows behind a set of entries, to check that ids exist and belong together. */
  async refs(db: Db, ids: { tissues: number[]; crops: number[]; cultivars: number[]; regions: number[]; growths: number[]; samples: number[] }) {
    const byIds = async <T>(ids: number[], q: () => Promise<T[]>) => (ids.length ? q() : []);
    return {
      tissues: await byIds(ids.tissues, () => db.selectFrom('tissues').select('id').where('id', 'in', ids.tissues).execute()),
      crops: await byIds(ids.crops, () => db.selectFrom('crops').select('id').where('id', 'in', ids.crops).execute()),
      cultivars: await byIds(ids.cultivars, () => db.selectFrom('cultivars').select(['id', 'crop_id as cropId']).where('id', 'in', ids.cultivars).execute()),
      regions: await byIds(ids.regions, () => db.selectFrom('regions').select(['id', 'crop_id as cropId']).where('id', 'in', ids.regions).execute()),
      growths: await byIds(ids.growths, () => db.selectFrom('growth_stages').select(['id', 'crop_id as cropId']).where('id', 'in', ids.growths).execute()),
      samples: await byIds(ids.samples, () => db.selectFrom('carbohydrate_samples').select('id').where('id', 'in', ids.samples).execute()),
    };
  }

  /** Captured samples and entries of other jobs with this sample number (case-insensitive). */
  async matches(value: string, jobId: number | null) {
    const samples = await this.db
      .selectFrom('carbohydrate_samples')
      .select([
        'sample_number as sampleNumber', 'id as testCarbohydrateId', 'sample_date as date', 'entity', 'agent', 'agronomist',
        'farm_name as farmName', 'field_block_number as fieldBlockNumber', 'tissue_id as tissueId', 'crop_id as cropId',
        'cultivar_id as cultivarId', 'region_id as regionId', 'growth_stage_id as testCarboCropGrowthId',
      ])
      .where(sql`lower(sample_number)`, '=', value.toLowerCase())
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    let q = this.db
      .selectFrom('lab_job_entries')
      .select([
        'sample_number as sampleNumber', 'carbohydrate_sample_id as testCarbohydrateId', 'sample_date as date', 'entity', 'agent',
        'agronomist', 'farm_name as farmName', 'field_block_number as fieldBlockNumber', 'tissue_id as tissueId', 'crop_id as cropId',
        'cultivar_id as cultivarId', 'region_id as regionId', 'growth_stage_id as testCarboCropGrowthId',
      ])
      .where(sql`lower(sample_number)`, '=', value.toLowerCase())
      .where('carbohydrate_sample_id', 'is not', null)
      .orderBy('id', 'desc')
      .limit(20);
    if (jobId) q = q.where('lab_job_id', '<>', jobId);
    const entries = await q.execute();
    return { samples, entries };
  }

  /** Names typed before (in entries and captured samples), for free-text suggestions; the agent and agronomist lists come from their own endpoints. */
  async suggestions() {
    const distinct = async (column: 'entity' | 'agent' | 'agronomist' | 'farm_name') => {
      const r = await sql<{ v: string }>`
        select v from (
          select ${sql.ref(column)} as v from lab_job_entries
          union select ${sql.ref(column)} as v from carbohydrate_samples
        ) x where v <> '' order by v limit 1000`.execute(this.db);
      return r.rows.map((x) => x.v);
    };
    return {
      entities: await distinct('entity'),
      agents: await distinct('agent'),
      agronomists: await distinct('agronomist'),
      farms: await distinct('farm_name'),
    };
  }
}
