import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGRONOMIST_MESSAGES, apiFeatures } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import type { Db } from '../src/db/database';

const api = apiFeatures.agronomists;
let server: TestServer;
let db: Db;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  db = server.built.deps.db;
  admin = await signedIn(server.url, ADMIN);
});
afterAll(() => server?.close());

async function add(name: string, originate?: 'International' | 'Usa') {
  const r = await admin.call(api.upsert, { id: 0, name, ...(originate ? { originate } : {}) });
  expect(r.status).toBe(200);
  return r.body.id as number;
}

describe('agronomists API', () => {
  it("adds (International by default) and edits an agronomist, refusing a blank name with 'Name required'", async () => {
    const id = await add('Dr Nel');
    const page = await admin.call(api.paged, { search: 'Nel' });
    expect(page.body.rows).toEqual([{ id, name: 'Dr Nel', originate: 'International', rowVersion: 1 }]);
    const blank = await admin.call(api.upsert, { id, name: '  ', originate: 'Usa', rowVersion: 1 });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual([{ field: 'name', message: AGRONOMIST_MESSAGES.nameRequired }]);
    const bad = await admin.call(api.upsert, { id, name: 'Dr Nel', originate: 'Mars', rowVersion: 1 });
    expect(bad.status).toBe(400);
    expect((await admin.call(api.upsert, { id, name: 'Dr Nel', originate: 'Usa', rowVersion: 1 })).status).toBe(200);
    expect((await admin.call(api.index)).body).toContainEqual({ id, name: 'Dr Nel', originate: 'Usa', rowVersion: 2 });
    const stale = await admin.call(api.upsert, { id, name: 'Dr Nel Late', originate: 'Usa', rowVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(AGRONOMIST_MESSAGES.changed);
    const audit = await db.selectFrom('audit_log').select('action').where('entity', '=', 'agronomist').where('entity_id', '=', String(id)).execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('sorts and pages', async () => {
    await add('Aa First', 'Usa');
    await add('Zz Last');
    const asc = await admin.call(api.paged, { sortBy: 'name', ascending: true, rowsPerPage: 2 });
    expect(asc.body.rows.map((r: { name: string }) => r.name)).toEqual(['Aa First', 'Dr Nel']);
    expect(asc.body.total).toBe(3);
    const desc = await admin.call(api.paged, { sortBy: 'name', ascending: false, rowsPerPage: 2, page: 2 });
    expect(desc.body.rows.map((r: { name: string }) => r.name)).toEqual(['Aa First']);
  });

  it("archive needs a target: 'Select a agronomist to reassign'", async () => {
    const id = await add('Lonely');
    for (const body of [{ id }, { id, assignId: null }, { id, assignId: 0 }, { id, assignId: id }]) {
      const r = await admin.call(api.archive, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.fields).toEqual([{ field: 'assignId', message: AGRONOMIST_MESSAGES.selectTarget }]);
    }
    expect((await admin.call(api.paged, { search: 'Lonely' })).body.total).toBe(1);
  });

  it('archiving moves users (merged, no duplicates), entries and samples to the chosen one in one transaction', async () => {
    const from = await add('Dr Old');
    const to = await add('Dr New');
    const ref = await seedCarbohydrateReference(db, ' agro');
    const job = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'A1' }, { sampleNumber: 'A2' }] });
    await db.updateTable('lab_job_entries').set({ agronomist: 'Dr Old' }).where('id', '=', job.entries[0].id).execute();
    await db.insertInto('carbohydrate_samples').values([{ sample_number: 'A1', agronomist: 'Dr Old' }, { sample_number: 'A9', agronomist: 'Someone' }]).execute();
    const both = await createUser(db, []);
    const onlyOld = await createUser(db, []);
    await db.insertInto('user_agronomists').values([
      { user_id: both.id, agronomist_id: from }, { user_id: both.id, agronomist_id: to }, { user_id: onlyOld.id, agronomist_id: from },
    ]).execute();

    expect((await admin.call(api.archive, { id: from, assignId: to })).status).toBe(200);

    const links = await db.selectFrom('user_agronomists').selectAll().where('user_id', 'in', [both.id, onlyOld.id]).orderBy('user_id').execute();
    expect(links).toEqual([{ user_id: both.id, agronomist_id: to }, { user_id: onlyOld.id, agronomist_id: to }]);
    const entries = await db.selectFrom('lab_job_entries').select(['id', 'agronomist']).where('lab_job_id', '=', job.jobId).orderBy('id').execute();
    expect(entries.map((e) => e.agronomist)).toEqual(['Dr New', 'Dr Nel']);
    const samples = await db.selectFrom('carbohydrate_samples').select(['sample_number', 'agronomist']).orderBy('sample_number').execute();
    expect(samples).toEqual([{ sample_number: 'A1', agronomist: 'Dr New' }, { sample_number: 'A9', agronomist: 'Someone' }]);
    expect((await admin.call(api.paged, { search: 'Dr Old' })).body.total).toBe(0);
    expect((await admin.call(api.index)).body.map((a: { id: number }) => a.id)).not.toContain(from);
    const audit = await db.selectFrom('audit_log').select(['action', 'new_values']).where('entity', '=', 'agronomist').where('entity_id', '=', String(from)).orderBy('id').execute();
    expect(audit.at(-1)).toMatchObject({ action: 'archive', new_values: { archived: true, assignedTo: to, users: 2, entries: 1, samples: 1 } });
  });

  it('a failed reassignment changes nothing (target archived meanwhile)', async () => {
    const from = await add('Dr Keep');
    const gone = await add('Dr Gone');
    const other = await add('Dr Other');
    expect((await admin.call(api.archive, { id: gone, assignId: other })).status).toBe(200);
    const user = await createUser(db, []);
    await db.insertInto('user_agronomists').values({ user_id: user.id, agronomist_id: from }).execute();
    const r = await admin.call(api.archive, { id: from, assignId: gone });
    expect(r.status).toBe(400);
    expect(r.body.fields[0]).toEqual({ field: 'assignId', message: AGRONOMIST_MESSAGES.notFound });
    expect((await admin.call(api.paged, { search: 'Dr Keep' })).body.total).toBe(1);
    const links = await db.selectFrom('user_agronomists').select('agronomist_id').where('user_id', '=', user.id).execute();
    expect(links).toEqual([{ agronomist_id: from }]);
  });

  it('the pick list is open to any signed-in user; the rest needs Agronomists', async () => {
    const them = await signedIn(server.url, await createUser(db, ['Users']));
    expect((await them.call(api.index)).status).toBe(200);
    expect((await them.call(api.paged, {})).status).toBe(403);
    expect((await them.call(api.upsert, { id: 0, name: 'x' })).status).toBe(403);
    expect((await them.call(api.archive, { id: 1, assignId: 2 })).status).toBe(403);
  });
});
