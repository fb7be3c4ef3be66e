import { type LabCropCode, SUBMISSION_LABS, outsideLabOf } from '@sapwood/contracts';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import { type UnnestType, unnestRows } from '../../db/unnest';
import type { SubmissionTables } from '../../db/tables/submissions';

type Kind = 'leaf' | 'soil';
export type SubmissionState = 'Waiting' | 'Results' | 'Completed' | 'Archived';
export type NewSubmission = Insertable<SubmissionTables['submissions']>;
/**
 * What wrote a submission's error (ADR 0248): its send failed, its lab refused the order, the lab answered a work order
 * another submission holds, or the lab now gives the submission's work order to another lab job (ADR 0245).
 */
export type SubmissionErrorKind = NonNullable<SubmissionTables['submissions']['error_kind']>;
/** The kinds of error that mean the lab said no: the order is not sent again until someone sends it again (Re-send). */
const REFUSALS: readonly SubmissionErrorKind[] = ['refused', 'work_order_held'];
/**
 * The kinds the poll writes and clears on its own (ADR 0248): the lab gives the work order to another lab job, or
 * does not know it (404). Any other kind is a send's, and the poll leaves it as it is.
 */
export const POLL_ERROR_KINDS = ['work_order_reissued', 'work_order_unknown'] as const satisfies readonly SubmissionErrorKind[];
export type PollErrorKind = (typeof POLL_ERROR_KINDS)[number];
export const isPollErrorKind = (kind: SubmissionErrorKind | null): kind is PollErrorKind => (POLL_ERROR_KINDS as readonly (string | null)[]).includes(kind);
export type NewSample = Omit<Insertable<SubmissionTables['submission_samples']>, 'submission_id'>;

/** A submission as the services read it. */
export interface StoredSubmission {
  id: number;
  kind: Kind;
  lab: string;
  state: SubmissionState;
  clientName: string;
  farmName: string;
  dateSampled: string | null;
  reference: string;
  labJobId: string | null;
  submissionWorkOrder: string | null;
  error: string | null;
  /** what wrote `error` (null when there is none) */
  errorKind: SubmissionErrorKind | null;
  /** the lab refused the order (else an error is a failure to send) */
  refused: boolean;
  submittedAt: Date;
  /** the state an archived submission left */
  archivedFrom: 'Results' | 'Completed' | null;
  rowVersion: number;
}

/** A sample of a submission as a lab order and its results need it. */
export interface SubmissionSample {
  /** where it was in the draft: `samples.{groupNo}.{position}` */
  groupNo: number;
  position: number;
  cropId: number | null;
  captureId: number | null;
  sampleNumber: string;
  test: string;
  optionalTests: string[];
  /** the crop's code at Nvirotek and at Wynland (the crop master's lab crops) */
  nvirotekCode: string | null;
  wynlandCode: string | null;
}

/** The columns of a sample as it is inserted (one array each: ADR 0113). */
const SAMPLE_COLUMNS = {
  group_no: 'int4', position: 'int4', capture_id: 'int4', sample_number: 'text', block_number: 'text', crop_id: 'int4', cultivar_ids: 'int4[]',
  growth_stage: 'text', organ_type: 'text', test: 'text', optional_tests: 'text[]', notes: 'text',
} as const satisfies Record<Exclude<keyof NewSample, 'id'>, UnnestType>;
const SAMPLE_COLUMNS_NAMES = Object.keys(SAMPLE_COLUMNS) as (keyof typeof SAMPLE_COLUMNS)[];

/** A submission's stored row as the repository answers it (StoredSubmission). */
const stored = (db: Db) => db.selectFrom('submissions')
  .select(['id', 'kind', 'lab', 'state', 'client_name as clientName', 'farm_name as farmName', 'date_sampled as dateSampled', 'reference',
    'lab_job_id as labJobId', 'submission_work_order as submissionWorkOrder', 'error', 'error_kind as errorKind', 'refused', 'submitted_at as submittedAt', 'archived_from as archivedFrom',
    'row_version as rowVersion']);

