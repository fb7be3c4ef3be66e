import { captureLabOf } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { captureSubmissions } from '../leafs';
import { SubmissionResultsRepository } from './submission-results.repository';
import type { StoredSubmission } from './submissions.repository';

type Kind = 'leaf' | 'soil';

/** A sample of a submission as its capture is found or made. */
export interface SampleForCapture {
  sampleId: number;
  sampleNumber: string;
  blockNumber: string;
  cropId: number | null;
  captureId: number | null;
}

/**
 * Inside the caller's transaction: the capture of each sample, in order. A sample typed by hand into the
 * submission gets one on its first results (once, however often it is given), through the leafs feature's
 * `captureSubmissions.handCaptures`, and is linked to it: the one way a hand-added row's results are stored,
 * typed in (ADR 0088) or returned by an outside lab (ADR 0097).
 */
export async function capturesOfSamples(trx: Db, s: StoredSubmission, kind: Kind, samples: SampleForCapture[], userId: number | null): Promise<number[]> {
  const hand = [...new Map(samples.filter((x) => x.captureId === null).map((x) => [x.sampleId, x])).values()];
  if (hand.length === 0) return samples.map((x) => x.captureId!);
  const ids = await captureSubmissions.handCaptures(trx, hand.map((x) => ({
    kind, submissionId: s.id, submittedAt: s.submittedAt, lab: captureLabOf(s.lab), sampleNumber: x.sampleNumber, blockNumber: x.blockNumber, cropId: x.cropId,
    clientName: s.clientName, farmName: s.farmName,
  })), userId);
  const made = new Map(hand.map((x, i) => [x.sampleId, ids[i]]));
  await new SubmissionResultsRepository().linkCaptures(trx, hand.map((x, i) => ({ sampleId: x.sampleId, captureId: ids[i] })));
  return samples.map((x) => x.captureId ?? made.get(x.sampleId)!);
}
