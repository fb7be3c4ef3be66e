import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { OwnResultsRepository, ownResults } from './own-results.repository';
import type { SubmissionState } from './submissions.repository';

/** A sample of a submission with what is stored of its results (nulls: nothing stored yet). */
export interface SampleWithResult {
  sampleId: number;
  sampleNumber: string;
  blockNumber: string;
  cropId: number | null;
  captureId: number | null;
  labNumber: string | null;
  na: boolean | null;
  values: Record<string, number> | null;
  /** an outside lab's values out of their bounds: code → what is wrong */
  flags: Record<string, string> | null;
  rowVersion: number | null;
}

/** A submission's samples (`s`) with their own results (`r`, `ownResults`), as SampleWithResult. */
const samplesWithResults = (db: Db) => db.selectFrom('submission_samples as s')
  .leftJoin(ownResults(db).as('r'), 'r.sample_id', 's.id')
  .select([
    's.id as sampleId', 's.sample_number as sampleNumber', 's.block_number as blockNumber', 's.crop_id as cropId', 's.capture_id as captureId',
    'r.lab_number as labNumber', 'r.na', 'r.values', 'r.flags', 'r.row_version as rowVersion',
  ]);

/**
 * SQL of a submission's results as the submissions feature reads them (the results themselves are the leafs
 * feature's `capture_results`, written only through recordCaptureResults, read through `ownResults`: only those
 * of the submission's own lab order) and of its changes of state.
 */
export class SubmissionResultsRepository {
  /** Every sample of the submission in group and position order, with its own result (nulls: none). */
  samples(db: Db, submissionId: number): Promise<SampleWithResult[]> {
    return samplesWithResults(db).where('s.submission_id', '=', submissionId)
      .orderBy('s.group_no').orderBy('s.position').orderBy('s.id').execute();
  }

  /** Every sample of these submissions with its own result, in one statement: by submission, then as `samples` orders them. */
  samplesOf(db: Db, submissionIds: readonly number[]): Promise<(SampleWithResult & { submissionId: number })[]> {
    if (submissionIds.length === 0) return Promise.resolve([]);
    return samplesWithResults(db).select('s.submission_id as submissionId').where('s.submission_id', 'in', [...submissionIds])
      .orderBy('s.submission_id').orderBy('s.group_no').orderBy('s.position').orderBy('s.id').execute();
  }

  /** Links samples typed by hand to the captures made for them, in one statement. */
  async linkCaptures(trx: Db, links: { sampleId: number; captureId: number }[]): Promise<void> {
    if (links.length === 0) return;
    await sql`update submission_samples x set capture_id = l.capture_id
      from jsonb_to_recordset(${JSON.stringify(links.map((l) => ({ sample_id: l.sampleId, capture_id: l.captureId })))}::jsonb) as l(sample_id int, capture_id int)
      where x.id = l.sample_id and x.capture_id is null`.execute(trx);
  }

  /** Whether results were stored for the submission (by hand or from its lab). */
  hasResults(db: Db, submissionId: number): Promise<boolean> {
    return new OwnResultsRepository().exist(db, submissionId);
  }

  /**
   * Moves the submission from `from` to `to` only while it is in `from` (two racing changes cannot both
   * succeed): false when it was not. Completed stamps `completed_at`; Archived keeps the state it left.
   */
  async move(trx: Db, id: number, from: SubmissionState, to: SubmissionState): Promise<boolean> {
    const r = await trx.updateTable('submissions')
      .set({
        state: to,
        ...(to === 'Completed' && from === 'Results' ? { completed_at: sql<Date>`now()` } : {}),
        archived_from: to === 'Archived' && (from === 'Results' || from === 'Completed') ? from : null,
        row_version: sql`row_version + 1`,
      })
      .where('id', '=', id).where('state', '=', from).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
