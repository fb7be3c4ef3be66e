import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, settingsEndpoints } from '@sapwood/contracts';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import type { ApiClient } from '../../../tests/support/api-client';

/** /api/settings/get and /update: the Limits record, its validation and its audit trail. */
let server: TestServer;
let editor: ApiClient;
let editorId: number;

beforeAll(async () => {
  server = await startTestServer();
  const u = await createUser(server.built.deps.db, ['Settings']);
  editorId = u.id;
  editor = await signedIn(server.url, u);
});
afterAll(() => server.close());

const db = () => server.built.deps.db;
/** A save with the version the client just read (ADR 0110). */
const save = async (client: ApiClient, input: Record<string, unknown>) =>
  client.call(settingsEndpoints.update, { ...input, rowVersion: (await client.call(settingsEndpoints.get)).body.rowVersion });

describe('settings', () => {
  it('starts at 0 and 0', async () => {
    const r = await editor.call(settingsEndpoints.get);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sugarLimit: 0, starchLimit: 0, rowVersion: 1 });
  });

  it('saves and reads back the limits, also in the start-up data', async () => {
    const r = await save(editor, { sugarLimit: 8.5, starchLimit: 12 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sugarLimit: 8.5, starchLimit: 12, rowVersion: 2 });
    expect((await editor.call(settingsEndpoints.get)).body).toEqual({ sugarLimit: 8.5, starchLimit: 12, rowVersion: 2 });
    expect((await editor.call(authEndpoints.initial)).body.settings).toEqual({ sugarLimit: 8.5, starchLimit: 12 });
  });

  it('any signed-in user may read the limits; only Settings may change them', async () => {
    const reader = await signedIn(server.url, await createUser(db(), ['LabJobs']));
    expect((await reader.call(settingsEndpoints.get)).status).toBe(200);
    const r = await save(reader, { sugarLimit: 1, starchLimit: 1 });
    expect(r.status).toBe(403);
    expect((await editor.call(settingsEndpoints.get)).body).toMatchObject({ sugarLimit: 8.5, starchLimit: 12 });
  });

  it.each([
    ['non-numeric', { sugarLimit: 'abc', starchLimit: 1 }, 'sugarLimit'],
    ['negative', { sugarLimit: 1, starchLimit: -0.5 }, 'starchLimit'],
    ['null', { sugarLimit: null, starchLimit: 1 }, 'sugarLimit'],
  ])('refuses a %s value with 400 and saves nothing', async (_what, input, field) => {
    const auditBefore = await db().selectFrom('audit_log').select('id').where('entity', '=', 'settings').execute();
    const r = await save(editor, input);
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    expect((await editor.call(settingsEndpoints.get)).body).toMatchObject({ sugarLimit: 8.5, starchLimit: 12 });
    const auditAfter = await db().selectFrom('audit_log').select('id').where('entity', '=', 'settings').execute();
    expect(auditAfter).toHaveLength(auditBefore.length);
  });

  it('writes an audit record with who, the old and the new values', async () => {
    await save(editor, { sugarLimit: 9, starchLimit: 12 });
    const last = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'settings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({
      user_id: editorId,
      entity_id: '1',
      action: 'update',
      old_values: { sugarLimit: 8.5 },
      new_values: { sugarLimit: 9 },
    });
    expect(last.at).toBeInstanceOf(Date);
  });

  it('writes no audit record when nothing changes', async () => {
    const before = await db().selectFrom('audit_log').select('id').where('entity', '=', 'settings').execute();
    expect((await save(editor, { sugarLimit: 9, starchLimit: 12 })).status).toBe(200);
    const after = await db().selectFrom('audit_log').select('id').where('entity', '=', 'settings').execute();
    expect(after).toHaveLength(before.length);
  });
});
