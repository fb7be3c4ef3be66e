import type { Db } from '../../db/database';
import { ownResults } from './own-results.repository';
import type { SubmissionState } from './submissions.repository';

/** One sample of an exported submission with its capture's stored result (nulls: none stored). */
export interface ExportRow {
  submissionId: number;
  groupNo: number;
  position: number;
  clientName: string;
  farmName: string;
  sampleNumber: string;
  labNumber: string | null;
  na: boolean | null;
  values: Record<string, number> | null;
}

/** Where the next chunk starts: after this sample in (submission, group, position) order. */
export type ExportKey = Pick<ExportRow, 'submissionId' | 'groupNo' | 'position'>;

export interface ExportFilter {
  kind: 'leaf' | 'soil';
  state: SubmissionState;
  /** only these submissions (those of another kind or state are left out); undefined: every one */
  ids?: number[];
}

/**
 * SQL of the results export: the samples of the submissions of a kind in a state, in (submission, group,
 * position) order (the samples' unique key, so paging by it sees each sample once), each with its capture's
 * own result (its lab order's, through `ownResults`; a sample typed by hand without a capture yet has none).
 */
export class SubmissionExportRepository {
  chunk(db: Db, f: ExportFilter, after: ExportKey | null, limit: number): Promise<ExportRow[]> {
    let q = db.selectFrom('submission_samples as x')
      .innerJoin('submissions as s', 's.id', 'x.submission_id')
      .leftJoin(ownResults(db).as('r'), 'r.sample_id', 'x.id')
      .where('s.kind', '=', f.kind).where('s.state', '=', f.state);
    if (f.ids) q = q.where('x.submission_id', 'in', f.ids.length ? f.ids : [0]);
    if (after) q = q.where((eb) => eb(eb.refTuple('x.submission_id', 'x.group_no', 'x.position'), '>', eb.tuple(after.submissionId, after.groupNo, after.position)));
    return q
      .select([
        'x.submission_id as submissionId', 'x.group_no as groupNo', 'x.position', 's.client_name as clientName', 's.farm_name as farmName',
        'x.sample_number as sampleNumber', 'r.lab_number as labNumber', 'r.na', 'r.values',
      ])
      .orderBy('x.submission_id').orderBy('x.group_no').orderBy('x.position')
      .limit(limit).execute();
  }
}
