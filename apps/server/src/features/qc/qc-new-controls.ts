import { QC_MESSAGES } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { validationError } from '../../http/errors';
import { type AuditEntry, recordChanges } from '../../platform/audit/audit';
import { QcControlsRepository } from './qc-controls.repository';
import { QcLotsRepository } from './qc-lots.repository';

/** The ids of the lots a control row may be added from today (active and valid). */
export async function activeLotIds(db: Db): Promise<Set<number>> {
  return new Set((await new QcLotsRepository(db).activeOn(new Date().toISOString().slice(0, 10))).map((l) => l.id));
}

/**
 * New control rows of a job, one per lot, at the given positions; answers the refused lots (not active) as 400
 * fields named by `fieldOf`, and the audit entries of the rows added. Nothing is added when one is refused.
 */
export async function insertControls(
  trx: Db, jobId: number, rows: { lotId: number; position: number; index: number }[], userId: number, fieldOf: (index: number) => string,
): Promise<{ wrong: { field: string; message: string }[]; audits: AuditEntry[] }> {
  const active = await activeLotIds(trx);
  const wrong = rows.filter((r) => !active.has(r.lotId)).map((r) => ({ field: fieldOf(r.index), message: QC_MESSAGES.lotNotActive }));
  if (wrong.length) return { wrong, audits: [] };
  const repo = new QcControlsRepository(trx);
  const audits: AuditEntry[] = [];
  for (const r of rows) {
    const id = await repo.insert(trx, jobId, r.lotId, r.position);
    audits.push({ userId, entity: 'qc_job_control', entityId: id, action: 'create', newValues: { jobId, controlLotId: r.lotId } });
  }
  return { wrong, audits };
}

/** A new job's control rows (the job card's first save, issue 37), in the job's transaction: 400 at `controlLotIds.N` for a lot not active. */
export async function addJobControls(trx: Db, jobId: number, lotIds: readonly number[], userId: number): Promise<void> {
  const rows = lotIds.map((lotId, index) => ({ lotId, position: index + 1, index }));
  const { wrong, audits } = await insertControls(trx, jobId, rows, userId, (i) => `controlLotIds.${i}`);
  if (wrong.length) throw validationError(wrong);
  await recordChanges(trx, audits);
}
