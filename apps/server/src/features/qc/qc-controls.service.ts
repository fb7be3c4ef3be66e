import {
  type ControlResultsInput, type JobControls, QC_MESSAGES, type SetJobControlsInput, type Violation, qcOutcome, westgard, zScore,
} from '@sapwood/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound, validationError } from '../../http/errors';
import { type AuditEntry, recordChange, recordChanges } from '../../platform/audit/audit';
import type { FeatureServices } from '../../platform/features/feature-module';
import { type ControlRow, QcControlsRepository } from './qc-controls.repository';
import { QcHoldsRepository } from './qc-holds.repository';
import { insertControls } from './qc-new-controls';
import type { QcLotsRepository } from './qc-lots.repository';

/**
 * The control rows of a job card and their results. Each saved result is judged by the Westgard rules over its
 * lot's earlier results (and the same run's other controls of the analyte, for R-4s); a rejected one holds the
 * job's client results until a passing repeat of the analyte in the job, or a release with a reason (QcRelease).
 */
export class QcControlsService {
  readonly repo: QcControlsRepository;

  constructor(
    private readonly db: Db,
    private readonly lots: QcLotsRepository,
    /** the lab's job state (FeatureServices.labJobStatus): the one definition of a completed or exported job */
    private readonly jobStatus: FeatureServices['labJobStatus'],
  ) {
    this.repo = new QcControlsRepository(db);
  }

  async jobControls(jobId: number, db: Db = this.db): Promise<JobControls> {
    if (!(await this.repo.jobExists(db, jobId))) throw notFound('Job');
    const rows = await this.repo.byJob(db, jobId);
    const { controlsOptional } = await this.lots.settings(db);
    const hold = await new QcHoldsRepository().holdOfJob(db, jobId);
    return {
      jobId, held: hold === 'rejected', hold, controlsOptional,
      rows: rows.map((r) => ({
        id: r.id, controlLotId: r.controlLotId, name: r.name, lot: r.lot, analyte: r.analyte, mean: r.mean, sd: r.sd, value: r.value, z: r.z,
        outcome: r.outcome, violations: (r.violations ?? []) as JobControls['rows'][number]['violations'], released: r.releasedAt !== null,
        releaseReason: r.releaseReason, rowVersion: r.rowVersion,
      })),
    };
  }

