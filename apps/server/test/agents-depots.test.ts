import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsEndpoints, depotsEndpoints } from '@sapwood/contracts';
import { listAudit } from '../../../apps/server/src/platform/audit/audit.repository';
import type { ApiClient } from '../../../tests/support/api-client';
import { seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/** /api/agent/* and /api/depot/*: the two archivable named reference lists. */
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server.url, ADMIN);
});
afterAll(() => server.close());

const LISTS = [
  { noun: 'agent', table: 'agents' as const, permission: 'Agents', endpoints: agentsEndpoints },
  { noun: 'depot', table: 'depots' as const, permission: 'Depots', endpoints: depotsEndpoints },
];

describe.each(LISTS)('/api/$noun', ({ noun, table, permission, endpoints: ep }) => {
  let staff: ApiClient;
  let other: ApiClient;
  beforeAll(async () => {
    staff = await signedIn(server.url, await createUser(server.built.deps.db, [permission]));
    other = await signedIn(server.url, await createUser(server.built.deps.db, [permission === 'Agents' ? 'Depots' : 'Agents']));
  });

  const add = async (name: string, originate?: 'International' | 'Usa') => {
    const r = await staff.call(ep.upsert, { id: 0, name, ...(originate ? { originate } : {}) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { id: number; name: string; originate: string; rowVersion: number };
  };

  it('inserts with originate International by default, trims the name, and audits it', async () => {
    const item = await add(`  First ${noun}  `);
    expect(item).toMatchObject({ name: `First ${noun}`, originate: 'International', rowVersion: 1 });
    const usa = await add(`Usa ${noun}`, 'Usa');
    expect(usa.originate).toBe('Usa');
    const audit = await listAudit(server.built.deps.db, noun, item.id);
    expect(audit.map((a) => a.action)).toEqual(['insert']);
  });

  it("refuses a blank name with 'Name required' and saves nothing", async () => {
    const before = await staff.call(ep.paged, { all: true });
    for (const name of ['', '   ', undefined]) {
      const r = await staff.call(ep.upsert, { id: 0, name } as never);
      expect(r.status).toBe(400);
      expect(r.body.fields).toContainEqual({ field: 'name', message: 'Name required' });
    }
    const after = await staff.call(ep.paged, { all: true });
    expect(after.body.total).toBe(before.body.total);
  });

  it('refuses an originate other than International or Usa', async () => {
    const r = await staff.call(ep.upsert, { id: 0, name: 'X', originate: 'Mars' } as never);
    expect(r.status).toBe(400);
    expect(r.body.fields[0].field).toBe('originate');
  });

  it('updates name and originate, audits the change, and refuses a stale version with 409', async () => {
    const item = await add(`Editable ${noun}`);
    const r = await staff.call(ep.upsert, { id: item.id, name: `Edited ${noun}`, originate: 'Usa', rowVersion: item.rowVersion });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: item.id, name: `Edited ${noun}`, originate: 'Usa', rowVersion: 2 });
    const stale = await staff.call(ep.upsert, { id: item.id, name: 'Overwrite', rowVersion: item.rowVersion });
    expect(stale.status).toBe(409);
    const page = await staff.call(ep.paged, { search: `Edited ${noun}` });
    expect(page.body.rows).toEqual([{ id: item.id, name: `Edited ${noun}`, originate: 'Usa', rowVersion: 2 }]);
    const audit = await listAudit(server.built.deps.db, noun, item.id);
    expect(audit.map((a) => a.action)).toEqual(['insert', 'update']);
    expect(audit[1].new_values).toEqual({ name: `Edited ${noun}`, originate: 'Usa' });
  });

  it('answers 404 for an update of a missing item', async () => {
    const r = await staff.call(ep.upsert, { id: 999_999, name: 'Ghost', rowVersion: 1 });
    expect(r.status).toBe(404);
  });

  it('pages, searches and sorts', async () => {
    for (const n of ['Zulu', 'Alpha', 'Mike']) await add(`${n} sort-${noun}`);
    const asc = await staff.call(ep.paged, { search: `sort-${noun}`, sortBy: 'name', ascending: true, rowsPerPage: 2, page: 1 });
    expect(asc.status).toBe(200);
    expect(asc.body.total).toBe(3);
    expect(asc.body.rows.map((r: { name: string }) => r.name)).toEqual([`Alpha sort-${noun}`, `Mike sort-${noun}`]);
    const page2 = await staff.call(ep.paged, { search: `sort-${noun}`, sortBy: 'name', ascending: true, rowsPerPage: 2, page: 2 });
    expect(page2.body.rows.map((r: { name: string }) => r.name)).toEqual([`Zulu sort-${noun}`]);
    const desc = await staff.call(ep.paged, { search: `sort-${noun}`, sortBy: 'name', ascending: false });
    expect(desc.body.rows[0].name).toBe(`Zulu sort-${noun}`);
    const pct = await staff.call(ep.paged, { search: '%' });
    expect(pct.body.total).toBe(0);
  });

  it("archive refuses a missing target with 'Select a " + noun + " to reassign' and changes nothing", async () => {
    const item = await add(`Keep ${noun}`);
    const archivedOne = await add(`Gone ${noun}`);
    const keeper = await add(`Keeper ${noun}`);
    expect((await staff.call(ep.archive, { id: archivedOne.id, assignId: keeper.id })).status).toBe(200);
    const message = `Select a ${noun} to reassign`;
    for (const assignId of [undefined, null, 0, item.id, archivedOne.id, 999_999]) {
      const r = await staff.call(ep.archive, { id: item.id, assignId } as never);
      expect(r.status, String(assignId)).toBe(400);
      expect(r.body.fields).toContainEqual({ field: 'assignId', message });
    }
    const index = await staff.call(ep.index);
    expect(index.body.map((r: { id: number }) => r.id)).toContain(item.id);
    expect(await listAudit(server.built.deps.db, noun, item.id)).toHaveLength(1);
  });

  it('archive of an already archived or missing item answers 404', async () => {
    const a = await add(`Twice ${noun}`);
    const b = await add(`Target ${noun}`);
    expect((await staff.call(ep.archive, { id: a.id, assignId: b.id })).status).toBe(200);
    expect((await staff.call(ep.archive, { id: a.id, assignId: b.id })).status).toBe(404);
    expect((await staff.call(ep.archive, { id: 999_999, assignId: b.id })).status).toBe(404);
    const edit = await staff.call(ep.upsert, { id: a.id, name: 'Revived', rowVersion: 1 });
    expect(edit.status).toBe(404);
  });

  it('two crossing reassignments at once: one wins, the other is refused, nothing is lost', async () => {
    const a = await add(`Cross A ${noun}`);
    const b = await add(`Cross B ${noun}`);
    const [ab, ba] = await Promise.all([
      staff.call(ep.archive, { id: a.id, assignId: b.id }),
      staff.call(ep.archive, { id: b.id, assignId: a.id }),
    ]);
    expect([ab.status, ba.status].sort()).toEqual([200, 400]);
    const live = (await staff.call(ep.index)).body.map((r: { id: number }) => r.id);
    expect([a.id, b.id].filter((id) => live.includes(id))).toHaveLength(1);
  });

  it('index lists active items for any signed-in user; paged, upsert and archive need the permission', async () => {
    const item = await add(`Indexed ${noun}`);
    const r = await other.call(ep.index);
    expect(r.status).toBe(200);
    expect(r.body).toContainEqual({ id: item.id, name: `Indexed ${noun}`, originate: 'International' });
    expect((await other.call(ep.paged, {})).status).toBe(403);
    expect((await other.call(ep.upsert, { id: 0, name: 'Nope' })).status).toBe(403);
    expect((await other.call(ep.archive, { id: item.id, assignId: item.id })).status).toBe(403);
    const rows = await server.built.deps.db.selectFrom(table).select('id').where('name', '=', 'Nope').execute();
    expect(rows).toEqual([]);
  });
});

