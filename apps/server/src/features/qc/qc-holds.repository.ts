import { type RawBuilder, sql } from 'kysely';
import type { QcHold } from '@sapwood/contracts';
import type { Db } from '../../db/database';

/** Why a job's controls are missing: it has no control at all, or a control row without its result. */
export type ControlsMissing = 'noControl' | 'controlUnentered';

/**
 * The one rule of a job's missing controls (issue 37; ADR 0160, 0253), as SQL over the job id given: while the lab
 * requires the job's controls (the QC setting; a missing setting row requires them; a job made before the
 * requirement is exempt, ADR 0160), 'noControl' when the job has no control row, 'controlUnentered' when one of
 * its control rows has no result; else null (controls optional, an exempt job, or every control entered). It is
 * what keeps a job from completing (the lab's job state) and what holds its results as 'unentered' (qcHoldOfJob):
 * both are built from it, so a change of the rule is made here once.
 */
export function controlsMissingOfJob(jobId: RawBuilder<unknown>): RawBuilder<ControlsMissing | null> {
  return sql<ControlsMissing | null>`(case
    when exists (select 1 from qc_settings s where s.id = 1 and (s.controls_optional or ${jobId} < s.controls_required_from_job)) then null
    when not exists (select 1 from qc_job_controls q where q.lab_job_id = ${jobId}) then 'noControl'
    when exists (select 1 from qc_job_controls q where q.lab_job_id = ${jobId} and q.value is null) then 'controlUnentered'
  end)`;
}

/**
 * The one rule of a held job (ADR 0145, 0253), as SQL over the job id given: 'rejected' while a control of the
 * job is rejected and not released; else 'unentered' while its controls are missing (controlsMissingOfJob: what
 * keeps the job from completing; a run whose control was never measured is as unverified as one whose control
 * failed); else null. The report, the MFW upload, the results list and the job card all read it.
 */
export function qcHoldOfJob(jobId: RawBuilder<unknown>): RawBuilder<QcHold | null> {
  return sql<QcHold | null>`(case
    when exists (select 1 from qc_job_controls q where q.lab_job_id = ${jobId} and q.outcome = 'reject' and q.released_at is null) then 'rejected'
    when ${controlsMissingOfJob(jobId)} is not null then 'unentered'
  end)`;
}

/** The holds of jobs, read by the rule above. */
export class QcHoldsRepository {
  /** The held jobs among those of the given carbohydrate entries (lab_job_entries ids), by job id, with why. */
  async heldJobsOfEntries(db: Db, entryIds: number[]): Promise<{ jobId: number; hold: QcHold }[]> {
    if (entryIds.length === 0) return [];
    const r = await db.selectFrom((s) => s.selectFrom('lab_job_entries as e').select('e.lab_job_id as jobId').distinct().where('e.id', 'in', entryIds).as('j'))
      .select(['j.jobId', qcHoldOfJob(sql.ref('j.jobId')).as('hold')])
      .orderBy('j.jobId')
      .execute();
    return r.filter((x): x is { jobId: number; hold: QcHold } => x.hold !== null);
  }

  /** Why the job is held, or null. */
  async holdOfJob(db: Db, jobId: number): Promise<QcHold | null> {
    const r = await sql<{ hold: QcHold | null }>`select ${qcHoldOfJob(sql`${jobId}::int`)} as hold`.execute(db);
    return r.rows[0]?.hold ?? null;
  }
}
