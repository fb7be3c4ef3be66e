import { randomUUID } from 'node:crypto';
import { SUBMISSION_MESSAGES, captureFitsLab, captureLabOf } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { conflict } from '../../http/errors';
import { recordChanges } from '../../platform/audit/audit';
import { archiveCaptures } from './capture-archive';
import { CaptureSubmissionsRepository, type EntryForSubmission, type HandSample } from './capture-submissions.repository';

type Kind = 'leaf' | 'soil';
const repo = new CaptureSubmissionsRepository();

/**
 * What the submissions feature does with captures (the leafs feature owns them): reads the entries a
 * submission starts from (the pending groups are PendingGroupLists'), moves entries to Completed with their submission (all of them,
 * or 409 when one is no longer Not Completed), gives them back when a submission is deleted, and archives a
 * pending group. Each change is audited per capture.
 */
export const captureSubmissions = {
  entries: (db: Db, kind: Kind, ids: number[]): Promise<EntryForSubmission[]> => repo.notCompleted(db, kind, ids),

  /**
   * Inside the submission's transaction: the entries move to Completed with its id and date, each then showing the lab
   * the submission goes to (ADR 0251). 409 when one is no longer Not Completed, or its lab was changed to one the
   * submission's lab does not take since the submit was checked.
   */
  async submitEntries(trx: Db, kind: Kind, ids: number[], submission: { id: number; lab: string }, at: Date, userId: number | null): Promise<void> {
    const unique = [...new Set(ids)];
    const locked = await repo.lockNotCompleted(trx, kind, unique);
    if (locked.length !== unique.length || locked.some((c) => !captureFitsLab(c.lab, submission.lab))) throw conflict(SUBMISSION_MESSAGES.entryGone);
    const lab = captureLabOf(submission.lab);
    if ((await repo.submit(trx, kind, unique, submission.id, at, lab)) !== unique.length) throw conflict(SUBMISSION_MESSAGES.entryGone);
    await recordChanges(trx, locked.map((c) => ({
      userId, entity: 'capture', entityId: c.id, action: 'update' as const,
      oldValues: { status: 'NotCompleted', submissionId: null, lab: c.lab }, newValues: { status: 'Completed', submissionId: submission.id, lab },
    })));
  },

  /** Inside the deleting transaction: the submission's entries return to Not Completed, each with the lab it showed before. */
  async releaseEntries(trx: Db, submissionId: number, userId: number): Promise<number[]> {
    const released = await repo.release(trx, submissionId);
    await recordChanges(trx, released.map((c) => ({
      userId, entity: 'capture', entityId: c.id, action: 'update' as const,
      oldValues: { status: 'Completed', submissionId, ...(c.lab !== c.was && { lab: c.was }) },
      newValues: { status: 'NotCompleted', submissionId: null, ...(c.lab !== c.was && { lab: c.lab }) },
    })));
    return released.map((c) => c.id);
  },

  /**
   * Inside the caller's transaction: a Completed capture of the submission for each sample typed by hand into
   * it (no capture of the field app), so that its results are stored like every other (ADR 0088). Audited.
   * Answers their ids in the samples' order.
   */
  async handCaptures(trx: Db, samples: HandSample[], userId: number | null): Promise<number[]> {
    const ids = await repo.insertHand(trx, samples.map((sample) => ({ key: `hand-${randomUUID()}`, sample })));
    await recordChanges(trx, samples.map((sample, i) => ({
      userId, entity: 'capture', entityId: ids[i], action: 'create' as const,
      newValues: { byHand: true, status: 'Completed', submissionId: sample.submissionId, sampleNumber: sample.sampleNumber },
    })));
    return ids;
  },

  /** The Prepare tab's delete: the group's Not Completed entries are archived, all or none. */
  archiveEntries: (db: Db, kind: Kind, ids: number[], userId: number): Promise<true> => archiveCaptures(db, kind, [...new Set(ids)], true, userId),
};
export type { EntryForSubmission, HandSample };
