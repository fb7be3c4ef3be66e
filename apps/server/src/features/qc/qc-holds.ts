import { QC_MESSAGES, type QcHold } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { conflict } from '../../http/errors';
import { QcControlsRepository } from './qc-controls.repository';
import { QcHoldsRepository } from './qc-holds.repository';

const WHY: Record<QcHold, (jobs: string) => string> = { rejected: QC_MESSAGES.held, unentered: QC_MESSAGES.heldUnentered };

/**
 * Refuses (409, saying why) when any of these carbohydrate entries belongs to a held job: a control rejected and
 * not released, or (controls required) a control not yet entered. Names the jobs of each reason.
 */
export async function refuseHeldResults(db: Db, entryIds: number[]): Promise<void> {
  const held = await new QcHoldsRepository().heldJobsOfEntries(db, entryIds);
  if (held.length === 0) return;
  const reasons = (['rejected', 'unentered'] as const).flatMap((hold) => {
    const jobs = held.filter((h) => h.hold === hold).map((h) => `J${h.jobId}`);
    return jobs.length ? [WHY[hold](jobs.join(', '))] : [];
  });
  throw conflict(reasons.join(' '));
}

/** The controls of the runs of these entries, for a report that states them. */
export function controlsOfResults(db: Db, entryIds: number[]) {
  return new QcControlsRepository(db).controlsOfEntries(db, entryIds);
}
