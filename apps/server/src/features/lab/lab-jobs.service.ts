import {
  JOB_HAS_RESULTS, type JobCard, type JobListItem, type JobStatus, type PagedRequest, type Paged, SAMPLE_NUMBER_IN_JOB, UpsertJobEntryInput, UpsertJobInput,
  naturalSampleCompare, sampleNumberKey,
} from '@sapwood/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound, validationError } from '../../http/errors';
import { type AuditEntry, recordChange, recordChanges } from '../../platform/audit/audit';
import { type EntryValues, LabEntriesRepository } from './lab-entries.repository';
import { validateJobEntries, validateJobEntry } from './lab-job-validation';
import { LabJobsRepository } from './lab-jobs.repository';
import type { LabReferenceRepository } from './lab-reference.repository';
import { addJobControls } from '../qc';

export const JOB_CHANGED = 'This job was changed by someone else since you opened it. Close it and open it again to see their changes.';
/** control rows come with a new job only; a saved job's are changed in its Controls (qc.setJobControls) */
const SAVED_JOB_CONTROLS = 'The controls of a saved job are changed in its Controls section.';
export const ENTRY_CHANGED = 'This entry was changed by someone else since you opened the job. Close it and open it again to see their changes.';

type SavedEntry = Awaited<ReturnType<LabEntriesRepository['byJob']>>[number];

/** An entry's saved values, without its results and bookkeeping (what the job card edits). */
function savedValues(e: SavedEntry): EntryValues {
  const { sugar: _s, starch: _st, na: _na, id: _id, jobId: _j, rowVersion: _rv, ...values } = e;
  return values;
}
const differs = (old: EntryValues, next: EntryValues) =>
  JSON.stringify(Object.keys(next).map((k) => old[k as keyof EntryValues])) !== JSON.stringify(Object.values(next));

/** Job lists by state, the job card (read and save in one transaction) and archiving after export. */
export class LabJobsService {
  readonly jobs: LabJobsRepository;
  readonly entries: LabEntriesRepository;

  constructor(private readonly db: Db, private readonly refs: LabReferenceRepository) {
    this.jobs = new LabJobsRepository(db);
    this.entries = new LabEntriesRepository(db);
  }

  async list(status: JobStatus | 'all', req: PagedRequest): Promise<Paged<JobListItem>> {
    const { rows, total } = await this.jobs.list(status, req);
    const summaries = await this.jobs.entrySummaries(rows.map((r) => r.id));
    const items = rows.map((r): JobListItem => {
      const mine = summaries.filter((s) => s.jobId === r.id);
      const numbers = mine.map((s) => s.sampleNumber).sort(naturalSampleCompare);
      return {
        id: r.id,
        entities: [...new Set(mine.map((s) => s.entity))],
        farms: [...new Set(mine.map((s) => s.farmName))],
        firstSample: numbers[0] ?? '',
        lastSample: numbers[numbers.length - 1] ?? '',
        samples: r.samples,
        samplesCompleted: r.samplesCompleted,
        created: r.created,
        createdBy: r.createdBy,
        received: r.received,
        status: r.downloaded ? 'downloaded' : r.completed ? 'completed' : 'current',
      };
    });
    return { rows: items, total };
  }

  async getData(id: number): Promise<JobCard> {
    const job = await this.jobs.job(this.db, id);
    if (!job) throw notFound('Job');
    const entries = await this.entries.byJob(this.db, id);
    return {
      id: job.id,
      receivedOn: job.receivedOn,
      rowVersion: job.rowVersion,
      status: await this.jobs.status(this.db, id),
      entries: entries.map((e) => ({
        id: e.id,
        rowVersion: e.rowVersion,
        sampleNumber: e.sampleNumber,
        resolved: e.testCarbohydrateId !== null,
        entity: e.entity,
        agent: e.agent,
        agronomist: e.agronomist,
        farmName: e.farmName,
        fieldBlockNumber: e.fieldBlockNumber,
        sampleDate: e.sampleDate,
        tissueId: e.tissueId,
        cropId: e.cropId,
        cultivarId: e.cultivarId,
        regionId: e.regionId,
        testCarboCropGrowthId: e.testCarboCropGrowthId,
        testCarbohydrateId: e.testCarbohydrateId,
        labResultsId: e.id,
        hasResult: e.na || e.sugar !== null || e.starch !== null,
      })),
    };
  }

