import { MANUAL_ENTRY_MESSAGES, type ResultSource, RESULT_SOURCES, heldValueCodes, resultRowNaWithValues, resultValueFlags, resultValueProblems, resultValuesOf } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { conflict, notFound, validationError } from '../../http/errors';
import { type AuditEntry, recordChanges } from '../../platform/audit/audit';
import { CaptureResultsRepository, type ResultWrite, type StoredResult } from './capture-results.repository';

type Kind = 'leaf' | 'soil';

/** A capture's lab result as another feature hands it over (a manual entry, an outside lab's results). */
export interface CaptureResultInput {
  captureId: number;
  labName: string;
  labNumber: string;
  /** the lab marked the sample N/A: then it has no values */
  na?: boolean;
  /** value code (LEAF_RESULT_VALUES for a leaf capture, FARMERS_RESULT_VALUES for a soil one) → number; null or absent: not measured */
  values: Partial<Record<string, number | null>>;
  /** typed in (Manual): the codes of the values outside their usual range that the typist confirmed */
  confirmed?: readonly string[];
  source: ResultSource;
  submissionId?: number | null;
  /** demo data (marked as such in the row) */
  demo?: boolean;
  receivedAt?: Date;
  /**
   * the result's version the caller read (0: it saw none); a newer one stored answers 409. Omitted: no check. With
   * a `submissionId`, a stored result of another submission or source is not one the caller saw (0: ADR 0097).
   */
  expectedVersion?: number;
}

export const CAPTURE_RESULT_MESSAGES = {
  changed: 'The results of this sample were changed by someone else. Reload them and try again.',
  unknownValue: (code: string) => `'${code}' is not a value of this kind of sample`,
  notANumber: 'Must be a number',
  naWithValues: MANUAL_ENTRY_MESSAGES.naWithValues,
  twice: 'This sample is given twice',
  source: 'Choose Manual, Nvirotek or Wynland',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

const MAX_VALUE = 1e9;

/**
 * The values measured (nulls left out) and their flags, or the fields that are wrong. Values typed in (Manual)
 * must be within their bounds, and one outside its usual range confirmed, unless it is the value the sample
 * already holds (values/result-bounds.ts: the same rule the manual entry grid asks by); an outside lab's values
 * are its own: kept as they came, each outside its bounds flagged.
 */
function checked(row: CaptureResultInput, kind: Kind, stored: StoredResult | null, at: string, errors: { field: string; message: string }[]): { values: Record<string, number>; flags: Record<string, string> } {
  const codes = new Set(resultValuesOf(kind).map((v) => v.code));
  const values: Record<string, number> = {};
  for (const [code, value] of Object.entries(row.values)) {
    if (value === null || value === undefined) continue;
    if (!codes.has(code)) errors.push({ field: `${at}.values.${code}`, message: CAPTURE_RESULT_MESSAGES.unknownValue(code) });
    else if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > MAX_VALUE) errors.push({ field: `${at}.values.${code}`, message: CAPTURE_RESULT_MESSAGES.notANumber });
    else values[code] = value;
  }
  if (resultRowNaWithValues({ na: row.na ?? false, values })) errors.push({ field: `${at}.na`, message: CAPTURE_RESULT_MESSAGES.naWithValues });
  if (!(RESULT_SOURCES as readonly string[]).includes(row.source)) errors.push({ field: `${at}.source`, message: CAPTURE_RESULT_MESSAGES.source });
  for (const [key, max] of [['labName', 64], ['labNumber', 64]] as const) {
    if (row[key].length > max) errors.push({ field: `${at}.${key}`, message: CAPTURE_RESULT_MESSAGES.tooLong(max) });
  }
  if (row.source !== 'Manual') return { values, flags: resultValueFlags(kind, values) };
  for (const p of resultValueProblems(kind, values, [...(row.confirmed ?? []), ...heldValueCodes(values, stored?.values)])) errors.push({ field: `${at}.values.${p.at}`, message: p.message });
  return { values, flags: {} };
}

