import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { type UnnestType, unnestRows } from '../../db/unnest';

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

const ENTRY_INSERT = {
  lab_job_id: 'int4', position: 'int4', sample_number: 'text', entity: 'text', agent: 'text', agronomist: 'text', farm_name: 'text',
  field_block_number: 'text', sample_date: 'timestamptz', tissue_id: 'int4', crop_id: 'int4', cultivar_id: 'int4', region_id: 'int4',
  growth_stage_id: 'int4', carbohydrate_sample_id: 'int4',
} as const satisfies Record<string, UnnestType>;
const ENTRY_INSERT_NAMES = Object.keys(ENTRY_INSERT) as (keyof typeof ENTRY_INSERT)[];

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

  /** Inserts new entries in one statement (one array a column: ADR 0113) and answers their ids in order. */
  async insertMany(db: Db, jobId: number, rows: { position: number; values: EntryValues }[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const r = await db.insertInto('lab_job_entries').columns(ENTRY_INSERT_NAMES)
      .expression(unnestRows(ENTRY_INSERT, rows.map((x) => ({ lab_job_id: jobId, position: x.position, ...toRow(x.values) }))))
      .returning('id').execute();
    return r.map((x) => x.id);
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

  /** Sets many results in one statement (one array a column: ADR 0113); answers each row's new version. */
  async setResults(db: Db, rows: ({ id: number } & { sugar: number | null; starch: number | null; na: boolean })[], userId: number) {
    const versions = new Map<number, number>();
    if (rows.length === 0) return versions;
    const r = await sql<{ id: number; rowVersion: number }>`
      update lab_job_entries e set sugar = v.sugar, starch = v.starch, na = v.na, result_on = now(), result_by = ${userId},
        row_version = e.row_version + 1
      from (${unnestRows({ id: 'int4', sugar: 'float8', starch: 'float8', na: 'bool' }, rows)}) as v
      where e.id = v.id
      returning e.id, e.row_version as "rowVersion"`.execute(db);
    for (const x of r.rows) versions.set(x.id, x.rowVersion);
    return versions;
  }

  async remove(db: Db, ids: number[]): Promise<void> {
    if (ids.length) await db.deleteFrom('lab_job_entries').where('id', 'in', ids).execute();
  }
}