  /**
   * Saves a job card with all its entries in one transaction: a new job (id 0) is created; an existing one
   * must still have the version the client loaded (409 otherwise). Entries with an id are updated, new
   * ones inserted, and entries no longer in the list deleted; every change is audited.
   */
  async upsert(input: z.output<typeof UpsertJobInput>, userId: number): Promise<{ id: number; rowVersion: number }> {
    return this.db.transaction().execute(async (trx) => {
      if (input.id === 0) {
        const values = await validateJobEntries(trx, this.refs, input.entries);
        const job = await this.jobs.insertJob(trx, { receivedOn: input.receivedOn, createdBy: userId });
        await recordChange(trx, { userId, entity: 'lab_job', entityId: job.id, action: 'create', newValues: { receivedOn: input.receivedOn } });
        await addJobControls(trx, job.id, input.controlLotIds, userId);
        await this.saveEntries(trx, job.id, input.entries, values, userId);
        return job;
      }
      if (input.rowVersion == null) throw fieldError('rowVersion', 'The version of the job you loaded is required.');
      const before = await this.jobs.job(trx, input.id, true);
      if (!before) throw notFound('Job');
      // a job someone else moved on is a conflict before its entries are judged (against rows the client never saw)
      if (before.rowVersion !== input.rowVersion) throw conflict(JOB_CHANGED);
      if (input.controlLotIds.length) throw fieldError('controlLotIds', SAVED_JOB_CONTROLS);
      const values = await validateJobEntries(trx, this.refs, input.entries);
      const updated = await this.jobs.updateJobIfVersion(trx, input.id, input.rowVersion, input.receivedOn);
      if (!updated) throw conflict(JOB_CHANGED);
      await recordChange(trx, { userId, entity: 'lab_job', entityId: updated.id, action: 'update', oldValues: { receivedOn: before.receivedOn }, newValues: { receivedOn: input.receivedOn } });
      await this.saveEntries(trx, updated.id, input.entries, values, userId);
      return updated;
    });
  }

  private async saveEntries(trx: Db, jobId: number, inputs: z.output<typeof UpsertJobInput>['entries'], values: EntryValues[], userId: number) {
    const existing = await this.entries.byJob(trx, jobId);
    const byId = new Map(existing.map((e) => [e.id, e]));
    const kept = new Set<number>();
    const wrong: { field: string; message: string }[] = [];
    const audits: AuditEntry[] = [];
    const inserts: { position: number; values: EntryValues }[] = [];
    for (let i = 0; i < inputs.length; i += 1) {
      const id = inputs[i].id;
      if (!id) {
        inserts.push({ position: i + 1, values: values[i] });
        continue;
      }
      const old = byId.get(id);
      if (!old) {
        wrong.push({ field: `entries.${i}.id`, message: `Row ${i + 1}: This entry is not part of the job` });
        continue;
      }
      if (inputs[i].rowVersion != null && inputs[i].rowVersion !== old.rowVersion) throw conflict(JOB_CHANGED);
      kept.add(id);
      const oldValues = savedValues(old);
      if (!differs(oldValues, values[i]) && existing.indexOf(old) === i) continue;
      await this.entries.update(trx, id, values[i], i + 1);
      audits.push({ userId, entity: 'lab_job_entry', entityId: id, action: 'update', oldValues, newValues: values[i] });
    }
    if (wrong.length) throw validationError(wrong);
    const newIds = await this.entries.insertMany(trx, jobId, inserts);
    newIds.forEach((id, k) => audits.push({ userId, entity: 'lab_job_entry', entityId: id, action: 'create', newValues: { jobId, ...inserts[k].values } }));
    const gone = existing.filter((e) => !kept.has(e.id));
    for (const e of gone) audits.push({ userId, entity: 'lab_job_entry', entityId: e.id, action: 'delete', oldValues: e });
    await this.entries.remove(trx, gone.map((e) => e.id));
    await recordChanges(trx, audits);
  }

