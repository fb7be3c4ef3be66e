import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { OwnResultsRepository, ownResults } from '../submissions';

/** A submission as the report reads it. */
export interface ReportSubmission {
  id: number;
  kind: 'leaf' | 'soil';
  /** the submission's lab (its results are its own lab order's: ADR 0097) */
  lab: string;
  clientName: string;
  farmName: string;
  agentId: number;
  agronomistId: number;
  languageId: number | null;
}

/** A sample of a submission with what the report needs of it (its capture's date, its result, its growth stage matched). */
export interface ReportSampleRow {
  id: number;
  submissionId: number;
  cropId: number | null;
  cultivarIds: number[];
  growthStage: string;
  growthStageId: number | null;
  organType: string;
  notes: string;
  sampleNumber: string;
  blockNumber: string;
  captureId: number | null;
  capturedAt: Date | null;
  matched: boolean;
  na: boolean;
}

/** The settings saved for a submission: the header and the chosen samples, as stored (JSON). */
export interface StoredSettings {
  submissionId: number;
  header: unknown;
  samples: unknown;
  rowVersion: number;
}

export interface StoredPage {
  sampleId: number;
  recommendation: string;
  plantSay: string;
  rowVersion: number;
}

/** What a preview page is drawn from: the sample with its values, crop and cultivar names. */
export interface PageSource extends ReportSampleRow {
  values: Record<string, number> | null;
  /** an outside lab's values out of their bounds: value code → what is wrong (ADR 0100) */
  flags: Record<string, string> | null;
  cropName: string | null;
  cultivarNames: string[];
}

/**
 * All SQL of the report settings and previews. The submissions, their samples, the captures' results, crops,
 * cultivars and growth stages are read here (written by their owners); report_settings and report_pages are
 * this feature's own.
 */
export class LeafReportRepository {
  submissions(db: Db, ids: readonly number[]): Promise<ReportSubmission[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('submissions')
      .select(['id', 'kind', 'lab', 'client_name as clientName', 'farm_name as farmName', 'agent_id as agentId', 'agronomist_id as agronomistId', 'language_id as languageId'])
      .where('id', 'in', [...ids]).execute();
  }

  private sampleQuery(db: Db) {
    return db.selectFrom('submission_samples as s')
      .leftJoin('captures as c', 'c.id', 's.capture_id')
      .leftJoin(ownResults(db).as('r'), 'r.sample_id', 's.id')
      .select((eb) => [
        's.id', 's.submission_id as submissionId', 's.crop_id as cropId', 's.cultivar_ids as cultivarIds', 's.growth_stage as growthStage',
        's.organ_type as organType', 's.notes', 's.sample_number as sampleNumber', 's.block_number as blockNumber', 's.capture_id as captureId',
        'c.captured_at as capturedAt',
        sql<boolean>`r.sample_id is not null`.as('matched'),
        sql<boolean>`coalesce(r.na, false)`.as('na'),
        eb.selectFrom('growth_stages as g').select('g.id')
          .whereRef('g.crop_id', '=', 's.crop_id').where('g.archived', '=', false)
          .where(sql<boolean>`lower(g.name) = lower(trim(s.growth_stage))`)
          .orderBy('g.sequence_number').orderBy('g.id').limit(1).as('growthStageId'),
        'r.values',
        'r.flags',
      ]);
  }

  /** Every sample of the submissions, in each submission's group and position order. */
  async samples(db: Db, submissionIds: readonly number[]): Promise<ReportSampleRow[]> {
    if (submissionIds.length === 0) return [];
    const rows = await this.sampleQuery(db).where('s.submission_id', 'in', [...submissionIds])
      .orderBy('s.submission_id').orderBy('s.group_no').orderBy('s.position').orderBy('s.id').execute();
    return rows.map(({ values: _values, flags: _flags, ...r }) => r);
  }

