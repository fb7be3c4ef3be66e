import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCE_MESSAGES, preferencesEndpoints as ep } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/** /api/preferences/columns: each user's column choices, kept by the server and versioned (ADR 0135). */
let server: TestServer;
let ann: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  // no permission needed: any signed-in user keeps their own choices
  ann = await signedIn(server.url, await createUser(db, [], { name: 'Ann' }));
  bob = await signedIn(server.url, await createUser(db, [], { name: 'Bob' }));
});
afterAll(() => server.close());

describe('column preferences', () => {
  it('start empty; a first save needs no version, later ones the version read; each user sees only their own', async () => {
    expect((await ann.call(ep.columns)).body).toEqual([]);
    const first = await ann.call(ep.saveColumns, { table: 'carbohydrates', hidden: ['entity', 'region', 'entity'], rowVersion: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ table: 'carbohydrates', hidden: ['entity', 'region'], rowVersion: 1 });
    const next = await ann.call(ep.saveColumns, { table: 'carbohydrates', hidden: ['organ'], rowVersion: 1 });
    expect(next.body).toEqual({ table: 'carbohydrates', hidden: ['organ'], rowVersion: 2 });
    await ann.call(ep.saveColumns, { table: 'leaf-results', hidden: [], rowVersion: 0 });
    expect((await ann.call(ep.columns)).body).toEqual([
      { table: 'carbohydrates', hidden: ['organ'], rowVersion: 2 },
      { table: 'leaf-results', hidden: [], rowVersion: 1 },
    ]);
    expect((await bob.call(ep.columns)).body).toEqual([]);
  });

  it('a stale version, or a second first save (another machine saved first), answers 409 and changes nothing', async () => {
    const stale = await ann.call(ep.saveColumns, { table: 'carbohydrates', hidden: ['sugar'], rowVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(PREFERENCE_MESSAGES.changed);
    const again = await ann.call(ep.saveColumns, { table: 'leaf-results', hidden: ['lab'], rowVersion: 0 });
    expect(again.status).toBe(409);
    expect((await ann.call(ep.columns)).body).toEqual([
      { table: 'carbohydrates', hidden: ['organ'], rowVersion: 2 },
      { table: 'leaf-results', hidden: [], rowVersion: 1 },
    ]);
  });

  it('refuses a bad list or column name with 400 naming the field', async () => {
    const r = await ann.call(ep.saveColumns, { table: 'Bad Name!', hidden: ['ok', ''], rowVersion: 0 });
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['hidden.1', 'table']);
  });
});
