import type { Db } from '../../db/database';
import { noResultReason } from './lab-results-view';
import { OwnResultsRepository } from './own-results.repository';
import { SubmissionResultsRepository } from './submission-results.repository';
import { SubmissionsRepository } from './submissions.repository';

const submissions = new SubmissionsRepository();
const results = new SubmissionResultsRepository();
const own = new OwnResultsRepository();

/**
 * Why each sample of the submissions shows no values, by sample id: `noResultReason`, the one rule of the lab result
 * view, its print and CSV (ADR 0117, 0245, 0248), for the reports other features make of a submission (the leaf
 * report's settings, preview and PDF: ADR 0252). A sample holding values is not in it; a submission not found adds none.
 * Three statements however many submissions are asked for: the submissions, their samples, their unmatched samples.
 */
export async function noResultReasons(db: Db, submissionIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(submissionIds)];
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  // one after another: `db` may be a transaction's one connection
  const byId = new Map((await submissions.findMany(db, ids)).map((s) => [s.id, s]));
  const samples = await results.samplesOf(db, ids);
  const unmatched = await own.unmatched(db, ids);
  const returned = new Map<number, number>();
  for (const u of unmatched) returned.set(u.submissionId, (returned.get(u.submissionId) ?? 0) + 1);
  for (const x of samples) {
    const s = byId.get(x.submissionId);
    if (!s) continue;
    const why = noResultReason(s, x, returned.get(x.submissionId) ?? 0);
    if (why) out.set(x.sampleId, why);
  }
  return out;
}