  /** Keeps the listed rows in the listed order, adds new ones (an active lot), removes the rest (only without a result). */
  async setControls(input: z.output<typeof SetJobControlsInput>, userId: number): Promise<JobControls> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.jobExists(trx, input.jobId, true))) throw notFound('Job');
      const existing = await this.repo.byJob(trx, input.jobId, true);
      const byId = new Map(existing.map((r) => [r.id, r]));
      const kept = new Set<number>();
      const added: { lotId: number; position: number; index: number }[] = [];
      for (const [i, row] of input.rows.entries()) {
        if (!row.id) {
          added.push({ lotId: row.controlLotId, position: i + 1, index: i });
          continue;
        }
        if (!byId.has(row.id)) throw notFound(`Control ${row.id}`);
        kept.add(row.id);
        await this.repo.setPosition(trx, row.id, i + 1);
      }
      const { wrong, audits } = await insertControls(trx, input.jobId, added, userId, (i) => `rows.${i}.controlLotId`);
      if (wrong.length) throw validationError(wrong);
      const gone = existing.filter((r) => !kept.has(r.id));
      if (gone.some((r) => r.value !== null)) throw conflict(QC_MESSAGES.hasResult);
      await this.repo.remove(trx, gone.map((r) => r.id));
      for (const r of gone) audits.push({ userId, entity: 'qc_job_control', entityId: r.id, action: 'delete', oldValues: { jobId: r.jobId, controlLotId: r.controlLotId } });
      await recordChanges(trx, audits);
      return this.jobControls(input.jobId, trx);
    });
  }

  /** Saves control results in one transaction, judging each; a passing repeat releases the analyte's rejected controls. */
  async saveResults(input: z.output<typeof ControlResultsInput>, userId: number): Promise<JobControls> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.jobExists(trx, input.jobId, true))) throw notFound('Job');
      const rows = await this.repo.byJob(trx, input.jobId, true);
      const byId = new Map(rows.map((r) => [r.id, r]));
      // every row's version first: a stale one is a conflict before any row or value is judged
      for (const c of input.rows) if (byId.has(c.id) && byId.get(c.id)!.rowVersion !== c.rowVersion) throw conflict(QC_MESSAGES.changed);
      for (const [i, c] of input.rows.entries()) if (!byId.has(c.id)) throw fieldError(`rows.${i}.id`, `Control ${c.id} is not part of job J${input.jobId}.`);
      // a change to a completed or exported job needs a reason, as its client results do (lab-results.service); a
      // control's first result is no change (a job whose controls are optional completes before its controls are entered)
      const changes = input.rows.some((c) => byId.get(c.id)!.value !== null && byId.get(c.id)!.value !== c.value);
      if (changes && !input.reason && (await this.jobStatus(trx, input.jobId)) !== 'current') throw fieldError('reason', QC_MESSAGES.changeReasonRequired);
      const next = new Map(rows.map((r) => [r.id, r.value]));
      for (const c of input.rows) next.set(c.id, c.value);
      const audits: AuditEntry[] = [];
      const passed = new Set<string>();
      for (const c of input.rows) {
        const row = byId.get(c.id)!;
        if (row.value === c.value) continue;
        const judged = c.value === null ? null : await this.judge(trx, row, c.value, rows, next);
        await this.repo.saveResult(trx, row.id, {
          value: c.value, z: judged?.z ?? null, outcome: judged?.outcome ?? null, violations: judged?.violations ?? [], userId, firstEntry: row.resultOn === null,
        });
        if (judged?.outcome !== 'reject' && judged) passed.add(row.analyte);
        audits.push({
          userId, entity: 'qc_job_control', entityId: row.id, action: row.value === null ? 'enter' : 'amend',
          oldValues: { value: row.value, outcome: row.outcome }, newValues: { value: c.value, outcome: judged?.outcome ?? null, rules: judged?.violations.map((v) => v.rule) ?? [] },
          reason: input.reason ?? null,
        });
      }
      await recordChanges(trx, audits);
      await this.releaseByRepeat(trx, input.jobId, rows, input.rows.map((c) => c.id), passed, userId);
      return this.jobControls(input.jobId, trx);
    });
  }

  private async judge(trx: Db, row: ControlRow, value: number, rows: ControlRow[], next: Map<number, number | null>) {
    const z = zScore(value, row.mean, row.sd);
    const before = row.resultOn ? { resultOn: row.resultOn, id: row.id } : null;
    const history = await this.repo.historyZ(trx, row.controlLotId, before);
    const levels = await this.repo.historyZ(trx, row.controlLotId, before, row.analyte);
    const sameRun = rows
      .filter((o) => o.id !== row.id && o.analyte === row.analyte && next.get(o.id) != null)
      .map((o) => zScore(next.get(o.id)!, o.mean, o.sd));
    const violations: Violation[] = westgard([...history, z], sameRun, [...levels, z]);
    return { z, violations, outcome: qcOutcome(violations) };
  }

  /** A passing result saved now releases the earlier rejected, unreleased controls of its analyte in the job (audited). */
  private async releaseByRepeat(trx: Db, jobId: number, before: ControlRow[], savedIds: number[], analytes: Set<string>, userId: number) {
    const saved = new Set(savedIds);
    const repeatable = before.filter((r) => !saved.has(r.id) && analytes.has(r.analyte) && r.outcome === 'reject' && r.releasedAt === null);
    for (const r of repeatable) {
      await this.repo.release(trx, jobId, userId, QC_MESSAGES.repeatReleased, [r.id]);
      await recordChange(trx, { userId, entity: 'qc_job_control', entityId: r.id, action: 'release', oldValues: { outcome: r.outcome }, newValues: { jobId }, reason: QC_MESSAGES.repeatReleased });
    }
  }

  /** Releases a held job with a reason (QcRelease): its rejected controls are marked released, each audited. */
  async release(jobId: number, reason: string, userId: number): Promise<JobControls> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.jobExists(trx, jobId, true))) throw notFound('Job');
      const ids = await this.repo.release(trx, jobId, userId, reason);
      if (ids.length === 0) throw conflict(QC_MESSAGES.notHeld);
      await recordChanges(trx, ids.map((id): AuditEntry => ({ userId, entity: 'qc_job_control', entityId: id, action: 'release', newValues: { jobId }, reason })));
      return this.jobControls(jobId, trx);
    });
  }
}