/** What the audit keeps of a result; its values by code in code order (the database keeps jsonb keys in an order of its own). */
const byCode = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const audited = (r: Omit<StoredResult, 'rowVersion'>) => ({
  labName: r.labName, labNumber: r.labNumber, na: r.na, source: r.source, submissionId: r.submissionId,
  values: byCode(r.values),
  ...(Object.keys(r.flags ?? {}).length ? { flags: byCode(r.flags) } : {}),
});

/**
 * Stores the lab results of captures: the one way results are written (the submissions' manual entry and the
 * outside labs' results, through the leafs feature's index.ts). Inside the caller's transaction: each row is
 * inserted, or replaces the stored result (a new row version); the audit keeps the previous values beside the
 * new ones, with `reason`. All or nothing: an unknown or refused capture answers 404, a value that is not the
 * kind's or not a number, or typed in out of its bounds (unconfirmed when unusual), 400 (naming
 * `rows.{i}.values.{code}`), N/A with values 400 (`rows.{i}.na`), a stale `expectedVersion` 409. An outside
 * lab's values out of their bounds are stored flagged. A row equal to the stored result writes nothing.
 * Answers each capture's result version.
 */
/** The version of a stored result as the caller could have read it: a submission reads only the results written for it by its lab (ADR 0097), another's is one it never saw (0). */
function seenVersion(old: StoredResult | null, row: CaptureResultInput): number {
  const submissionId = row.submissionId ?? null;
  const foreign = old !== null && submissionId !== null && (old.submissionId !== submissionId || old.source !== row.source);
  return old && !foreign ? old.rowVersion : 0;
}

export async function recordCaptureResults(trx: Db, rows: CaptureResultInput[], userId: number | null, reason?: string): Promise<{ captureId: number; rowVersion: number }[]> {
  const repo = new CaptureResultsRepository(trx);
  const targets = await repo.lockTargets(trx, [...new Set(rows.map((r) => r.captureId))]);
  const errors: { field: string; message: string }[] = [];
  const seen = new Set<number>();
  const writes: { write: ResultWrite; old: StoredResult | null }[] = [];
  rows.forEach((row, i) => {
    const target = targets.get(row.captureId);
    if (!target) throw notFound('Leaf or farmers sample record');
    if (seen.has(row.captureId)) errors.push({ field: `rows.${i}.captureId`, message: CAPTURE_RESULT_MESSAGES.twice });
    seen.add(row.captureId);
    // a stale version is a conflict before the values are judged (against a result the caller never saw)
    if (row.expectedVersion !== undefined && row.expectedVersion !== seenVersion(target.result, row)) throw conflict(CAPTURE_RESULT_MESSAGES.changed);
    const { values, flags } = checked(row, target.kind, target.result, `rows.${i}`, errors);
    writes.push({
      old: target.result,
      write: {
        captureId: row.captureId, labName: row.labName.trim(), labNumber: row.labNumber.trim(), na: row.na ?? false, values, flags, source: row.source,
        submissionId: row.submissionId ?? null, demo: row.demo ?? false, receivedAt: row.receivedAt ?? new Date(),
      },
    });
  });
  if (errors.length) throw validationError(errors);
  const audits: AuditEntry[] = [];
  const versions: { captureId: number; rowVersion: number }[] = [];
  const inserts: ResultWrite[] = [];
  const updates: { write: ResultWrite; version: number }[] = [];
  for (const { write, old } of writes) {
    const before = old ? audited(old) : null;
    const after = audited(write);
    if (old && JSON.stringify(before) === JSON.stringify(after)) {
      versions.push({ captureId: write.captureId, rowVersion: old.rowVersion });
      continue;
    }
    if (old) updates.push({ write, version: old.rowVersion });
    else inserts.push(write);
    versions.push({ captureId: write.captureId, rowVersion: (old?.rowVersion ?? 0) + 1 });
    audits.push({ userId, entity: 'capture_result', entityId: write.captureId, action: old ? 'update' : 'create', oldValues: before ?? undefined, newValues: after, reason: reason ?? null });
  }
  // the captures are locked: a result can only have moved on if it was written in this transaction before
  await repo.insertAll(trx, inserts, userId);
  const updated = await repo.updateAll(trx, updates, userId);
  if (updated.size !== updates.length) throw conflict(CAPTURE_RESULT_MESSAGES.changed);
  await recordChanges(trx, audits);
  return versions;
}
