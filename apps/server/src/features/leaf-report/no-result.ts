import { LEAF_REPORT_MESSAGES } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { noResultReasons } from '../submissions';

/**
 * A page or report refused for its sample's want of a result: the sample and why, by the lab result view's one rule
 * (`noResultReasons`: waiting for its lab, its order refused, its lab's answer not read…; ADR 0252).
 */
export async function noResultMessage(db: Db, submissionId: number, sample: { id: number; sampleNumber: string }): Promise<string> {
  const why = (await noResultReasons(db, [submissionId])).get(sample.id);
  return LEAF_REPORT_MESSAGES.noResult(sample.sampleNumber, why);
}
