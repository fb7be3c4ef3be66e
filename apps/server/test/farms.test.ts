import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmsEndpoints } from '@sapwood/contracts';
import { seedDemoFarms } from '../../../apps/server/src/features/farms/farms.demo';
import { upsertFarm } from '../../../apps/server/src/features/farms/farms.repository';
import { listAudit } from '../../../apps/server/src/platform/audit/audit.repository';
import type { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/** /api/farm/paged (Admin only) and the farm upsert other features use. */
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server.url, ADMIN);
});
afterAll(() => server.close());

describe('/api/farm/paged', () => {
  it('lists client, farm, MFW id and originate, with search, sort and paging', async () => {
    await seedDemoFarms(server.built.deps.db);
    const all = await admin.call(farmsEndpoints.paged, {});
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(5);
    expect(all.body.rows[0]).toEqual({ id: expect.any(Number), client: 'Green Valley Citrus (demo)', farm: 'Hilltop', mfwId: 'MFW-10022', originate: 'International' });

    const search = await admin.call(farmsEndpoints.paged, { search: 'pecans' });
    expect(search.body.rows.map((r: { farm: string }) => r.farm)).toEqual(['North Block', 'South Block']);
    const byMfw = await admin.call(farmsEndpoints.paged, { search: 'MFW-2041' });
    expect(byMfw.body.rows.map((r: { farm: string }) => r.farm)).toEqual(['North Block']);

    const sorted = await admin.call(farmsEndpoints.paged, { sortBy: 'farm', ascending: false, rowsPerPage: 2, page: 2 });
    expect(sorted.body.total).toBe(5);
    expect(sorted.body.rows.map((r: { farm: string }) => r.farm)).toEqual(['North Block', 'Hilltop']);
  });

  it('is refused to users without Admin, even with every other management permission', async () => {
    const staff = await signedIn(server.url, await createUser(server.built.deps.db, ['Users', 'Agents', 'Depots', 'Agronomists', 'Settings']));
    const r = await staff.call(farmsEndpoints.paged, {});
    expect(r.status).toBe(403);
  });

  it('rejects bad paging input with a 400 naming the field', async () => {
    const r = await admin.call(farmsEndpoints.paged, { rowsPerPage: 0 });
    expect(r.status).toBe(400);
    expect(r.body.fields[0].field).toBe('rowsPerPage');
  });
});

describe('upsertFarm (for the report upload)', () => {
  it('creates a farm by (client, farm), then sets its MFW id on the same farm regardless of case, auditing both', async () => {
    const db = server.built.deps.db;
    const created = await db.transaction().execute((trx) => upsertFarm(trx, { client: 'Upsert Client', farm: 'Upsert Farm' }, null));
    expect(created).toMatchObject({ client: 'Upsert Client', farm: 'Upsert Farm', mfwId: null, originate: 'International' });

    const updated = await db.transaction().execute((trx) => upsertFarm(trx, { client: ' upsert client ', farm: 'UPSERT FARM', mfwId: 'MFW-1', originate: 'Usa' }, null));
    expect(updated).toEqual({ ...created, mfwId: 'MFW-1', originate: 'Usa' });

    const same = await db.transaction().execute((trx) => upsertFarm(trx, { client: 'Upsert Client', farm: 'Upsert Farm' }, null));
    expect(same).toEqual(updated);

    const audit = await listAudit(db, 'farm', created.id);
    expect(audit.map((a) => a.action)).toEqual(['insert', 'update']);
    expect(audit[1].new_values).toEqual({ mfwId: 'MFW-1', originate: 'Usa' });

    const listed = await admin.call(farmsEndpoints.paged, { search: 'Upsert Client' });
    expect(listed.body.rows).toEqual([{ id: created.id, client: 'Upsert Client', farm: 'Upsert Farm', mfwId: 'MFW-1', originate: 'Usa' }]);
  });
});
