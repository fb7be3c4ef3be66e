import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AddressInput, addressEndpoints as ep } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

let server: TestServer;
let admin: ApiClient;
let clerk: ApiClient;
let viewer: ApiClient;

let n = 0;
const address = (over: Partial<AddressInput> = {}): AddressInput => {
  n += 1;
  return {
    name: `Lab ${n}`, addressLine: '1 Main Road', area: 'Stellenbosch', code: '7600', number: '021 000 0000',
    email: `lab${n}@example.com`, website: 'https://lab.example.com', filePrefix: `L${n}`, logoWord: 'SAPWOOD', ...over,
  };
};

async function defaults(): Promise<number[]> {
  const rows = await server.built.deps.db.selectFrom('addresses').select('id').where('is_default', '=', true).execute();
  return rows.map((r) => r.id);
}

const audits = (id: number) =>
  server.built.deps.db.selectFrom('audit_log').select(['action', 'new_values']).where('entity', '=', 'address').where('entity_id', '=', String(id)).execute();

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server.url, ADMIN);
  clerk = await signedIn(server.url, await createUser(server.built.deps.db, ['Address']));
  viewer = await signedIn(server.url, await createUser(server.built.deps.db, ['Leafs']));
});
afterAll(() => server.close());

describe('addresses', () => {
  it('refuses each empty field with the spec message and saves nothing', async () => {
    const r = await clerk.call(ep.upsert, { name: ' ', addressLine: '', area: '', code: '', number: '', email: '', website: '', filePrefix: '', logoWord: '' });
    expect(r.status).toBe(400);
    const byField = Object.fromEntries((r.body.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]));
    expect(byField).toMatchObject({
      name: 'Name required', addressLine: 'Address required', area: 'Area required', code: 'Code required',
      number: 'Number required', email: 'Email required', website: 'Website required', filePrefix: 'File prefix required',
      logoWord: 'Logo word required',
    });
    const count = await server.built.deps.db.selectFrom('addresses').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses a logo word over 20 characters and a malformed email', async () => {
    const long = await clerk.call(ep.upsert, address({ logoWord: 'x'.repeat(21) }));
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual([{ field: 'logoWord', message: 'The word is to long to fit in the logo' }]);
    const ok20 = address({ logoWord: 'x'.repeat(20) });
    const mail = await clerk.call(ep.upsert, { ...ok20, email: 'not-an-email' });
    expect(mail.body.fields).toEqual([{ field: 'email', message: 'Valid email required' }]);
  });

  let first: number;
  let second: number;
  it('makes the first address the default, trims fields, and audits the creation', async () => {
    const r = await clerk.call(ep.upsert, address({ name: '  Head office  ' }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Head office', isDefault: true });
    first = r.body.id;
    const r2 = await clerk.call(ep.upsert, address());
    expect(r2.body.isDefault).toBe(false);
    second = r2.body.id;
    expect(await defaults()).toEqual([first]);
    expect((await audits(first)).map((a) => a.action)).toEqual(['create']);
  });

  it('pages, searches and sorts', async () => {
    const all = await clerk.call(ep.paged, { page: 1, rowsPerPage: 10, sortBy: 'name', ascending: true });
    expect(all.body.total).toBe(2);
    expect(all.body.rows.map((r: { name: string }) => r.name)).toEqual(['Head office', 'Lab 4']);
    const found = await clerk.call(ep.paged, { search: 'head' });
    expect(found.body.rows.map((r: { id: number }) => r.id)).toEqual([first]);
    const desc = await clerk.call(ep.paged, { sortBy: 'name', ascending: false, rowsPerPage: 1, page: 1 });
    expect(desc.body).toMatchObject({ total: 2, rows: [{ name: 'Lab 4' }] });
  });

  it('edits an address and refuses a stale version with 409', async () => {
    const current = (await clerk.call(ep.index)).body.find((a: { id: number }) => a.id === second);
    const r = await clerk.call(ep.upsert, { ...current, area: 'Paarl' });
    expect(r.status).toBe(200);
    expect(r.body.area).toBe('Paarl');
    const stale = await clerk.call(ep.upsert, { ...current, area: 'Worcester' });
    expect(stale.status).toBe(409);
    const audit = await audits(second);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1].new_values).toEqual({ area: 'Paarl', rowVersion: r.body.rowVersion });
  });

  it('switches the default atomically with setdefaultaddress, and the index lists it first', async () => {
    const r = await clerk.call(ep.setDefault, { id: second });
    expect(r.status).toBe(200);
    expect(r.body.isDefault).toBe(true);
    expect(await defaults()).toEqual([second]);
    const index = await viewer.call(ep.index);
    expect(index.status).toBe(200);
    expect(index.body[0].id).toBe(second);
    const actions = (await audits(first)).map((a) => a.new_values);
    expect(actions).toContainEqual({ isDefault: false });
  });

  it('keeps exactly one default under two concurrent setdefault calls', async () => {
    const third = (await clerk.call(ep.upsert, address())).body.id;
    const [a, b] = await Promise.all([clerk.call(ep.setDefault, { id: first }), admin.call(ep.setDefault, { id: third })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const d = await defaults();
    expect(d).toHaveLength(1);
    expect([first, third]).toContain(d[0]);
  });

  it('keeps exactly one default when two addresses are saved as default at once', async () => {
    const [a, b] = await Promise.all([clerk.call(ep.upsert, address({ isDefault: true })), admin.call(ep.upsert, address({ isDefault: true }))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await defaults()).toHaveLength(1);
  });

  it('refuses to delete the default, deletes another, and audits it', async () => {
    const [def] = await defaults();
    const r = await clerk.call(ep.delete, { id: def });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'id', message: 'The default address cannot be deleted. Make another address the default first.' }]);
    const other = (await clerk.call(ep.index)).body.find((a: { isDefault: boolean }) => !a.isDefault).id;
    expect((await clerk.call(ep.delete, { id: other })).status).toBe(200);
    expect((await clerk.call(ep.index)).body.map((a: { id: number }) => a.id)).not.toContain(other);
    expect((await audits(other)).map((a) => a.action)).toContain('delete');
    expect((await clerk.call(ep.delete, { id: other })).status).toBe(404);
    expect((await clerk.call(ep.setDefault, { id: other })).status).toBe(404);
  });

  it('the database itself refuses a state with addresses but no default, or two defaults', async () => {
    const db = server.built.deps.db;
    await expect(sql`update addresses set is_default = false`.execute(db)).rejects.toThrow(/default/);
    const [def] = await defaults();
    await expect(sql`update addresses set archived = true where id = ${def}`.execute(db)).rejects.toThrow();
    await expect(sql`update addresses set is_default = true where not is_default and not archived`.execute(db)).rejects.toThrow();
    await expect(sql`delete from addresses where id = ${def}`.execute(db)).rejects.toThrow(/default/);
    expect(await defaults()).toEqual([def]);
  });

  it('gates every call but the pick list on the Address permission', async () => {
    expect((await viewer.call(ep.paged, {})).status).toBe(403);
    expect((await viewer.call(ep.upsert, address())).status).toBe(403);
    expect((await viewer.call(ep.setDefault, { id: first })).status).toBe(403);
    expect((await viewer.call(ep.delete, { id: first })).status).toBe(403);
    expect((await viewer.call(ep.index)).status).toBe(200);
  });
});
