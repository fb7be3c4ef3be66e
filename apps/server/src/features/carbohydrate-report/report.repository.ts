import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface EntryRow {
  id: number;
  sampleNumber: string;
  entity: string;
  farmName: string;
  agent: string;
  agronomist: string;
  block: string;
  cropId: number;
  crop: string;
  cultivarId: number | null;
  cultivar: string | null;
  regionId: number | null;
  region: string | null;
  growthStageId: number;
  growthStage: string;
  organ: string;
  sugar: number | null;
  starch: number | null;
  na: boolean;
  sampleDate: Date;
  resultOn: Date | null;
}

export interface StageRow {
  id: number;
  cropId: number;
  sequence: number;
  name: string;
  displayOnReport: boolean;
  sugar: [number | null, number | null, number | null];
  starch: [number | null, number | null, number | null];
}

export interface OverrideRow {
  ownerId: number;
  growthStageId: number;
  sugar: [number | null, number | null, number | null];
  starch: [number | null, number | null, number | null];
}

/** All SQL of the carbohydrate report: what a report reads, and the records it keeps. */
export class ReportRepository {
  constructor(private readonly db: Db) {}

  async entries(ids: number[]): Promise<EntryRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('lab_job_entries as e')
      .innerJoin('crops as c', 'c.id', 'e.crop_id')
      .leftJoin('cultivars as cv', 'cv.id', 'e.cultivar_id')
      .leftJoin('regions as r', 'r.id', 'e.region_id')
      .innerJoin('growth_stages as g', 'g.id', 'e.growth_stage_id')
      .innerJoin('tissues as t', 't.id', 'e.tissue_id')
      .select([
        'e.id', 'e.sample_number as sampleNumber', 'e.entity', 'e.farm_name as farmName', 'e.agent', 'e.agronomist',
        'e.field_block_number as block', 'e.crop_id as cropId', 'c.name as crop', 'e.cultivar_id as cultivarId',
        'cv.name as cultivar', 'e.region_id as regionId', 'r.name as region', 'e.growth_stage_id as growthStageId',
        'g.name as growthStage', 't.name as organ', 'e.sugar', 'e.starch', 'e.na', 'e.sample_date as sampleDate',
        'e.result_on as resultOn',
      ])
      .where('e.id', 'in', ids)
      .execute();
  }

  async stages(cropIds: number[]): Promise<StageRow[]> {
    if (cropIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('growth_stages')
      .selectAll()
      .where('crop_id', 'in', cropIds)
      .where('archived', '=', false)
      .orderBy('crop_id')
      .orderBy('sequence_number')
      .execute();
    return rows.map((g) => ({
      id: g.id, cropId: g.crop_id, sequence: g.sequence_number, name: g.name, displayOnReport: g.display_on_report,
      sugar: [g.sugar_min, g.sugar_med, g.sugar_max], starch: [g.starch_min, g.starch_med, g.starch_max],
    }));
  }

  async overrides(kind: 'region' | 'cultivar', ownerIds: number[]): Promise<OverrideRow[]> {
    if (ownerIds.length === 0) return [];
    const rows =
      kind === 'region'
        ? await this.db.selectFrom('region_growth_values').selectAll().where('region_id', 'in', ownerIds).where('override', '=', true).execute()
        : await this.db.selectFrom('cultivar_growth_values').selectAll().where('cultivar_id', 'in', ownerIds).where('override', '=', true).execute();
    return rows.map((o) => ({
      ownerId: 'region_id' in o ? o.region_id : o.cultivar_id,
      growthStageId: o.growth_stage_id,
      sugar: [o.sugar_min, o.sugar_med, o.sugar_max],
      starch: [o.starch_min, o.starch_med, o.starch_max],
    }));
  }

  address(id: number) {
    return this.db.selectFrom('addresses').selectAll().where('id', '=', id).executeTakeFirst();
  }

  distributor(id: number) {
    return this.db.selectFrom('distributors').selectAll().where('id', '=', id).executeTakeFirst();
  }

  language(id: number) {
    return this.db.selectFrom('languages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async options() {
    const [languages, addresses, distributors] = await Promise.all([
      this.db.selectFrom('languages').select(['id', 'name']).orderBy('id').execute(),
      this.db.selectFrom('addresses').select(['id', 'name', 'is_default as isDefault']).where('archived', '=', false).orderBy('is_default', 'desc').orderBy('name').execute(),
      this.db.selectFrom('distributors').select(['id', 'name']).where('archived', '=', false).orderBy('name').execute(),
    ]);
    return { languages, addresses, distributors };
  }

  async labResult(entryId: number) {
    return this.db
      .selectFrom('lab_job_entries')
      .select(['agronomist', 'entity', 'farm_name as farmName', 'agent'])
      .where('id', '=', entryId)
      .executeTakeFirst();
  }

  async insertReport(r: { userId: number; options: unknown; selection: unknown }, db: Db = this.db): Promise<number> {
    const row = await db
      .insertInto('carbohydrate_reports')
      .values({ created_by: r.userId, options: JSON.stringify(r.options), selection: JSON.stringify(r.selection), frozen: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async attachJob(reportId: number, jobId: number, db: Db = this.db): Promise<void> {
    await db.updateTable('carbohydrate_reports').set({ job_id: jobId }).where('id', '=', reportId).execute();
  }

  async saveResult(reportId: number, r: { frozen: unknown; fileKey: string; fileName: string; fileSize: number }): Promise<void> {
    await this.db
      .updateTable('carbohydrate_reports')
      .set({ frozen: JSON.stringify(r.frozen), file_key: r.fileKey, file_name: r.fileName, file_size: r.fileSize })
      .where('id', '=', reportId)
      .execute();
  }

  report(id: number) {
    return this.db
      .selectFrom('carbohydrate_reports as r')
      .leftJoin('background_jobs as j', 'j.id', 'r.job_id')
      .select([
        'r.id', 'r.created_by as createdBy', 'r.created_at as createdAt', 'r.options', 'r.selection', 'r.frozen',
        'r.file_key as fileKey', 'r.file_name as fileName', 'r.file_size as fileSize',
        sql<string>`coalesce(j.status, 'queued')`.as('status'), sql<number>`coalesce(j.progress, 0)`.as('progress'), 'j.error',
      ])
      .where('r.id', '=', id)
      .executeTakeFirst();
  }

  async insertPosting(p: {
    request: unknown; key: string; attempt: number; status: 'success' | 'failed'; httpStatus: number | null;
    response: string | null; error: string | null; farmId: string | null; userId: number;
  }): Promise<void> {
    await this.db
      .insertInto('mfw_postings')
      .values({
        report_request: JSON.stringify(p.request), idempotency_key: p.key, attempt: p.attempt, status: p.status,
        http_status: p.httpStatus, response: p.response, error: p.error, mfw_farm_id: p.farmId, created_by: p.userId,
      })
      .execute();
  }

  async postingAttempts(key: string): Promise<number> {
    const r = await this.db
      .selectFrom('mfw_postings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
