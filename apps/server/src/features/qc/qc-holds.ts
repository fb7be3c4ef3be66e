import { QC_MESSAGES } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { conflict } from '../../http/errors';
import { QcControlsRepository } from './qc-controls.repository';

/** Refuses (409, saying why) when any of these carbohydrate entries belongs to a job held by a rejected control. */
export async function refuseHeldResults(db: Db, entryIds: number[]): Promise<void> {
  const held = await new QcControlsRepository(db).heldJobsOfEntries(db, entryIds);
  if (held.length) throw conflict(QC_MESSAGES.held(held.map((j) => `J${j}`).join(', ')));
}

/** The controls of the runs of these entries, for a report that states them. */
export function controlsOfResults(db: Db, entryIds: number[]) {
  return new QcControlsRepository(db).controlsOfEntries(db, entryIds);
}
