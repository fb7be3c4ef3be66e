import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface AuditEntry {
  userId: number | null;
  entity: string;
  entityId: string | number;
  action: string;
  oldValues?: unknown;
  newValues?: unknown;
  reason?: string | null;
}

function auditRow(e: AuditEntry) {
  return {
    user_id: e.userId,
    entity: e.entity,
    entity_id: String(e.entityId),
    action: e.action,
    old_values: e.oldValues === undefined ? null : JSON.stringify(e.oldValues),
    new_values: e.newValues === undefined ? null : JSON.stringify(e.newValues),
    reason: e.reason ?? null,
  };
}

/** Audit rows are only ever inserted (the database refuses updates and deletes). */
export async function insertAudit(db: Kysely<Database>, e: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(e)).execute();
}

/** Many audit rows in one statement (multi-row saves), in chunks. */
export async function insertAudits(db: Kysely<Database>, entries: AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 500) {
    await db.insertInto('audit_log').values(entries.slice(i, i + 500).map(auditRow)).execute();
  }
}

export async function listAudit(db: Kysely<Database>, entity: string, entityId: string | number) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}
