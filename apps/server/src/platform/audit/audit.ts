import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type AuditEntry, insertAudit, insertAudits } from './audit.repository';

export type { AuditEntry };

/**
 * Records a change of data. Call it inside the same transaction as the change, so that a change
 * without its audit row cannot happen. Only the fields that changed are kept.
 */
export async function recordChange(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  const row = changedOnly(entry);
  if (row) await insertAudit(trx, row);
}

/** recordChange for many changes at once (one statement per 500), for multi-row saves. */
export async function recordChanges(trx: Kysely<Database>, entries: AuditEntry[]): Promise<void> {
  const rows = entries.map(changedOnly).filter((r): r is AuditEntry => r !== null);
  if (rows.length) await insertAudits(trx, rows);
}

function changedOnly(entry: AuditEntry): AuditEntry | null {
  const { oldValues, newValues } = entry;
  if (isRecord(oldValues) && isRecord(newValues)) {
    const keys = Object.keys(newValues).filter((k) => JSON.stringify(oldValues[k]) !== JSON.stringify(newValues[k]));
    if (keys.length === 0 && entry.action === 'update') return null;
    const pick = (o: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, o[k] ?? null]));
    return { ...entry, oldValues: pick(oldValues), newValues: pick(newValues) };
  }
  return entry;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
