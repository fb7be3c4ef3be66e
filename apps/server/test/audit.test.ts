import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsEndpoints } from '@sapwood/contracts';
import { recordChange } from '../src/platform/audit/audit';
import { listAudit } from '../src/platform/audit/audit.repository';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';

/** The audit trail is append-only: the database itself refuses to rewrite or delete its rows. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signedIn(server.url, ADMIN);
  await admin.call(settingsEndpoints.update, { sugarLimit: 4, starchLimit: 6, rowVersion: 1 });
});
afterAll(() => server.close());

const db = () => server.built.deps.db;

describe('audit trail', () => {
  it('records who, when, what, old and new values and a reason', async () => {
    await db().transaction().execute((trx) =>
      recordChange(trx, { userId: 1, entity: 'thing', entityId: 7, action: 'update', oldValues: { a: 1, b: 2 }, newValues: { a: 1, b: 3 }, reason: 'typo' }),
    );
    const rows = await listAudit(db(), 'thing', 7);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: 1, entity: 'thing', entity_id: '7', action: 'update', old_values: { b: 2 }, new_values: { b: 3 }, reason: 'typo' });
  });

  it('an audit record written in a transaction that fails is not kept', async () => {
    await expect(
      db().transaction().execute(async (trx) => {
        await recordChange(trx, { userId: 1, entity: 'rolled-back', entityId: 1, action: 'create', newValues: { x: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await listAudit(db(), 'rolled-back', 1)).toEqual([]);
  });

  it('refuses to update an audit row', async () => {
    await expect(db().updateTable('audit_log').set({ action: 'forged' }).where('entity', '=', 'settings').execute()).rejects.toThrow(/append-only/);
    const rows = await listAudit(db(), 'settings', 1);
    expect(rows.map((r) => r.action)).toEqual(['update']);
  });

  it('refuses to delete an audit row', async () => {
    await expect(db().deleteFrom('audit_log').where('entity', '=', 'settings').execute()).rejects.toThrow(/append-only/);
    expect(await listAudit(db(), 'settings', 1)).toHaveLength(1);
  });

  it('refuses to truncate the audit table', async () => {
    await expect(sql`truncate audit_log`.execute(db())).rejects.toThrow(/append-only/);
    expect(await listAudit(db(), 'settings', 1)).toHaveLength(1);
  });
});
