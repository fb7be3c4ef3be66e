import { type JobData, type JobStatus, QC_MESSAGES, REASON_REQUIRED, ResultInput, UpdateResultsInput, carbohydrateProblems, naturalSampleCompare } from '@sapwood/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound, validationError } from '../../http/errors';
import { type AuditEntry, recordChanges } from '../../platform/audit/audit';
import { LabEntriesRepository } from './lab-entries.repository';
import { LabJobsRepository } from './lab-jobs.repository';

export const RESULT_CHANGED = 'This result was changed by someone else since you opened the job. Close the dialog and open it again to see their changes.';

type Result = { sugar: number | null; starch: number | null; na: boolean };
type Entry = Awaited<ReturnType<LabEntriesRepository['byIds']>>[number];

const same = (a: Result, b: Result) => a.sugar === b.sugar && a.starch === b.starch && a.na === b.na;

/**
 * Results of a job's entries. Results are records: every change keeps the old value in the audit log
 * with who and when; a change to a completed or exported job needs a reason; a stale version gets 409.
 * Limits never block a save (they only colour the field in the dialog). Sugar and starch are % (0–100, the
 * contract); one outside its usual range (values/result-bounds.ts) needs the user's confirmation unless it is
 * the value already stored: else 400 at its field, the same rule the dialog asks by.
 */
export class LabResultsService {
  private readonly jobs: LabJobsRepository;
  private readonly entries: LabEntriesRepository;

  constructor(private readonly db: Db) {
    this.jobs = new LabJobsRepository(db);
    this.entries = new LabEntriesRepository(db);
  }

  async jobData(id: number): Promise<JobData> {
    const job = await this.jobs.job(this.db, id);
    if (!job) throw notFound('Job');
    const rows = await this.entries.results(id);
    rows.sort((a, b) => naturalSampleCompare(a.sampleNumber, b.sampleNumber) || a.id - b.id);
    return { id, status: await this.jobs.status(this.db, id), testCarbohydrateLabResults: rows };
  }

  async updateOne(input: z.output<typeof ResultInput>, userId: number): Promise<{ id: number; rowVersion: number }> {
    return this.db.transaction().execute(async (trx) => {
      const [row] = await this.save(trx, [input], [], input.reason, userId, undefined, (_, k) => k);
      return row;
    });
  }

  async updateMany(input: z.output<typeof UpdateResultsInput>, userId: number) {
    return this.db.transaction().execute(async (trx) => ({ rows: await this.save(trx, input.entries, input.removeIds, input.reason, userId, input.jobId, (i, k) => `entries.${i}.${k}`) }));
  }

  async remove(ids: number[], userId: number): Promise<true> {
    await this.db.transaction().execute((trx) => this.save(trx, [], ids, undefined, userId));
    return true;
  }

  private async save(
    trx: Db,
    /** each change carries the version it read (the contract's RowVersion); removals carry none (`unversioned: 'removes'`) */
    changes: (Result & { id: number; rowVersion: number; confirmed?: readonly string[] })[],
    removeIds: number[],
    reason: string | undefined,
    userId: number,
    jobId?: number,
    /** the field a change's value is named by in a 400 */
    fieldOf: (index: number, key: string) => string = (i, k) => `entries.${i}.${k}`,
  ): Promise<{ id: number; rowVersion: number }[]> {
    const ids = [...new Set([...changes.map((c) => c.id), ...removeIds])];
    const rows = await this.entries.byIds(trx, ids, true);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) if (!byId.has(id)) throw notFound(`Result ${id}`);
    // a stale row is a conflict before anything else: its values are judged against the row it was read from
    for (const c of changes) if (c.rowVersion !== byId.get(c.id)!.rowVersion) throw conflict(RESULT_CHANGED);
    for (const id of ids) if (jobId !== undefined && byId.get(id)!.jobId !== jobId) throw fieldError('entries', `Result ${id} is not part of job J${jobId}.`);
    const statuses = new Map<number, JobStatus>();
    for (const jid of new Set(rows.map((r) => r.jobId))) {
      await this.jobs.job(trx, jid, true);
      statuses.set(jid, await this.jobs.status(trx, jid));
    }
    // a job already waiting only for its controls is not refused again: only the save that completes its entries is
    const waiting = new Set<number>();
    for (const [jid, status] of statuses) if (status === 'current' && (await this.jobs.completionBlock(trx, jid))) waiting.add(jid);
    const needsReason = (row: Entry) => statuses.get(row.jobId) !== 'current';
    const hasResult = (row: Entry) => row.na || row.sugar !== null || row.starch !== null;

    const unusual = changes.flatMap((c, i) => {
      const row = byId.get(c.id)!;
      const held = (['sugar', 'starch'] as const).filter((k) => c[k] !== null && c[k] === row[k]);
      return carbohydrateProblems(c, [...(c.confirmed ?? []), ...held]).map((p) => ({ field: fieldOf(i, p.at), message: p.message }));
    });
    if (unusual.length) throw validationError(unusual);
    const audits: AuditEntry[] = [];
    const toSave: (Result & { id: number })[] = [];
    const unchanged = new Map<number, number>();
    for (const c of changes) {
      const row = byId.get(c.id)!;
      const next: Result = { sugar: c.sugar, starch: c.starch, na: c.na };
      if (same(row, next)) {
        unchanged.set(row.id, row.rowVersion);
        continue;
      }
      if (needsReason(row) && !reason) throw fieldError('reason', REASON_REQUIRED);
      toSave.push({ id: row.id, ...next });
      audits.push({
        userId, entity: 'lab_job_entry_result', entityId: row.id, action: hasResult(row) ? 'amend' : 'enter',
        oldValues: { sugar: row.sugar, starch: row.starch, na: row.na }, newValues: next, reason: reason ?? null,
      });
    }
    for (const id of removeIds) {
      const row = byId.get(id)!;
      if (hasResult(row) && needsReason(row) && !reason) throw fieldError('reason', REASON_REQUIRED);
      audits.push({ userId, entity: 'lab_job_entry', entityId: id, action: 'delete', oldValues: row, reason: reason ?? null });
    }
    const versions = await this.entries.setResults(trx, toSave, userId);
    await recordChanges(trx, audits);
    await this.entries.remove(trx, removeIds);
    await this.refuseCompletionWithoutControls(trx, statuses, waiting);
    return changes.map((c) => ({ id: c.id, rowVersion: versions.get(c.id) ?? unchanged.get(c.id)! }));
  }

  /** A save that completes a job refused while the job lacks its control result (issue 37; controls required unless the QC setting says optional). */
  private async refuseCompletionWithoutControls(trx: Db, statuses: Map<number, JobStatus>, waiting: Set<number>) {
    for (const [jobId, status] of statuses) {
      if (status !== 'current' || waiting.has(jobId)) continue;
      const block = await this.jobs.completionBlock(trx, jobId);
      if (block) throw fieldError('controls', block === 'noControl' ? QC_MESSAGES.noControl(`J${jobId}`) : QC_MESSAGES.controlUnentered(`J${jobId}`));
    }
  }
}
