import type { Db } from '../../db/database';
import { noResultReason } from './lab-results-view';
import { OwnResultsRepository } from './own-results.repository';
import { SubmissionResultsRepository } from './submission-results.repository';
import { SubmissionsRepository } from './submissions.repository';

/**
 * Why each sample of the submissions shows no values, by sample id: `noResultReason`, the one rule of the lab result
 * view, its print and CSV (ADR 0117, 0245, 0248), for the reports other features make of a submission (the leaf
 * report's settings, preview and PDF: ADR 0252). A sample holding values is not in it; a submission not found adds none.
 */
export async function noResultReasons(db: Db, submissionIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(submissionIds)];
  const out = new Map<number, string>();
  const unmatched = await new OwnResultsRepository().unmatched(db, ids);
  for (const id of ids) {
    const s = await new SubmissionsRepository().find(db, id);
    if (!s) continue;
    const returned = unmatched.filter((u) => u.submissionId === id).length;
    for (const x of await new SubmissionResultsRepository().samples(db, id)) {
      const why = noResultReason(s, x, returned);
      if (why) out.set(x.sampleId, why);
    }
  }
  return out;
}
