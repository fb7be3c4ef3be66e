import { type Expression, type SqlBool, sql } from 'kysely';
import type { JobStatus, PagedRequest } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';
import { type ControlsMissing, controlsMissingOfJob } from '../qc';

/** An entry counts as done when it has sugar and starch, or is marked N/A. */
const DONE = sql<SqlBool>`(e.na or (e.sugar is not null and e.starch is not null))`;

/**
 * A job's controls are missing (it cannot complete, issue 37): the qc feature's one rule (controlsMissingOfJob), which
 * also holds the job's results (ADR 0253).
 */
const CONTROLS_MISSING = sql<SqlBool>`(${controlsMissingOfJob(sql.ref('j.id'))} is not null)`;

/** Why a job whose entries are all done still cannot complete: its controls, or null when nothing stops it. */
export type CompletionBlock = ControlsMissing | null;

/** The SQL condition of a job state (see JobStatus in the contracts for the definitions). */
function statusCondition(status: JobStatus | 'all'): Expression<SqlBool> {
  const unfinished = sql<SqlBool>`(exists (select 1 from lab_job_entries e where e.lab_job_id = j.id and not ${DONE}) or ${CONTROLS_MISSING})`;
  const anyEntry = sql<SqlBool>`exists (select 1 from lab_job_entries e where e.lab_job_id = j.id)`;
  switch (status) {
    case 'current': return sql<SqlBool>`(j.downloaded_at is null and (${unfinished} or not ${anyEntry}))`;
    case 'completed': return sql<SqlBool>`(j.downloaded_at is null and ${anyEntry} and not ${unfinished})`;
    case 'downloaded': return sql<SqlBool>`(j.downloaded_at is not null)`;
    default: return sql<SqlBool>`true`;
  }
}

export interface JobRow {
  id: number;
  received: string;
  created: Date;
  createdBy: string;
  samples: number;
  samplesCompleted: number;
  downloaded: boolean;
  /** every entry done and the controls entered (statusCondition) */
  completed: boolean;
}

/** A job list's search: the job number (`123` or `J123`), or an entry's entity, farm or sample number. */
function jobSearch(search: string) {
  const idSearch = /^j?\d+$/i.test(search) ? Number(search.replace(/^j/i, '')) : null;
  return (like: string) => sql<SqlBool>`(j.id = ${idSearch ?? -1} or exists (select 1 from lab_job_entries e where e.lab_job_id = j.id and
    (e.entity ilike ${like} or e.farm_name ilike ${like} or e.sample_number ilike ${like})))`;
}

/** Lab jobs: lists by state, the job row itself, its state. */
export class LabJobsRepository {
  constructor(private readonly db: Db) {}

  /**
   * A page of the jobs in a state (`pagedQuery`: whitelisted sorts, `all`, the true total). The default sort is
   * `newest` (the id negated, so that the default ascending order shows the newest job first).
   */
  list(status: JobStatus | 'all', req: PagedRequest): Promise<{ rows: JobRow[]; total: number }> {
    const search = req.search.trim();
    return pagedQuery({ ...req, search }, {
      from: this.db.selectFrom('lab_jobs as j').leftJoin('users as u', 'u.id', 'j.created_by').where(statusCondition(status)),
      select: (q) => q.select([
        'j.id', sql<string>`j.received_on::text`.as('received'), 'j.created_at as created', sql<string>`coalesce(u.name, '')`.as('createdBy'),
        sql<number>`(select count(*) from lab_job_entries e where e.lab_job_id = j.id)::int`.as('samples'),
        sql<number>`(select count(*) from lab_job_entries e where e.lab_job_id = j.id and ${DONE})::int`.as('samplesCompleted'),
        sql<boolean>`(j.downloaded_at is not null)`.as('downloaded'),
        sql<boolean>`${statusCondition('completed')}`.as('completed'),
      ]),
      search: [jobSearch(search)],
      sorts: { newest: sql`-j.id`, id: 'j.id', received: 'j.received_on', created: 'j.created_at', createdBy: 'u.name' },
      defaultSort: 'newest',
      tieBreak: ['j.id'],
    });
  }

  /** entity, farm and sample number of every entry of these jobs, for the cards */
  entrySummaries(jobIds: number[]) {
    if (jobIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('lab_job_entries')
      .select(['lab_job_id as jobId', 'entity', 'farm_name as farmName', 'sample_number as sampleNumber'])
      .where('lab_job_id', 'in', jobIds)
      .orderBy('lab_job_id')
      .orderBy('position')
      .execute();
  }

  job(db: Db, id: number, forUpdate = false) {
    let q = db.selectFrom('lab_jobs').select(['id', sql<string>`received_on::text`.as('receivedOn'), 'row_version as rowVersion', 'downloaded_at as downloadedAt']).where('id', '=', id);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  async status(db: Db, id: number): Promise<JobStatus> {
    const r = await sql<{ status: JobStatus }>`
      select case when ${statusCondition('downloaded')} then 'downloaded'
                  when ${statusCondition('completed')} then 'completed' else 'current' end as status
      from lab_jobs j where j.id = ${id}`.execute(db);
    return r.rows[0]?.status ?? 'current';
  }

  /** What stops a job whose entries are all done from completing (null: its entries are not all done, or nothing does). */
  async completionBlock(db: Db, id: number): Promise<CompletionBlock> {
    const r = await sql<{ block: ControlsMissing | null }>`
      select ${controlsMissingOfJob(sql.ref('j.id'))} as block
      from lab_jobs j
      where j.id = ${id} and exists (select 1 from lab_job_entries e where e.lab_job_id = j.id)
        and not exists (select 1 from lab_job_entries e where e.lab_job_id = j.id and not ${DONE})`.execute(db);
    return r.rows[0]?.block ?? null;
  }

  insertJob(db: Db, v: { receivedOn: string; createdBy: number }) {
    return db.insertInto('lab_jobs').values({ received_on: v.receivedOn, created_by: v.createdBy }).returning(['id', 'row_version as rowVersion']).executeTakeFirstOrThrow();
  }

  /** Updates the job only if it still has the version the client loaded; undefined when it does not. */
  updateJobIfVersion(db: Db, id: number, rowVersion: number, receivedOn: string) {
    return db
      .updateTable('lab_jobs')
      .set({ received_on: receivedOn, row_version: sql`row_version + 1` })
      .where('id', '=', id)
      .where('row_version', '=', rowVersion)
      .returning(['id', 'row_version as rowVersion'])
      .executeTakeFirst();
  }

  /** Bumps the job's version after a change of one of its entries, so that an open job card sees it changed. */
  async touch(db: Db, id: number): Promise<number> {
    const r = await db.updateTable('lab_jobs').set({ row_version: sql`row_version + 1` }).where('id', '=', id).returning('row_version').executeTakeFirstOrThrow();
    return r.row_version;
  }

  /** Deletes the job row (its entries are removed first). */
  async remove(db: Db, id: number): Promise<void> {
    await db.deleteFrom('lab_jobs').where('id', '=', id).execute();
  }

  async archive(db: Db, id: number): Promise<void> {
    await db.updateTable('lab_jobs').set({ downloaded_at: new Date(), row_version: sql`row_version + 1` }).where('id', '=', id).execute();
    await db.updateTable('lab_job_entries').set({ archived: true }).where('lab_job_id', '=', id).execute();
  }
}
