import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { ownResults } from '../submissions';

export type ReportKind = 'leaf' | 'soil';

/** A sample the leaf report asked for, with its submission and whether it has a result. */
export interface SampleOwner {
  id: number;
  submissionId: number;
  sampleNumber: string;
  kind: ReportKind;
  matched: boolean;
}

/**
 * The SQL of the report PDFs: the records (this feature's `submission_reports`, with their job's status) and
 * what a report reads of other features' tables (samples' owners and values, names, addresses, distributors).
 */
export class SubmissionReportRepository {
  sampleOwners(db: Db, sampleIds: readonly number[]): Promise<SampleOwner[]> {
    if (sampleIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('submission_samples as s')
      .innerJoin('submissions as u', 'u.id', 's.submission_id')
      .leftJoin(ownResults(db).as('r'), 'r.sample_id', 's.id')
      .select(['s.id', 's.submission_id as submissionId', 's.sample_number as sampleNumber', 'u.kind', sql<boolean>`r.sample_id is not null`.as('matched')])
      .where('s.id', 'in', [...sampleIds]).execute();
  }

  /** The stored values and lab numbers of samples. */
  sampleValues(db: Db, sampleIds: readonly number[]) {
    if (sampleIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('submission_samples as s')
      .innerJoin(ownResults(db).as('r'), 'r.sample_id', 's.id')
      .select(['s.id', 'r.values', 'r.flags', 'r.lab_number as labNumber', 'r.na'])
      .where('s.id', 'in', [...sampleIds]).execute();
  }

  async insert(trx: Db, r: { kind: ReportKind; submissionIds: number[]; sampleIds: number[]; userId: number }): Promise<number> {
    const row = await trx.insertInto('submission_reports')
      .values({ kind: r.kind, submission_ids: r.submissionIds, sample_ids: r.sampleIds, created_by: r.userId, job_id: null, frozen: null, file_key: null, file_name: null, file_size: null })
      .returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async attachJob(trx: Db, reportId: number, jobId: number): Promise<void> {
    await trx.updateTable('submission_reports').set({ job_id: jobId }).where('id', '=', reportId).execute();
  }

  async saveResult(db: Db, reportId: number, r: { frozen: unknown; fileKey: string; fileName: string; fileSize: number }): Promise<void> {
    await db.updateTable('submission_reports')
      .set({ frozen: JSON.stringify(r.frozen), file_key: r.fileKey, file_name: r.fileName, file_size: r.fileSize })
      .where('id', '=', reportId).execute();
  }

  report(db: Db, id: number) {
    return db.selectFrom('submission_reports as r')
      .leftJoin('background_jobs as j', 'j.id', 'r.job_id')
      .select([
        'r.id', 'r.kind', 'r.submission_ids as submissionIds', 'r.sample_ids as sampleIds', 'r.created_at as createdAt', 'r.frozen',
        'r.file_key as fileKey', 'r.file_name as fileName',
        sql<'queued' | 'running' | 'done' | 'failed'>`coalesce(j.status, 'queued')`.as('status'), sql<number>`coalesce(j.progress, 0)`.as('progress'), 'j.error',
      ])
      .where('r.id', '=', id).executeTakeFirst();
  }

  async names(db: Db, table: 'agents' | 'agronomists', ids: readonly number[]): Promise<Map<number, string>> {
    const wanted = ids.filter((i) => i > 0);
    if (wanted.length === 0) return new Map();
    const rows = await db.selectFrom(table).select(['id', 'name']).where('id', 'in', wanted).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** The address chosen, else (0, or gone) the default one. */
  async address(db: Db, id: number) {
    const chosen = id > 0 ? await db.selectFrom('addresses').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    return chosen ?? db.selectFrom('addresses').selectAll().where('archived', '=', false).orderBy('is_default', 'desc').orderBy('id').limit(1).executeTakeFirst();
  }

  distributor(db: Db, id: number) {
    if (id <= 0) return Promise.resolve(undefined);
    return db.selectFrom('distributors').select(['id', 'name', 'image_path', 'image_hash']).where('id', '=', id).executeTakeFirst();
  }
}
