import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { type UnnestType, unnestRows } from '../../db/unnest';
import type { MappedCapture } from './capture-mapping';

type Kind = 'leaf' | 'soil';

/** A Not Completed capture as the Prepare Submission dialog starts from it. */
export interface EntryForSubmission {
  id: number;
  sampleNumber: string;
  blockNumber: string;
  cropId: number | null;
  clientName: string;
  farmName: string;
  agent: string;
  agronomist: string;
  capturedAt: Date | null;
  lab: string;
}

/** A sample typed by hand into a submission, as its capture is made (see captureSubmissions.handCapture). */
export interface HandSample {
  kind: Kind;
  submissionId: number;
  submittedAt: Date;
  lab: string;
  sampleNumber: string;
  blockNumber: string;
  cropId: number | null;
  clientName: string;
  farmName: string;
}

/** The columns of a capture typed by hand as inserted, one array each (ADR 0113). */
const HAND_INSERT = {
  kind: 'text', capture_key: 'text', source_updated_at: 'text', original: 'jsonb', mapped: 'jsonb', refused_reason: 'text', status: 'text', lab: 'text',
  sample_number: 'text', crop_id: 'int4', client_name: 'text', farm_name: 'text', block_number: 'text', captured_at: 'timestamptz', submission_id: 'int4',
  submitted_at: 'timestamptz',
} as const satisfies Record<string, UnnestType>;
const HAND_INSERT_NAMES = Object.keys(HAND_INSERT) as (keyof typeof HAND_INSERT)[];

/** SQL of the captures as submissions see them (the leafs feature owns the table; submissions go through index.ts). */
export class CaptureSubmissionsRepository {
  /** These captures of the kind when Not Completed, in sample number order (the others are left out). */
  async notCompleted(db: Db, kind: Kind, ids: number[]): Promise<EntryForSubmission[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('captures').where('id', 'in', ids).where('kind', '=', kind).where('status', '=', 'NotCompleted').where('refused_reason', 'is', null)
      .select(['id', 'sample_number as sampleNumber', 'block_number as blockNumber', 'crop_id as cropId', 'client_name as clientName', 'farm_name as farmName',
        'agent', 'agronomist', 'captured_at as capturedAt', 'lab'])
      .orderBy('sample_number').orderBy('id').execute();
  }

  /** These captures of the kind when Not Completed, locked for the submitting transaction: each one's lab. */
  lockNotCompleted(db: Db, kind: Kind, ids: number[]): Promise<{ id: number; lab: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('captures').select(['id', 'lab']).where('id', 'in', ids).where('kind', '=', kind).where('status', '=', 'NotCompleted')
      .where('refused_reason', 'is', null).orderBy('id').forUpdate().execute();
  }

  /** Not Completed → Completed with the submission, showing the lab it goes to (the one it showed kept); answers how many moved. */
  async submit(db: Db, kind: Kind, ids: number[], submissionId: number, at: Date, lab: string): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await db.updateTable('captures')
      .set({ status: 'Completed', submission_id: submissionId, submitted_at: at, lab, lab_before_submit: sql`lab`, row_version: sql`row_version + 1` })
      .where('id', 'in', ids).where('kind', '=', kind).where('status', '=', 'NotCompleted').where('refused_reason', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /**
   * The submission's captures back to Not Completed, each with the lab it showed before the submission took it
   * (one submitted before migration 0355 keeps the lab it shows); answers each one's id and lab before and after.
   */
  async release(db: Db, submissionId: number): Promise<{ id: number; lab: string; was: string }[]> {
    return db.updateTable('captures as c')
      .from(sql<{ id: number; lab: string }>`(select id, lab from captures where submission_id = ${submissionId} for update)`.as('o'))
      .set({ status: 'NotCompleted', submission_id: null, submitted_at: null, lab: sql`coalesce(c.lab_before_submit, c.lab)`, lab_before_submit: null, row_version: sql`c.row_version + 1` })
      .whereRef('c.id', '=', 'o.id').returning(['c.id', 'c.lab', 'o.lab as was']).execute();
  }

  /** Completed captures for samples typed by hand (keys `hand-<uuid>`), in one statement: the row as typed is each one's original. Answers their ids in order. */
  async insertHand(db: Db, samples: { key: string; sample: HandSample }[]): Promise<number[]> {
    if (samples.length === 0) return [];
    const rows = samples.map(({ key, sample: h }) => {
      const original = { sampleNumber: h.sampleNumber, block: h.blockNumber, cropId: h.cropId, client: h.clientName, farm: h.farmName, lab: h.lab, typedBy: 'hand', submissionId: h.submissionId };
      const mapped: MappedCapture = {
        sampleNumber: h.sampleNumber, lab: h.lab, cropId: h.cropId, crop: null, clientName: h.clientName, farmName: h.farmName, blockNumber: h.blockNumber,
        agent: '', agronomist: '', capturedAt: null, location: null, photo: null,
      };
      return {
        kind: h.kind, capture_key: key, source_updated_at: '', original: JSON.stringify(original), mapped: JSON.stringify(mapped), refused_reason: null, status: 'Completed' as const,
        lab: h.lab, sample_number: h.sampleNumber, crop_id: h.cropId, client_name: h.clientName, farm_name: h.farmName, block_number: h.blockNumber,
        captured_at: null, submission_id: h.submissionId, submitted_at: h.submittedAt,
      };
    });
    const made = await db.insertInto('captures').columns(HAND_INSERT_NAMES).expression(unnestRows(HAND_INSERT, rows)).returning(['id', 'capture_key']).execute();
    const byKey = new Map(made.map((r) => [r.capture_key, r.id]));
    return samples.map((x) => byKey.get(x.key)!);
  }
}
