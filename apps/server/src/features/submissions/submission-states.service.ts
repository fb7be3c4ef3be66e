import { type LabResultView, MANUAL_ENTRY_MESSAGES as M } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { labResultView, labResultsHtml, noResultsWhy } from './lab-results-view';
import { OwnResultsRepository } from './own-results.repository';
import { SubmissionResultsRepository } from './submission-results.repository';
import { type StoredSubmission, type SubmissionState, SubmissionsRepository } from './submissions.repository';

type Kind = 'leaf' | 'soil';

/** The submission of the kind, or 404 (missing, or of the other kind); `forUpdate` locks it until the transaction ends. */
export async function submissionOf(db: Db, kind: Kind, id: number, forUpdate = false): Promise<StoredSubmission> {
  const s = await new SubmissionsRepository().find(db, id, kind, forUpdate);
  if (!s) throw notFound('Submission');
  return s;
}

/**
 * Moves a submission from `from` to `to` inside the caller's transaction, with its history entry and audit
 * record; only while it is still in `from`: a racing change that got there first answers 409.
 */
export async function moveSubmission(trx: Db, m: { id: number; from: SubmissionState; to: SubmissionState; userId: number | null; reason: string }): Promise<void> {
  const repo = new SubmissionsRepository();
  if (!(await new SubmissionResultsRepository().move(trx, m.id, m.from, m.to))) throw conflict(M.changed);
  await repo.addEvent(trx, { submissionId: m.id, userId: m.userId, from: m.from, to: m.to, reason: m.reason });
  await recordChange(trx, { userId: m.userId, entity: 'submission', entityId: m.id, action: 'update', oldValues: { state: m.from }, newValues: { state: m.to }, reason: m.reason });
}

/**
 * The submission's life after its results (spec §2 Results, Completed and Archived tabs): complete (Results →
 * Completed), archive (Results or Completed → Archived, remembering which) and restore (back to the state it
 * left); a wrong state answers 400 with the tab's message, a racing change 409. And its results: the lab
 * result view and the printable page.
 */
export class SubmissionStatesService {
  private readonly results = new SubmissionResultsRepository();
  private readonly own = new OwnResultsRepository();

  constructor(private readonly db: Db) {}

  async complete(kind: Kind, id: number, userId: number | null): Promise<true> {
    const s = await submissionOf(this.db, kind, id);
    if (s.state !== 'Results') throw fieldError('id', M.completeNeedsResults);
    await this.db.transaction().execute((trx) => moveSubmission(trx, { id, from: 'Results', to: 'Completed', userId, reason: 'Completed' }));
    return true;
  }

  async archive(kind: Kind, id: number, userId: number | null): Promise<true> {
    const s = await submissionOf(this.db, kind, id);
    if (s.state !== 'Results' && s.state !== 'Completed') throw fieldError('id', M.archiveFrom);
    await this.db.transaction().execute((trx) => moveSubmission(trx, { id, from: s.state, to: 'Archived', userId, reason: 'Archived' }));
    return true;
  }

  async restore(kind: Kind, id: number, userId: number | null): Promise<true> {
    const s = await submissionOf(this.db, kind, id);
    if (s.state !== 'Archived') throw fieldError('id', M.restoreFrom);
    const to = s.archivedFrom ?? 'Results';
    await this.db.transaction().execute((trx) => moveSubmission(trx, { id, from: 'Archived', to, userId, reason: `Restored to ${to}` }));
    return true;
  }

  async view(kind: Kind, id: number): Promise<LabResultView> {
    const s = await submissionOf(this.db, kind, id);
    return labResultView({ ...s, kind }, await this.results.samples(this.db, id), await this.own.unmatched(this.db, [id]));
  }

  /** The printable page, or none (html null) and why its samples show no values. */
  async print(kind: Kind, id: number): Promise<{ html: string | null; noResult: string[] }> {
    const s = await submissionOf(this.db, kind, id);
    const samples = await this.results.samples(this.db, id);
    const unmatched = await this.own.unmatched(this.db, [id]);
    const html = labResultsHtml({ ...s, kind }, samples, unmatched);
    return { html, noResult: html === null ? noResultsWhy({ ...s, kind }, samples, unmatched.length) : [] };
  }
}