  /** One sample of a submission with its values and names, or undefined when the sample is not in it. */
  async pageSource(db: Db, submissionId: number, sampleId: number): Promise<PageSource | undefined> {
    const r = await this.sampleQuery(db)
      .leftJoin('crops as k', 'k.id', 's.crop_id')
      .select((eb) => [
        'k.name as cropName',
        eb.fn.coalesce(
          eb.selectFrom('cultivars as v').select(sql<string[]>`array_agg(v.name order by array_position(s.cultivar_ids, v.id))`.as('n'))
            .where(sql<boolean>`v.id = any(s.cultivar_ids)`),
          sql<string[]>`'{}'::text[]`,
        ).as('cultivarNames'),
      ])
      .where('s.submission_id', '=', submissionId).where('s.id', '=', sampleId).executeTakeFirst();
    return r ? { ...r, cultivarNames: r.cultivarNames ?? [] } : undefined;
  }

  /** The samples the submission's lab returned that match none of its rows: 'sample number (lab number)', as they came. */
  async extraSampleNumbers(db: Db, submissionId: number): Promise<string[]> {
    return (await new OwnResultsRepository().unmatched(db, [submissionId])).map((u) => (u.labNumber ? `${u.sampleNumber} (${u.labNumber})` : u.sampleNumber));
  }

  settings(db: Db, submissionIds: readonly number[]): Promise<StoredSettings[]> {
    if (submissionIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('report_settings').select(['submission_id as submissionId', 'header', 'samples', 'row_version as rowVersion']).where('submission_id', 'in', [...submissionIds]).execute();
  }

  /**
   * Saves a submission's settings over the version read (0: none saved yet): the new version, or undefined when
   * another save came first.
   */
  async saveSettings(trx: Db, s: { submissionId: number; header: object; samples: object[]; rowVersion: number; userId: number }): Promise<number | undefined> {
    const values = { header: JSON.stringify(s.header), samples: JSON.stringify(s.samples), updated_by: s.userId };
    if (s.rowVersion === 0) {
      const r = await trx.insertInto('report_settings').values({ submission_id: s.submissionId, ...values })
        .onConflict((oc) => oc.column('submission_id').doNothing()).returning('row_version').executeTakeFirst();
      return r?.row_version;
    }
    const r = await trx.updateTable('report_settings').set({ ...values, updated_at: sql`now()`, row_version: sql`row_version + 1` })
      .where('submission_id', '=', s.submissionId).where('row_version', '=', s.rowVersion)
      .returning('row_version').executeTakeFirst();
    return r?.row_version;
  }

  pages(db: Db, submissionId: number, sampleIds?: readonly number[]): Promise<StoredPage[]> {
    let q = db.selectFrom('report_pages').select(['sample_id as sampleId', 'recommendation', 'plant_say as plantSay', 'row_version as rowVersion']).where('submission_id', '=', submissionId);
    if (sampleIds) {
      if (sampleIds.length === 0) return Promise.resolve([]);
      q = q.where('sample_id', 'in', [...sampleIds]);
    }
    return q.execute();
  }

  /**
   * Saves a page's texts over the version read (0: none saved yet): the new version, or undefined when another
   * save came first.
   */
  async savePage(trx: Db, p: { submissionId: number; sampleId: number; recommendation: string; plantSay: string; rowVersion: number; userId: number }): Promise<number | undefined> {
    const values = { recommendation: p.recommendation, plant_say: p.plantSay, updated_by: p.userId };
    if (p.rowVersion === 0) {
      const r = await trx.insertInto('report_pages').values({ submission_id: p.submissionId, sample_id: p.sampleId, ...values })
        .onConflict((oc) => oc.columns(['submission_id', 'sample_id']).doNothing()).returning('row_version').executeTakeFirst();
      return r?.row_version;
    }
    const r = await trx.updateTable('report_pages').set({ ...values, updated_at: sql`now()`, row_version: sql`row_version + 1` })
      .where('submission_id', '=', p.submissionId).where('sample_id', '=', p.sampleId).where('row_version', '=', p.rowVersion)
      .returning('row_version').executeTakeFirst();
    return r?.row_version;
  }
}
