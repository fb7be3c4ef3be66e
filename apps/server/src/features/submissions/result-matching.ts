import { SUBMISSION_MESSAGES as M } from '@sapwood/contracts';

/** A sample as the lab returned it (the lab's sample number and lab number, values under the app's codes). */
export interface ReturnedSample {
  sampleNumber: string;
  labNumber: string;
  values: Record<string, number>;
}

/** A row of the submission, with the lab number of its own stored result (null or '': none yet). */
export interface RowToMatch {
  sampleId: number;
  sampleNumber: string;
  labNumber: string | null;
}

const key = (s: string) => s.trim().toLowerCase();

/**
 * Matches what a lab returned to the submission's rows (issue 31, ADR 0097), every row alike, captured or typed
 * by hand: first by lab number, once a row holds one (the lab may correct a sample number later), else by sample
 * number, case and spaces aside. A returned sample is unmatched — kept and shown, never dropped — when its number
 * is no row's, is on more than one row, names a row holding another lab number, or names a row already matched
 * in this answer; each with its reason.
 */
export function matchReturned<R extends RowToMatch>(rows: readonly R[], returned: readonly ReturnedSample[]) {
  const byLab = new Map<string, R>();
  const bySample = new Map<string, R[]>();
  for (const row of rows) {
    if (row.labNumber?.trim()) byLab.set(key(row.labNumber), row);
    const k = key(row.sampleNumber);
    bySample.set(k, [...(bySample.get(k) ?? []), row]);
  }
  const taken = new Set<number>();
  const matched: { row: R; returned: ReturnedSample }[] = [];
  const unmatched: (ReturnedSample & { reason: string })[] = [];
  for (const r of returned) {
    const byNumber = bySample.get(key(r.sampleNumber)) ?? [];
    let row = r.labNumber.trim() ? byLab.get(key(r.labNumber)) : undefined;
    let reason: string | null = null;
    if (!row) {
      if (byNumber.length === 0) reason = M.unmatchedNoRow;
      else if (byNumber.length > 1) reason = M.unmatchedAmbiguous;
      else if (byNumber[0].labNumber?.trim() && r.labNumber.trim() && key(byNumber[0].labNumber) !== key(r.labNumber)) reason = M.unmatchedOtherLabNumber(byNumber[0].labNumber.trim());
      else row = byNumber[0];
    }
    if (row && taken.has(row.sampleId)) reason = M.unmatchedTwice;
    if (reason || !row) unmatched.push({ ...r, reason: reason ?? M.unmatchedNoRow });
    else {
      taken.add(row.sampleId);
      matched.push({ row, returned: r });
    }
  }
  return { matched, unmatched };
}
