import type { ResultSource } from '@sapwood/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { type UnnestType, unnestRows } from '../../db/unnest';

type Kind = 'leaf' | 'soil';

/** A capture's stored result, as the service compares and audits it. */
export interface StoredResult {
  labName: string;
  labNumber: string;
  na: boolean;
  values: Record<string, number>;
  /** an outside lab's values outside their bounds: code → what is wrong (empty for values typed in) */
  flags: Record<string, string>;
  source: ResultSource;
  submissionId: number | null;
  rowVersion: number;
}

/** A result as written: the stored fields and where it came from. */
export interface ResultWrite extends Omit<StoredResult, 'rowVersion'> {
  captureId: number;
  demo: boolean;
  receivedAt: Date;
}

const fieldsOf = (w: ResultWrite, userId: number | null) => ({
  lab_name: w.labName,
  lab_number: w.labNumber,
  na: w.na,
  values: JSON.stringify(w.values),
  flags: JSON.stringify(w.flags),
  source: w.source,
  submission_id: w.submissionId,
  demo: w.demo,
  received_at: w.receivedAt,
  updated_by: userId,
});

/** The columns of a result as inserted, one array each (ADR 0113). */
const RESULT_INSERT = {
  capture_id: 'int4', lab_name: 'text', lab_number: 'text', na: 'bool', values: 'jsonb', flags: 'jsonb', source: 'text', submission_id: 'int4',
  demo: 'bool', received_at: 'timestamptz', updated_by: 'int4',
} as const satisfies Record<string, UnnestType>;
const RESULT_INSERT_NAMES = Object.keys(RESULT_INSERT) as (keyof typeof RESULT_INSERT)[];

/** All SQL of the captures' lab results (table capture_results, one row per capture). */
export class CaptureResultsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The live (not refused) captures among `ids`, locked until the transaction ends (in id order), with the
   * kind of each and its stored result (null: none yet).
   */
  async lockTargets(db: Db, ids: number[]): Promise<Map<number, { kind: Kind; result: StoredResult | null }>> {
    const found = new Map<number, { kind: Kind; result: StoredResult | null }>();
    if (ids.length === 0) return found;
    const captures = await db.selectFrom('captures').select(['id', 'kind']).where('id', 'in', ids).where('refused_reason', 'is', null).orderBy('id').forUpdate().execute();
    for (const c of captures) found.set(c.id, { kind: c.kind, result: null });
    if (captures.length === 0) return found;
    const results = await db.selectFrom('capture_results')
      .select(['capture_id', 'lab_name as labName', 'lab_number as labNumber', 'na', 'values', 'flags', 'source', 'submission_id as submissionId', 'row_version as rowVersion'])
      .where('capture_id', 'in', captures.map((c) => c.id)).execute();
    for (const { capture_id: id, ...result } of results) {
      const target = found.get(id);
      if (target) target.result = result;
    }
    return found;
  }

  /** Inserts the results of captures that had none, in one statement. */
  async insertAll(db: Db, writes: ResultWrite[], userId: number | null): Promise<void> {
    if (writes.length === 0) return;
    await db.insertInto('capture_results').columns(RESULT_INSERT_NAMES)
      .expression(unnestRows(RESULT_INSERT, writes.map((w) => ({ capture_id: w.captureId, ...fieldsOf(w, userId) })))).execute();
  }

  /**
   * Writes each result over the version read (`version`), in one statement; answers the captures written, so
   * that a result no longer at its version (changed meanwhile) is the one missing.
   */
  async updateAll(db: Db, writes: { write: ResultWrite; version: number }[], userId: number | null): Promise<Set<number>> {
    if (writes.length === 0) return new Set();
    const rows = JSON.stringify(writes.map(({ write: w, version }) => ({ ...fieldsOf(w, userId), values: w.values, flags: w.flags, capture_id: w.captureId, version })));
    const r = await sql<{ capture_id: number }>`
      update capture_results r set lab_name = w.lab_name, lab_number = w.lab_number, na = w.na, values = w.values, flags = w.flags, source = w.source,
        submission_id = w.submission_id, demo = w.demo, received_at = w.received_at, updated_by = w.updated_by, row_version = r.row_version + 1
      from jsonb_to_recordset(${rows}::jsonb) as w(capture_id int, version int, lab_name text, lab_number text, na boolean, values jsonb, flags jsonb, source text,
        submission_id int, demo boolean, received_at timestamptz, updated_by int)
      where r.capture_id = w.capture_id and r.row_version = w.version
      returning r.capture_id`.execute(db);
    return new Set(r.rows.map((x) => x.capture_id));
  }

  /** Demo data: every third live capture of a kind without a result yet, with its lab. */
  demoCandidates(kind: Kind): Promise<{ id: number; lab: string }[]> {
    return this.db.selectFrom('captures as c').select(['c.id', 'c.lab'])
      .where('c.kind', '=', kind).where('c.refused_reason', 'is', null).where(sql<boolean>`c.id % 3 = 0`)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('capture_results as r').select('r.capture_id').whereRef('r.capture_id', '=', 'c.id'))))
      .orderBy('c.id').execute();
  }
}
