import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface ControlRow {
  id: number;
  jobId: number;
  controlLotId: number;
  position: number;
  name: string;
  lot: string;
  analyte: 'sugar' | 'starch';
  mean: number;
  sd: number;
  value: number | null;
  resultOn: Date | null;
  z: number | null;
  outcome: 'pass' | 'warning' | 'reject' | null;
  violations: unknown;
  releasedAt: Date | null;
  releaseReason: string | null;
  rowVersion: number;
}

/** All SQL of the control rows of lab jobs, their judgements and holds. */
export class QcControlsRepository {
  constructor(private readonly db: Db) {}

  private base(db: Db) {
    return db.selectFrom('qc_job_controls as c').innerJoin('qc_control_lots as l', 'l.id', 'c.control_lot_id').select([
      'c.id', 'c.lab_job_id as jobId', 'c.control_lot_id as controlLotId', 'c.position', 'l.name', 'l.lot', 'l.analyte', 'l.mean', 'l.sd',
      'c.value', 'c.result_on as resultOn', 'c.z', 'c.outcome', 'c.violations', 'c.released_at as releasedAt', 'c.release_reason as releaseReason',
      'c.row_version as rowVersion',
    ]);
  }

  byJob(db: Db, jobId: number, forUpdate = false): Promise<ControlRow[]> {
    let q = this.base(db).where('c.lab_job_id', '=', jobId).orderBy('c.position').orderBy('c.id');
    if (forUpdate) q = q.forUpdate();
    return q.execute();
  }

  async jobExists(db: Db, jobId: number, forUpdate = false): Promise<boolean> {
    let q = db.selectFrom('lab_jobs').select('id').where('id', '=', jobId);
    if (forUpdate) q = q.forUpdate();
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** z of the earlier results of a lot, in run order (entered before the given control, or all when none). */
  async historyZ(db: Db, lotId: number, before: { resultOn: Date; id: number } | null, analyte?: string): Promise<number[]> {
    let q = db.selectFrom('qc_job_controls').select('z').where('value', 'is not', null).where('z', 'is not', null);
    // by lot, or (analyte given) every lot of the analyte, all levels interleaved in entry order: 4-1s and 10-x across levels (ADR 0161)
    q = analyte === undefined ? q.where('control_lot_id', '=', lotId)
      : q.where('control_lot_id', 'in', db.selectFrom('qc_control_lots').select('id').where('analyte', '=', analyte as 'sugar' | 'starch'));
    if (before) q = q.where(sql<boolean>`(result_on, id) < (${before.resultOn}, ${before.id})`);
    const rows = await q.orderBy('result_on').orderBy('id').execute();
    return rows.map((r) => r.z as number);
  }

  /** Every result of a lot in run order, for its chart. */
  runs(lotId: number): Promise<ControlRow[]> {
    return this.base(this.db).where('c.control_lot_id', '=', lotId).where('c.value', 'is not', null).orderBy('c.result_on').orderBy('c.id').execute();
  }

  async insert(db: Db, jobId: number, lotId: number, position: number): Promise<number> {
    const r = await db.insertInto('qc_job_controls').values({ lab_job_id: jobId, control_lot_id: lotId, position }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async setPosition(db: Db, id: number, position: number): Promise<void> {
    await db.updateTable('qc_job_controls').set({ position }).where('id', '=', id).execute();
  }

  async remove(db: Db, ids: number[]): Promise<void> {
    if (ids.length) await db.deleteFrom('qc_job_controls').where('id', 'in', ids).execute();
  }

  async saveResult(
    db: Db, id: number,
    v: { value: number | null; z: number | null; outcome: 'pass' | 'warning' | 'reject' | null; violations: unknown[]; userId: number; firstEntry: boolean },
  ): Promise<void> {
    await db.updateTable('qc_job_controls').set({
      value: v.value, z: v.z, outcome: v.outcome, violations: JSON.stringify(v.violations), result_by: v.userId,
      ...(v.firstEntry ? { result_on: new Date() } : {}),
      ...(v.value === null ? { result_on: null } : {}),
      released_at: null, released_by: null, release_reason: null, row_version: sql`row_version + 1`,
    }).where('id', '=', id).execute();
  }

  /** Marks the job's rejected, unreleased controls (or only those given) released; answers their ids. */
  async release(db: Db, jobId: number, userId: number, reason: string, onlyIds?: number[]): Promise<number[]> {
    let q = db.updateTable('qc_job_controls')
      .set({ released_at: new Date(), released_by: userId, release_reason: reason, row_version: sql`row_version + 1` })
      .where('lab_job_id', '=', jobId).where('outcome', '=', 'reject').where('released_at', 'is', null);
    if (onlyIds) q = q.where('id', 'in', onlyIds);
    const r = await q.returning('id').execute();
    return r.map((x) => x.id);
  }

  /** The controls of the jobs of the given entries, for a report's trace. */
  controlsOfEntries(db: Db, entryIds: number[]): Promise<ControlRow[]> {
    if (entryIds.length === 0) return Promise.resolve([]);
    return this.base(db)
      .where('c.lab_job_id', 'in', db.selectFrom('lab_job_entries').select('lab_job_id').where('id', 'in', entryIds))
      .where('c.value', 'is not', null)
      .orderBy('c.lab_job_id').orderBy('c.position')
      .execute();
  }
}
