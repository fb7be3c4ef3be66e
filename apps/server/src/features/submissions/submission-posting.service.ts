import { createHash } from 'node:crypto';
import { type PostResult, SUBMISSION_LAB_LABELS, SUBMISSION_POSTING_MESSAGES as M, type SubmissionLab, resultValuesOf } from '@sapwood/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import type { MfwClient, MfwSampleResultsPost } from '../../platform/integrations/mfw.client';
import { holdsResult } from './lab-results-view';
import { type PostingHeader, type PostingSample, SubmissionPostingRepository } from './submission-posting.repository';
import { SubmissionsRepository } from './submissions.repository';

type Kind = 'leaf' | 'soil';
type Result = z.output<typeof PostResult>;

/** The post of a submission's results: every sample holding one, its values by the kind's codes with units. */
export function samplePost(kind: Kind, s: PostingHeader, samples: PostingSample[]): MfwSampleResultsPost {
  const values = resultValuesOf(kind);
  return {
    submissionId: s.id,
    kind,
    client: s.clientName,
    farm: s.farmName,
    lab: SUBMISSION_LAB_LABELS[s.lab as SubmissionLab] ?? s.lab,
    dateSampled: s.dateSampled,
    completedAt: s.completedAt ? s.completedAt.toISOString() : null,
    samples: samples.filter(holdsResult).map((x) => ({
      sampleNumber: x.sampleNumber,
      block: x.blockNumber,
      crop: kind === 'leaf' ? x.crop : null,
      labNumber: x.labNumber ?? '',
      na: !!x.na,
      values: x.na ? [] : values.flatMap((v) => {
        const n = x.values?.[v.code];
        const flag = x.flags?.[v.code];
        // an outside lab's value out of its bounds goes with its flag, never silently
        return typeof n === 'number' ? [{ code: v.code, value: n, unit: v.unit, ...(flag ? { flag } : {}) }] : [];
      }),
    })),
  };
}

/**
 * The idempotency key of a submission's post: the submission and a hash of what is posted, so posting
 * unchanged results again is the same post (MFW makes no duplicate) and changed results a new one.
 */
export const postingKey = (post: MfwSampleResultsPost) =>
  `submission-${post.submissionId}-${createHash('sha256').update(JSON.stringify(post)).digest('hex').slice(0, 40)}`;

/**
 * Posting a completed submission to the farm-management system (issue 15, spec part 2 §4): only a Completed
 * one with a location; every attempt logged with its answer; success stamps the posted date and the
 * submission's history (and names the samples left out, without a result), a failure leaves them as they were
 * and says why.
 */
export class SubmissionPostingService {
  private readonly repo = new SubmissionPostingRepository();

  constructor(private readonly db: Db, private readonly mfw: MfwClient) {}

  async post(kind: Kind, id: number, userId: number | null): Promise<Result[]> {
    const s = await this.repo.header(this.db, kind, id);
    if (!s) throw notFound('Submission');
    if (s.state !== 'Completed') throw fieldError('id', M.notCompleted);
    if (!s.hasLocation) throw fieldError('id', M.noLocation);
    const samples = await this.repo.samples(this.db, id);
    const post = samplePost(kind, s, samples);
    if (post.samples.length === 0) return [{ status: 'Failed', message: M.failed(id, M.noResults) }];
    const key = postingKey(post);
    const before = await this.repo.attempts(this.db, id);
    const last = await this.mfw.postSampleResults(post, key, (a) => this.repo.logAttempt(this.db, {
      submissionId: id, attempt: before + a.attempt, status: a.ok ? 'success' : 'failed', httpStatus: a.httpStatus,
      response: a.body, error: a.error, key, userId,
    }));
    if (!last.ok) return [{ status: 'Failed', message: M.failed(id, this.mfw.configured ? last.error ?? 'failed' : M.notConfigured) }];
    await this.db.transaction().execute(async (trx) => {
      const { before: was, after } = await this.repo.markPosted(trx, id);
      const reason = was ? 'Posted to MFW again' : 'Posted to MFW';
      await new SubmissionsRepository().addEvent(trx, { submissionId: id, userId, from: 'Completed', to: 'Completed', reason });
      await recordChange(trx, {
        userId, entity: 'submission', entityId: id, action: 'update', reason,
        oldValues: { postedToMfwAt: was }, newValues: { postedToMfwAt: after, idempotencyKey: key },
      });
    });
    // a sample without a result is not posted, and the answer says which (issue 31: never silently left out)
    return [{ status: 'Success', message: M.posted(id, post.samples.length, samples.filter((x) => !holdsResult(x)).map((x) => x.sampleNumber)) }];
  }
}