describe('archiving an agent moves its references in one transaction', () => {
  it('moves lab job entries and captured samples named after the archived agent to the chosen one', async () => {
    const db = server.built.deps.db;
    const ref = await seedCarbohydrateReference(db, ' archive');
    const job = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'AR-1' }, { sampleNumber: 'AR-2' }] });
    const bystander = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'AR-3' }] });
    await db.updateTable('lab_job_entries').set({ agent: 'Someone Else' }).where('id', '=', bystander.entries[0].id).execute();
    const sample = await db.insertInto('carbohydrate_samples').values({ sample_number: 'AR-1', agent: ' agent smith ' }).returning('id').executeTakeFirstOrThrow();

    const smith = (await admin.call(agentsEndpoints.upsert, { id: 0, name: 'Agent Smith' })).body;
    const jones = (await admin.call(agentsEndpoints.upsert, { id: 0, name: 'Agent Jones' })).body;
    const r = await admin.call(agentsEndpoints.archive, { id: smith.id, assignId: jones.id });
    expect(r.status).toBe(200);
    expect(r.body).toBe(true);

    const entries = await db.selectFrom('lab_job_entries').select(['id', 'agent', 'row_version']).where('lab_job_id', 'in', [job.jobId, bystander.jobId]).orderBy('id').execute();
    expect(entries).toEqual([
      { id: job.entries[0].id, agent: 'Agent Jones', row_version: 2 },
      { id: job.entries[1].id, agent: 'Agent Jones', row_version: 2 },
      { id: bystander.entries[0].id, agent: 'Someone Else', row_version: 1 },
    ]);
    const s = await db.selectFrom('carbohydrate_samples').select('agent').where('id', '=', sample.id).executeTakeFirstOrThrow();
    expect(s.agent).toBe('Agent Jones');

    const index = (await admin.call(agentsEndpoints.index)).body as { id: number }[];
    expect(index.map((i) => i.id)).not.toContain(smith.id);
    const paged = (await admin.call(agentsEndpoints.paged, { search: 'Agent Smith' })).body;
    expect(paged.total).toBe(0);

    const audit = await listAudit(db, 'agent', smith.id);
    expect(audit.at(-1)).toMatchObject({ action: 'archive' });
    expect(audit.at(-1)?.new_values).toMatchObject({
      archived: true, assignId: jones.id, assignName: 'Agent Jones',
      moved: { lab_job_entries: job.entries.map((e) => e.id), carbohydrate_samples: [sample.id] },
    });
  });

  it('changes nothing when the target is archived', async () => {
    const db = server.built.deps.db;
    const ref = await seedCarbohydrateReference(db, ' archived target');
    const job = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'AT-1' }] });
    await db.updateTable('lab_job_entries').set({ agent: 'Agent Brown' }).where('id', '=', job.entries[0].id).execute();
    const brown = (await admin.call(agentsEndpoints.upsert, { id: 0, name: 'Agent Brown' })).body;
    const gone = (await admin.call(agentsEndpoints.upsert, { id: 0, name: 'Agent Gone' })).body;
    const live = (await admin.call(agentsEndpoints.upsert, { id: 0, name: 'Agent Live' })).body;
    expect((await admin.call(agentsEndpoints.archive, { id: gone.id, assignId: live.id })).status).toBe(200);

    const r = await admin.call(agentsEndpoints.archive, { id: brown.id, assignId: gone.id });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'assignId', message: 'Select a agent to reassign' }]);
    const entry = await db.selectFrom('lab_job_entries').select(['agent', 'row_version']).where('id', '=', job.entries[0].id).executeTakeFirstOrThrow();
    expect(entry).toEqual({ agent: 'Agent Brown', row_version: 1 });
    const row = await db.selectFrom('agents').select('archived').where('id', '=', brown.id).executeTakeFirstOrThrow();
    expect(row.archived).toBe(false);
  });
});
