import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The result source a submission's own results carry: its lab's (Manual for both manual labs). */
const OWN_SOURCE = sql`case when ou.lab in ('Manual', 'ManualFarmer') then 'Manual' when ou.lab in ('Nvirotek', 'NvirotekFarmer') then 'Nvirotek' else ou.lab end`;

/**
 * The results of submissions' samples, scoped to each submission's own lab order (issue 31, ADR 0097): a sample's
 * capture's stored result counts only when it was written for this submission (`capture_results.submission_id`)
 * by its lab (`source`: Manual for the manual labs, else the outside lab). A capture's older result — a demo
 * Wynland result, another submission's — is never a submission's. Every reader of a submission's results (Lab
 * Result, print, the manual entry sheet, the results export, the MFW post, the leaf and farmers' reports and their
 * matched indicator) joins this by sample id: `.leftJoin(ownResults(db).as('r'), 'r.sample_id', 's.id')`.
 * (`own-results.test.ts` beside it walks the sources: nothing else outside the leafs feature reads
 * `capture_results`.)
 */
export function ownResults(db: Db) {
  return db.selectFrom('submission_samples as os')
    .innerJoin('submissions as ou', 'ou.id', 'os.submission_id')
    .innerJoin('capture_results as oc', (j) => j.onRef('oc.capture_id', '=', 'os.capture_id').onRef('oc.submission_id', '=', 'os.submission_id'))
    .where(sql<boolean>`oc.source = ${OWN_SOURCE}`)
    .select(['os.id as sample_id', 'oc.capture_id', 'oc.lab_name', 'oc.lab_number', 'oc.na', 'oc.values', 'oc.flags', 'oc.row_version', 'oc.source', 'oc.received_at']);
}

/** A sample the lab returned that matches no row of the submission, as kept. */
export interface UnmatchedSample {
  submissionId: number;
  lab: 'Nvirotek' | 'Wynland';
  sampleNumber: string;
  labNumber: string;
  na: boolean;
  values: Record<string, number>;
  reason: string;
  receivedAt: Date;
}

/** A returned sample to keep as unmatched. */
export interface UnmatchedWrite {
  sampleNumber: string;
  labNumber: string;
  values: Record<string, number>;
  reason: string;
}

/** SQL of what a submission's lab order returned that matched no row (`submission_unmatched`), and whether it holds results. */
export class OwnResultsRepository {
  /** Whether the submission holds results of its own (typed, or from its lab). */
  async exist(db: Db, submissionId: number): Promise<boolean> {
    return !!(await ownResults(db).where('os.submission_id', '=', submissionId).limit(1).executeTakeFirst());
  }

  /** The unmatched samples of these submissions, in the order they first came. */
  async unmatched(db: Db, submissionIds: readonly number[]): Promise<UnmatchedSample[]> {
    if (submissionIds.length === 0) return [];
    return db.selectFrom('submission_unmatched')
      .select(['submission_id as submissionId', 'lab', 'sample_number as sampleNumber', 'lab_number as labNumber', 'na', 'values', 'reason', 'received_at as receivedAt'])
      .where('submission_id', 'in', [...submissionIds]).orderBy('submission_id').orderBy('id').execute();
  }

  /**
   * Keeps these returned samples as unmatched (a sample already kept takes the values and reason returned now,
   * its time moves on only when they changed); answers those kept for the first time.
   */
  async keep(trx: Db, submissionId: number, lab: 'Nvirotek' | 'Wynland', rows: UnmatchedWrite[]): Promise<UnmatchedWrite[]> {
    if (rows.length === 0) return [];
    const made = await trx.insertInto('submission_unmatched')
      .values(rows.map((r) => ({ submission_id: submissionId, lab, sample_number: r.sampleNumber, lab_number: r.labNumber, values: JSON.stringify(r.values), reason: r.reason })))
      .onConflict((oc) => oc.columns(['submission_id', 'sample_number', 'lab_number']).doUpdateSet({
        values: (eb) => eb.ref('excluded.values'), reason: (eb) => eb.ref('excluded.reason'), received_at: sql<Date>`now()`,
      }).where(sql<boolean>`(submission_unmatched.values, submission_unmatched.reason) is distinct from (excluded.values, excluded.reason)`))
      .returning(['sample_number', 'lab_number', sql<boolean>`xmax = 0`.as('created')]).execute();
    const created = new Set(made.filter((m) => m.created).map((m) => `${m.sample_number}\u0000${m.lab_number}`));
    return rows.filter((r) => created.has(`${r.sampleNumber}\u0000${r.labNumber}`));
  }

  /** Returned samples now matched to a row (by their lab number) leave the unmatched list. */
  async matched(trx: Db, submissionId: number, labNumbers: string[]): Promise<void> {
    const wanted = labNumbers.filter((n) => n !== '');
    if (wanted.length === 0) return;
    await trx.deleteFrom('submission_unmatched').where('submission_id', '=', submissionId).where('lab_number', 'in', wanted).execute();
  }
}