  /**
   * Saves one entry of a job card (POST /api/lab/upsertcarbohydrateresult) in one transaction, with the rules
   * of upsert: the same validation; an entry with an id must belong to the job (404 otherwise) and still have
   * the version the client loaded (409); without an id the entry is added after the job's last one. The job's
   * version goes up with every change, so that a job card opened before it is told on its next save.
   */
  async upsertEntry(input: z.output<typeof UpsertJobEntryInput>, userId: number): Promise<{ id: number; rowVersion: number; jobRowVersion: number }> {
    const { jobId, entry } = input;
    return this.db.transaction().execute(async (trx) => {
      const job = await this.jobs.job(trx, jobId, true);
      if (!job) throw notFound('Job');
      // the versions read first: a stale job or entry is a conflict before the entry's values are judged
      if (input.jobRowVersion != null && input.jobRowVersion !== job.rowVersion) throw conflict(JOB_CHANGED);
      if (entry.id && entry.rowVersion == null) throw fieldError('entry.rowVersion', 'The version of the entry you loaded is required.');
      const [old] = entry.id ? await this.entries.byIds(trx, [entry.id], true) : [];
      if (entry.id && (!old || old.jobId !== jobId)) throw notFound('Entry');
      if (old && entry.rowVersion !== old.rowVersion) throw conflict(ENTRY_CHANGED);
      const values = await validateJobEntry(trx, this.refs, entry);
      // a sample number appears once in a job (the job card's rule, duplicateSampleErrors)
      const refuseTakenSampleNumber = async () => {
        const others = await this.entries.sampleNumbers(trx, jobId);
        const key = sampleNumberKey(values.sampleNumber);
        if (others.some((o) => o.id !== entry.id && sampleNumberKey(o.sampleNumber) === key)) throw fieldError('entry.sampleNumber', SAMPLE_NUMBER_IN_JOB);
      };
      let saved: { id: number; rowVersion: number };
      if (!old) {
        await refuseTakenSampleNumber();
        saved = await this.entries.insertLast(trx, jobId, values);
        await recordChange(trx, { userId, entity: 'lab_job_entry', entityId: saved.id, action: 'create', newValues: { jobId, ...values } });
      } else {
        const oldValues = savedValues(old);
        if (!differs(oldValues, values)) return { id: old.id, rowVersion: old.rowVersion, jobRowVersion: job.rowVersion };
        await refuseTakenSampleNumber();
        saved = { id: old.id, rowVersion: await this.entries.update(trx, old.id, values) };
        await recordChange(trx, { userId, entity: 'lab_job_entry', entityId: old.id, action: 'update', oldValues, newValues: values });
      }
      return { ...saved, jobRowVersion: await this.jobs.touch(trx, jobId) };
    });
  }

  /**
   * Deletes a job created by mistake (POST /api/lab/deletejob), with its entries, in one transaction: only
   * while none of its entries has a result (409 otherwise) and with the version the client loaded (409).
   * The job and every entry go into the audit trail with their values.
   */
  async delete(id: number, rowVersion: number, userId: number): Promise<true> {
    await this.db.transaction().execute(async (trx) => {
      const job = await this.jobs.job(trx, id, true);
      if (!job) throw notFound('Job');
      if (job.rowVersion !== rowVersion) throw conflict(JOB_CHANGED);
      const entries = await this.entries.byJob(trx, id, true);
      if (entries.some((e) => e.na || e.sugar !== null || e.starch !== null)) throw conflict(JOB_HAS_RESULTS);
      await recordChanges(trx, entries.map((e): AuditEntry => ({ userId, entity: 'lab_job_entry', entityId: e.id, action: 'delete', oldValues: e })));
      await this.entries.remove(trx, entries.map((e) => e.id));
      await this.jobs.remove(trx, id);
      await recordChange(trx, {
        userId, entity: 'lab_job', entityId: id, action: 'delete',
        oldValues: { receivedOn: job.receivedOn, entries: entries.map((e) => e.sampleNumber) },
      });
    });
    return true;
  }

  /** Archives exported jobs: their entries are archived and the job moves to DOWNLOADED. */
  async archive(ids: number[], userId: number): Promise<true> {
    await this.db.transaction().execute(async (trx) => {
      for (const id of ids) {
        const job = await this.jobs.job(trx, id, true);
        if (!job) throw notFound('Job');
        const status = await this.jobs.status(trx, id);
        if (status === 'current') throw fieldError('id', `Job J${id} is not completed yet.`);
        await this.jobs.archive(trx, id);
        await recordChange(trx, { userId, entity: 'lab_job', entityId: id, action: 'archive', oldValues: { status }, newValues: { status: 'downloaded' } });
      }
    });
    return true;
  }
}
