import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface EntryValues {
  sampleNumber: string;
  entity: string;
  agent: string;
  agronomist: string;
  farmName: string;
  fieldBlockNumber: string;
  sampleDate: Date;
  tissueId: number;
  cropId: number;
  cultivarId: number | null;
  regionId: number | null;
  testCarboCropGrowthId: number;
  testCarbohydrateId: number | null;
}

const ENTRY_COLUMNS = [
  'e.id', 'e.lab_job_id as jobId', 'e.row_version as rowVersion', 'e.sample_number as sampleNumber', 'e.entity', 'e.agent',
  'e.agronomist', 'e.farm_name as farmName', 'e.field_block_number as fieldBlockNumber', 'e.sample_date as sampleDate',
  'e.tissue_id as tissueId', 'e.crop_id as cropId', 'e.cultivar_id as cultivarId', 'e.region_id as regionId',
  'e.growth_stage_id as testCarboCropGrowthId', 'e.carbohydrate_sample_id as testCarbohydrateId', 'e.sugar', 'e.starch', 'e.na',
] as const;

function toRow(v: EntryValues) {
  return {
    sample_number: v.sampleNumber, entity: v.entity, agent: v.agent, agronomist: v.agronomist, farm_name: v.farmName,
    field_block_number: v.fieldBlockNumber, sample_date: v.sampleDate, tissue_id: v.tissueId, crop_id: v.cropId,
    cultivar_id: v.cultivarId, region_id: v.regionId, growth_stage_id: v.testCarboCropGrowthId, carbohydrate_sample_id: v.testCarbohydrateId,
  };
}

/** Lab job entries: the job card's rows and their results. */
export class LabEntriesRepository {
  constructor(private readonly db: Db) {}

  byJob(db: Db, jobId: number, forUpdate = false) {
    let q = db.selectFrom('lab_job_entries as e').select(ENTRY_COLUMNS).where('e.lab_job_id', '=', jobId).orderBy('e.position').orderBy('e.id');
    if (forUpdate) q = q.forUpdate();
    return q.execute();
  }

  /** The id and sample number of every entry of a job, locked (a sample number is checked against the others). */
  sampleNumbers(db: Db, jobId: number) {
    return db.selectFrom('lab_job_entries').select(['id', 'sample_number as sampleNumber']).where('lab_job_id', '=', jobId).forUpdate().execute();
  }

  byIds(db: Db, ids: number[], forUpdate = false) {
    if (ids.length === 0) return Promise.resolve([]);
    let q = db.selectFrom('lab_job_entries as e').select(ENTRY_COLUMNS).where('e.id', 'in', ids);
    if (forUpdate) q = q.forUpdate();
    return q.execute();
  }

  /** The results dialog rows: sample number, the tissue (organ) name and the result. */
  results(jobId: number) {
    return this.db
      .selectFrom('lab_job_entries as e')
      .leftJoin('tissues as t', 't.id', 'e.tissue_id')
      .select(['e.id', 'e.sample_number as sampleNumber', sql<string>`coalesce(t.name, '')`.as('organName'), 'e.sugar', 'e.starch', 'e.na', 'e.row_version as rowVersion'])
      .where('e.lab_job_id', '=', jobId)
      .execute();
  }

  /** Everything the export sheet shows, with the names of the reference data. */
  exportRows(jobId: number) {
    return this.db
      .selectFrom('lab_job_entries as e')
      .leftJoin('tissues as t', 't.id', 'e.tissue_id')
      .leftJoin('crops as c', 'c.id', 'e.crop_id')
      .leftJoin('cultivars as cv', 'cv.id', 'e.cultivar_id')
      .leftJoin('regions as r', 'r.id', 'e.region_id')
      .leftJoin('growth_stages as g', 'g.id', 'e.growth_stage_id')
      .select([
        'e.sample_number as sampleNumber', 'e.entity', 'e.agent', 'e.agronomist', 'e.farm_name as farmName',
        'e.field_block_number as fieldBlockNumber', 'e.sample_date as sampleDate', 't.name as tissue', 'c.name as crop',
        'cv.name as cultivar', 'r.name as region', 'g.name as growth', 'e.sugar', 'e.starch', 'e.na',
      ])
      .where('e.lab_job_id', '=', jobId)
      .execute();
  }

  /** Inserts new entries (one statement per 500) and answers their ids in order. */
  async insertMany(db: Db, jobId: number, rows: { position: number; values: EntryValues }[]): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const r = await db
        .insertInto('lab_job_entries')
        .values(rows.slice(i, i + 500).map((x) => ({ lab_job_id: jobId, position: x.position, ...toRow(x.values) })))
        .returning('id')
        .execute();
      ids.push(...r.map((x) => x.id));
    }
    return ids;
  }

  /** Inserts one entry after the job's last one; answers its id and version. */
  insertLast(db: Db, jobId: number, v: EntryValues) {
    return db
      .insertInto('lab_job_entries')
      .values({
        lab_job_id: jobId,
        position: sql<number>`(select coalesce(max(position), 0) + 1 from lab_job_entries where lab_job_id = ${jobId})`,
        ...toRow(v),
      })
      .returning(['id', 'row_version as rowVersion'])
      .executeTakeFirstOrThrow();
  }

  /** Updates an entry's values (and its position, when given); answers its new version. */
  async update(db: Db, id: number, v: EntryValues, position?: number): Promise<number> {
    const r = await db
      .updateTable('lab_job_entries')
      .set({ ...(position === undefined ? {} : { position }), ...toRow(v), row_version: sql`row_version + 1` })
      .where('id', '=', id)
      .returning('row_version')
      .executeTakeFirstOrThrow();
    return r.row_version;
  }

  async setResult(db: Db, id: number, v: { sugar: number | null; starch: number | null; na: boolean }, userId: number): Promise<number> {
    const r = await db
      .updateTable('lab_job_entries')
      .set({ sugar: v.sugar, starch: v.starch, na: v.na, result_on: new Date(), result_by: userId, row_version: sql`row_version + 1` })
      .where('id', '=', id)
      .returning('row_version')
      .executeTakeFirstOrThrow();
    return r.row_version;
  }

  /** Sets many results in one statement per 1000 rows; answers each row's new version. */
  async setResults(db: Db, rows: ({ id: number } & { sugar: number | null; starch: number | null; na: boolean })[], userId: number) {
    const versions = new Map<number, number>();
    for (let i = 0; i < rows.length; i += 1000) {
      const values = sql.join(rows.slice(i, i + 1000).map((r) => sql`(${r.id}::int, ${r.sugar}::float8, ${r.starch}::float8, ${r.na}::boolean)`));
      const r = await sql<{ id: number; rowVersion: number }>`
        update lab_job_entries e set sugar = v.sugar, starch = v.starch, na = v.na, result_on = now(), result_by = ${userId},
          row_version = e.row_version + 1
        from (values ${values}) as v(id, sugar, starch, na)
        where e.id = v.id
        returning e.id, e.row_version as "rowVersion"`.execute(db);
      for (const x of r.rows) versions.set(x.id, x.rowVersion);
    }
    return versions;
  }

  async remove(db: Db, ids: number[]): Promise<void> {
    if (ids.length) await db.deleteFrom('lab_job_entries').where('id', 'in', ids).execute();
  }
}