/** SQL of submissions, their samples and their history. */
export class SubmissionsRepository {
  /** Which of these reference ids exist and are not archived (the draft names them). */
  async missingReferences(db: Db, r: { agentId: number; depotId: number; agronomistId: number; languageId: number; cropIds: number[]; cultivarIds: number[] }) {
    const live = async (table: 'agents' | 'depots' | 'agronomists', id: number) =>
      id > 0 && !!(await db.selectFrom(table).select('id').where('id', '=', id).where('archived', '=', false).executeTakeFirst());
    const crops = r.cropIds.length ? await db.selectFrom('crops').select('id').where('id', 'in', r.cropIds).execute() : [];
    const cultivars = r.cultivarIds.length ? await db.selectFrom('cultivars').select(['id', 'crop_id']).where('id', 'in', r.cultivarIds).execute() : [];
    const language = r.languageId > 0 ? await db.selectFrom('languages').select('id').where('id', '=', r.languageId).executeTakeFirst() : undefined;
    return {
      agent: !(await live('agents', r.agentId)),
      depot: !(await live('depots', r.depotId)),
      agronomist: !(await live('agronomists', r.agronomistId)),
      language: r.languageId > 0 && !language,
      crops: new Set(crops.map((c) => c.id)),
      cultivars: new Map(cultivars.map((c) => [c.id, c.crop_id])),
    };
  }

