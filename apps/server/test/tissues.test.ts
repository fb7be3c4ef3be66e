import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tissuesEndpoints as ep } from '@sapwood/contracts';
import { listAudit } from '../src/platform/audit/audit.repository';
import type { ApiClient } from '../../../tests/support/api-client';
import { seedCarbohydrateReference } from '../../../tests/support/carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

let server: TestServer;
let staff: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedIn(server.url, await createUser(server.built.deps.db, ['CarbohydrateTissues']));
  other = await signedIn(server.url, await createUser(server.built.deps.db, ['CarbohydrateEntries']));
});
afterAll(() => server.close());

describe('tissue admin API', () => {
  it('refuses a blank name with Name required and saves nothing', async () => {
    const r = await staff.call(ep.upsert, { name: '   ' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'name', message: 'Name required' }]);
    const missing = await staff.call(ep.upsert, {});
    expect(missing.body.fields).toEqual([{ field: 'name', message: 'Name required' }]);
    const list = await staff.call(ep.paged, { search: '' });
    expect(list.body.total).toBe(0);
  });

  it('adds, edits (trimmed), pages, searches and sorts, with audit records', async () => {
    const a = await staff.call(ep.upsert, { name: '  Leaves  ' });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ name: 'Leaves', active: true, rowVersion: 1 });
    await staff.call(ep.upsert, { name: 'Bark' });
    const edited = await staff.call(ep.upsert, { id: a.body.id, name: 'Leaf blades', active: true, rowVersion: 1 });
    expect(edited.body).toMatchObject({ id: a.body.id, name: 'Leaf blades', rowVersion: 2 });
    const page = await staff.call(ep.paged, { page: 1, rowsPerPage: 1, sortBy: 'name', ascending: true });
    expect(page.body).toEqual({ rows: [expect.objectContaining({ name: 'Bark' })], total: 2 });
    const found = await staff.call(ep.paged, { search: 'blade' });
    expect(found.body.rows.map((t: { name: string }) => t.name)).toEqual(['Leaf blades']);
    const audit = await listAudit(server.built.deps.db, 'tissue', a.body.id);
    expect(audit.map((x) => x.action)).toEqual(['create', 'update']);
    expect(audit[1].new_values).toEqual({ name: 'Leaf blades' });
  });

  it('refuses a name another tissue has (any letter case, active or not) with Name must be unique; a deleted one frees it', async () => {
    const stem = await staff.call(ep.upsert, { name: 'Stem' });
    expect(stem.status).toBe(200);
    const again = await staff.call(ep.upsert, { name: ' sTEM ' });
    expect(again.status).toBe(400);
    expect(again.body.fields).toEqual([{ field: 'name', message: 'Name must be unique' }]);
    expect((await staff.call(ep.paged, { search: 'stem' })).body.total).toBe(1);

    // an inactive tissue keeps its name; a rename onto it is refused too, keeping one's own name (or its case) is not
    const twig = await staff.call(ep.upsert, { name: 'Twig', active: false });
    const renamed = await staff.call(ep.upsert, { id: twig.body.id, name: 'STEM', rowVersion: twig.body.rowVersion });
    expect(renamed.status).toBe(400);
    expect(renamed.body.fields).toEqual([{ field: 'name', message: 'Name must be unique' }]);
    expect((await staff.call(ep.upsert, { id: stem.body.id, name: 'Twig', rowVersion: stem.body.rowVersion })).body.fields)
      .toEqual([{ field: 'name', message: 'Name must be unique' }]);
    const recased = await staff.call(ep.upsert, { id: twig.body.id, name: 'twig', active: false, rowVersion: twig.body.rowVersion });
    expect(recased).toMatchObject({ status: 200, body: { name: 'twig' } });
    expect((await listAudit(server.built.deps.db, 'tissue', twig.body.id)).map((x) => x.action)).toEqual(['create', 'update']);

    // deleted (archived): the name may be used again
    expect((await staff.call(ep.delete, { id: stem.body.id })).body).toBe(true);
    expect((await staff.call(ep.upsert, { name: 'Stem' })).status).toBe(200);
  });

  it('answers 409 to an edit from a stale row version and keeps the first edit', async () => {
    const t = await staff.call(ep.upsert, { name: 'Fruit' });
    expect((await staff.call(ep.upsert, { id: t.body.id, name: 'Fruit A', rowVersion: 1 })).status).toBe(200);
    const stale = await staff.call(ep.upsert, { id: t.body.id, name: 'Fruit B', rowVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    const all = await staff.call(ep.index, {});
    expect(all.body.find((x: { id: number }) => x.id === t.body.id).name).toBe('Fruit A');
  });

  it('toggles active in place; index lists all, getactivetissues only the active ones', async () => {
    const t = await staff.call(ep.upsert, { name: 'Petioles' });
    const r = await staff.call(ep.tissueActive, { id: t.body.id, active: false });
    expect(r).toMatchObject({ status: 200, body: true });
    const index = await other.call(ep.index, {});
    const active = await other.call(ep.activeTissues, {});
    expect(index.body.map((x: { name: string }) => x.name)).toContain('Petioles');
    expect(active.body.map((x: { name: string }) => x.name)).not.toContain('Petioles');
    expect((await staff.call(ep.tissueActive, { id: t.body.id })).status).toBe(400);
    expect((await staff.call(ep.tissueActive, { id: 999999, active: true })).status).toBe(404);
    const audit = await listAudit(server.built.deps.db, 'tissue', t.body.id);
    expect(audit.at(-1)?.new_values).toEqual({ active: false });
  });

  it('archives an unused tissue on delete and refuses one a growth stage samples', async () => {
    const t = await staff.call(ep.upsert, { name: 'Flowers' });
    expect((await staff.call(ep.delete, { id: t.body.id })).body).toBe(true);
    const after = await staff.call(ep.paged, { search: 'Flowers' });
    expect(after.body.total).toBe(0);
    expect((await staff.call(ep.delete, { id: t.body.id })).status).toBe(404);

    const ref = await seedCarbohydrateReference(server.built.deps.db, '-del');
    const used = await staff.call(ep.delete, { id: ref.tissues.roots.id });
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('Roots-del is the organ type of growth stage Pecan-del: Dormancy, Pecan-del: Bud break. Choose another organ type there first.');
    expect((await staff.call(ep.index, {})).body.map((x: { name: string }) => x.name)).toContain('Roots-del');
  });

  it('gates the admin calls by CarbohydrateTissues and the pick lists by session', async () => {
    expect((await other.call(ep.paged, {})).status).toBe(403);
    expect((await other.call(ep.upsert, { name: 'X' })).status).toBe(403);
    expect((await other.call(ep.activeTissues, {})).status).toBe(200);
    const admin = await signedIn(server.url, ADMIN);
    expect((await admin.call(ep.paged, {})).status).toBe(200);
  });
});