  /** The names of these agents, agronomists and the crops of these ids (the Prepare dialog's defaults). */
  async namesOf(db: Db, table: 'agents' | 'agronomists', names: string[]): Promise<Map<string, number>> {
    const wanted = [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
    if (!wanted.length) return new Map();
    const rows = await db.selectFrom(table).select(['id', 'name']).where(sql<string>`lower(name)`, 'in', wanted).where('archived', '=', false).orderBy('id').execute();
    const out = new Map<string, number>();
    for (const row of rows) if (!out.has(row.name.toLowerCase())) out.set(row.name.toLowerCase(), row.id);
    return out;
  }

  /** The first live agent, depot and agronomist (the demo's defaults), or undefined when one is missing. */
  async firstReferences(db: Db): Promise<{ agentId: number; depotId: number; agronomistId: number } | undefined> {
    const first = async (table: 'agents' | 'depots' | 'agronomists') =>
      (await db.selectFrom(table).select('id').where('archived', '=', false).orderBy('id').executeTakeFirst())?.id;
    const [agentId, depotId, agronomistId] = await Promise.all([first('agents'), first('depots'), first('agronomists')]);
    return agentId && depotId && agronomistId ? { agentId, depotId, agronomistId } : undefined;
  }

  /** Each crop's first live cultivar: crop id → cultivar id. */
  async firstCultivars(db: Db): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const c of await db.selectFrom('cultivars').select(['id', 'crop_id']).where('archived', '=', false).orderBy('id').execute()) if (!out.has(c.crop_id)) out.set(c.crop_id, c.id);
    return out;
  }

  async any(db: Db): Promise<boolean> {
    return !!(await db.selectFrom('submissions').select('id').limit(1).executeTakeFirst());
  }

  async markDemo(db: Db, ids: number[]): Promise<void> {
    if (ids.length) await db.updateTable('submissions').set({ demo: true }).where('id', 'in', ids).execute();
  }

  /** Demo data: the submission as if posted to the farm-management system (issue 15 posts for real). */
  async markPosted(db: Db, id: number): Promise<void> {
    await db.updateTable('submissions').set({ posted_to_mfw_at: sql<Date>`now()` }).where('id', '=', id).execute();
  }

  async insert(trx: Db, s: NewSubmission, samples: NewSample[]): Promise<number> {
    const cropIds = [...new Set(samples.map((x) => x.crop_id).filter((c): c is number => typeof c === 'number'))].sort((a, b) => a - b);
    const { id } = await trx.insertInto('submissions').values({ ...s, sample_count: samples.length, crop_ids: cropIds }).returning('id').executeTakeFirstOrThrow();
    if (samples.length) {
      await trx.insertInto('submission_samples').columns([...SAMPLE_COLUMNS_NAMES, 'submission_id'])
        .expression(unnestRows({ ...SAMPLE_COLUMNS, submission_id: 'int4' }, samples.map((x) => ({ ...x, submission_id: id })))).execute();
    }
    return id;
  }

  async addEvent(trx: Db, e: { submissionId: number; userId: number | null; from: SubmissionState | null; to: SubmissionState; reason: string }): Promise<void> {
    await trx.insertInto('submission_events').values({ submission_id: e.submissionId, user_id: e.userId, from_state: e.from, to_state: e.to, reason: e.reason }).execute();
  }

  /** Whether the submission's history already holds an entry saying this. */
  async hasEvent(db: Db, submissionId: number, reason: string): Promise<boolean> {
    return !!(await db.selectFrom('submission_events').select('id').where('submission_id', '=', submissionId).where('reason', '=', reason).limit(1).executeTakeFirst());
  }

  find(db: Db, id: number, kind?: Kind, forUpdate = false): Promise<StoredSubmission | undefined> {
    let q = stored(db).where('id', '=', id);
    if (kind) q = q.where('kind', '=', kind);
    return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
  }

  /** These submissions as `find` reads each, in one statement (those not found are left out), in id order. */
  findMany(db: Db, ids: readonly number[]): Promise<StoredSubmission[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return stored(db).where('id', 'in', [...ids]).orderBy('id').execute();
  }

  samples(db: Db, submissionId: number): Promise<SubmissionSample[]> {
    return db.selectFrom('submission_samples as s')
      .leftJoin('crops as c', 'c.id', 's.crop_id')
      .leftJoin('lab_crops as n', 'n.id', 'c.labmin_crop_id')
      .leftJoin('lab_crops as w', 'w.id', 'c.wynland_crop_id')
      .where('s.submission_id', '=', submissionId)
      .select([
        's.group_no as groupNo', 's.position', 's.crop_id as cropId', 's.capture_id as captureId', 's.sample_number as sampleNumber', 's.test',
        's.optional_tests as optionalTests', 'n.short_code as nvirotekCode', 'w.short_code as wynlandCode',
      ])
      .orderBy('s.group_no').orderBy('s.position').execute();
  }

  /** Each crop's code at Nvirotek and at Wynland as the crop master has them now: of these crops, else of every live one (by name). */
  cropCodes(db: Db, cropIds?: number[]): Promise<LabCropCode[]> {
    if (cropIds && cropIds.length === 0) return Promise.resolve([]);
    let q = db.selectFrom('crops as c')
      .leftJoin('lab_crops as n', 'n.id', 'c.labmin_crop_id')
      .leftJoin('lab_crops as w', 'w.id', 'c.wynland_crop_id')
      .select(['c.id as cropId', 'c.name', 'n.short_code as nvirotekCode', 'w.short_code as wynlandCode']);
    q = cropIds ? q.where('c.id', 'in', cropIds) : q.where('c.archived', '=', false);
    return q.orderBy('c.name').orderBy('c.id').execute();
  }

  /**
   * The lab's answer to the send: its work order and job; the error cleared. Only while the submission still holds
   * neither (false otherwise: a job was linked by hand while the order was being placed).
   */
  async setSent(trx: Db, id: number, workOrder: string, labJobId: string): Promise<boolean> {
    const r = await trx.updateTable('submissions').set({ submission_work_order: workOrder, lab_job_id: labJobId, lab_work_order: workOrder, error: null, error_kind: null, row_version: sql`row_version + 1` })
      .where('id', '=', id).where('lab_job_id', 'is', null).where('submission_work_order', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * The submission sent to outside lab `lab` (leaf or farmers') other than `exceptId` that holds `workOrder`, if any:
   * under a transaction lock on that lab's work order, so that two sends answered the same number at once cannot
   * both take it.
   */
  holderOfWorkOrder(trx: Db, lab: 'Nvirotek' | 'Wynland', workOrder: string, exceptId: number): Promise<number | null> {
    return this.holderAt(trx, lab, 'submission_work_order', workOrder, exceptId);
  }

  /** The same for a lab job (a job linked by hand), under a lock on that lab's job number. */
  holderOfLabJob(trx: Db, lab: 'Nvirotek' | 'Wynland', labJobId: string, exceptId: number): Promise<number | null> {
    return this.holderAt(trx, lab, 'lab_job_id', labJobId, exceptId);
  }

  private async holderAt(trx: Db, lab: 'Nvirotek' | 'Wynland', column: 'submission_work_order' | 'lab_job_id', value: string, exceptId: number): Promise<number | null> {
    await sql`select pg_advisory_xact_lock(hashtext(${`submission-${column}/${lab}/${value}`}))`.execute(trx);
    const labs = SUBMISSION_LABS.filter((l) => outsideLabOf(l) === lab);
    const held = await trx.selectFrom('submissions').select('id').where('lab', 'in', labs).where(column, '=', value).where('id', '<>', exceptId)
      .orderBy('id').limit(1).executeTakeFirst();
    return held?.id ?? null;
  }

  /**
   * What went wrong, kept on the row with what wrote it (`kind`); a refusal (the lab said no: `refused`,
   * `work_order_held`) is not sent again.
   */
  async setError(trx: Db, id: number, kind: SubmissionErrorKind, error: string): Promise<void> {
    await trx.updateTable('submissions').set({ error, error_kind: kind, refused: REFUSALS.includes(kind), row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }

  /**
   * A send's error (it failed, the lab refused it, or it answered a work order another submission holds), kept only
   * while the submission holds neither a lab job nor a work order, as `setSent` (false otherwise: a job was linked
   * by hand while the order was being placed, and the link stands without an error).
   */
  async setSendError(trx: Db, id: number, kind: Exclude<SubmissionErrorKind, PollErrorKind>, error: string): Promise<boolean> {
    const r = await trx.updateTable('submissions').set({ error, error_kind: kind, refused: REFUSALS.includes(kind), row_version: sql`row_version + 1` })
      .where('id', '=', id).where('lab_job_id', 'is', null).where('submission_work_order', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Re-send: the error cleared, whatever its kind, to be sent again. */
  async clearError(trx: Db, id: number): Promise<void> {
    await trx.updateTable('submissions').set({ error: null, error_kind: null, refused: false, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }

  /**
   * The lab answers the work order under the submission's own job again: the poll's own error of kind `kind` cleared
   * (a reissue's or an unknown work order's, ADR 0248), and only that kind (true when there was one). Any other stays.
   */
  async clearPollError(trx: Db, id: number, kind: PollErrorKind): Promise<boolean> {
    const r = await trx.updateTable('submissions').set({ error: null, error_kind: null, row_version: sql`row_version + 1` })
      .where('id', '=', id).where('error_kind', '=', kind).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Links a lab job by hand, with its work order at an outside lab (in the columns a send writes: `setSent`), the error
   * and refusal cleared: only while the submission waits with neither (false otherwise).
   */
  async linkLabJob(trx: Db, id: number, labJobId: string, workOrder: string | null): Promise<boolean> {
    const order = workOrder === null ? {} : { submission_work_order: workOrder, lab_work_order: workOrder };
    const r = await trx.updateTable('submissions').set({ lab_job_id: labJobId, ...order, error: null, error_kind: null, refused: false, row_version: sql`row_version + 1` })
      .where('id', '=', id).where('lab_job_id', 'is', null).where('submission_work_order', 'is', null).where('state', '=', 'Waiting').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async setState(trx: Db, id: number, state: SubmissionState): Promise<void> {
    const completed = state === 'Completed' ? { completed_at: sql<Date>`now()` } : {};
    await trx.updateTable('submissions').set({ state, ...completed, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }

  async delete(trx: Db, id: number): Promise<void> {
    await trx.deleteFrom('submissions').where('id', '=', id).execute();
  }

  /**
   * Submissions sent to an outside lab that wait for its results (work order known), oldest first: the `limit` after
   * id `after` (the poll walks them all a chunk at a time), with the lab job each holds and its row's error and its kind.
   * A Completed or Archived one is among them only while it holds the poll's own error: its results are not read, but
   * the error is cleared once the lab answers its work order under its own job again (ADR 0254).
   */
  waitingOnLabs(db: Db, after = 0, limit = 200): Promise<{ id: number; lab: string; workOrder: string; labJobId: string | null; error: string | null; errorKind: SubmissionErrorKind | null }[]> {
    return db.selectFrom('submissions')
      .where((eb) => eb.or([eb('state', 'in', ['Waiting', 'Results']), eb.and([eb('state', 'in', ['Completed', 'Archived']), eb('error_kind', 'in', [...POLL_ERROR_KINDS])])]))
      .where('submission_work_order', 'is not', null)
      .where('lab', 'in', ['Nvirotek', 'Wynland', 'NvirotekFarmer']).where('id', '>', after)
      .select(['id', 'lab', sql<string>`submission_work_order`.as('workOrder'), 'lab_job_id as labJobId', 'error', 'error_kind as errorKind']).orderBy('id').limit(limit).execute();
  }

  /**
   * Outside-lab submissions not sent yet (no work order, no job, not refused) and submitted more than two
   * minutes ago: what the send job did not manage (its own attempts come first). The `limit` after id `after`.
   */
  unsent(db: Db, after = 0, limit = 200): Promise<{ id: number }[]> {
    return db.selectFrom('submissions').where('state', '=', 'Waiting').where('submitted_at', '<', sql<Date>`now() - interval '2 minutes'`).where('submission_work_order', 'is', null).where('lab_job_id', 'is', null).where('refused', '=', false)
      .where('lab', 'in', ['Nvirotek', 'Wynland', 'NvirotekFarmer']).where('id', '>', after).select('id').orderBy('id').limit(limit).execute();
  }
}
