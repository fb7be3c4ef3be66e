import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFeatures } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';
import type { Db } from '../src/db/database';
import { referenceMovers } from '../src/features';

/**
 * Reassigning a reference item moves the referring rows through the registered movers, in one transaction,
 * and gives moved lab entries a new row version: an edit dialog opened before the move gets 409 instead of
 * writing the old reference back.
 */
let server: TestServer;
let db: Db;
let admin: ApiClient;
let ref: CarbohydrateReference;

beforeAll(async () => {
  server = await startTestServer();
  db = server.built.deps.db;
  admin = await signedIn(server.url, ADMIN);
  ref = await seedCarbohydrateReference(db, ' movers');
});
afterAll(() => server?.close());

const entry = (id: number) => db.selectFrom('lab_job_entries').select(['agronomist', 'agent', 'growth_stage_id', 'row_version']).where('id', '=', id).executeTakeFirstOrThrow();

/** What the carbohydrate edit dialog holds for an entry when it was opened. */
async function editDialog(id: number) {
  const e = await db.selectFrom('lab_job_entries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    id, rowVersion: e.row_version, entity: e.entity, agent: e.agent, agriculturist: e.agronomist, farmName: e.farm_name,
    fieldBlockNumber: e.field_block_number, cropId: e.crop_id, cultivarId: e.cultivar_id, regionId: e.region_id,
    tissueId: e.tissue_id, cropGrowthId: e.growth_stage_id,
  };
}

describe('reference movers', () => {
  it('archiving an agronomist bumps the moved entries\' row version: a stale edit afterwards gets 409', async () => {
    const api = apiFeatures.agronomists;
    const from = (await admin.call(api.upsert, { id: 0, name: 'Dr Stale From' })).body.id as number;
    const to = (await admin.call(api.upsert, { id: 0, name: 'Dr Stale To' })).body.id as number;
    const job = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'MV1', sugar: 5 }] });
    const id = job.entries[0].id;
    await db.updateTable('lab_job_entries').set({ agronomist: 'Dr Stale From' }).where('id', '=', id).execute();
    const opened = await editDialog(id);

    expect((await admin.call(api.archive, { id: from, assignId: to })).status).toBe(200);
    expect(await entry(id)).toMatchObject({ agronomist: 'Dr Stale To', row_version: opened.rowVersion + 1 });

    const stale = await admin.call(apiFeatures.carbohydrates.upsertcarbohydrateresult, { ...opened, farmName: 'Edited' });
    expect(stale.status).toBe(409);
    expect(await entry(id)).toMatchObject({ agronomist: 'Dr Stale To' });
  });

  it('reassigning a growth stage bumps the moved entries\' row version: a stale edit afterwards gets 409', async () => {
    const api = apiFeatures.cropGrowths;
    const stageRef = await seedCarbohydrateReference(db, ' stages');
    const job = await seedLabJob(db, stageRef, { samples: [{ sampleNumber: 'MV2', sugar: 5, stage: 0 }] });
    const id = job.entries[0].id;
    const opened = await editDialog(id);

    const r = await admin.call(api.cropGrowthsRemove, { id: stageRef.stages[0].id, assignId: stageRef.stages[1].id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ movedEntries: 1, movedSamples: 0 });
    expect(await entry(id)).toMatchObject({ growth_stage_id: stageRef.stages[1].id, row_version: opened.rowVersion + 1 });

    const stale = await admin.call(apiFeatures.carbohydrates.upsertcarbohydrateresult, opened);
    expect(stale.status).toBe(409);
    expect(await entry(id)).toMatchObject({ growth_stage_id: stageRef.stages[1].id });
  });

  it('archiving an agent bumps the moved entries\' row version too', async () => {
    const api = apiFeatures.agents;
    const from = (await admin.call(api.upsert, { id: 0, name: 'Agent Stale From' })).body;
    const to = (await admin.call(api.upsert, { id: 0, name: 'Agent Stale To' })).body;
    const job = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'MV3', sugar: 5 }] });
    const id = job.entries[0].id;
    await db.updateTable('lab_job_entries').set({ agent: 'Agent Stale From' }).where('id', '=', id).execute();
    const opened = await editDialog(id);
    expect((await admin.call(api.archive, { id: from.id, assignId: to.id })).status).toBe(200);
    expect(await entry(id)).toMatchObject({ agent: 'Agent Stale To', row_version: opened.rowVersion + 1 });
    expect((await admin.call(apiFeatures.carbohydrates.upsertcarbohydrateresult, opened)).status).toBe(409);
  });

  it('runs only inside the caller\'s transaction, and a failed transaction moves nothing', async () => {
    const movers = referenceMovers();
    const from = { id: 1, name: 'Nobody' };
    await expect(movers.move(db, 'agronomists', from, { id: 2, name: 'Else' }, { userId: null })).rejects.toThrow(/transaction/);

    const job = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'MV4' }] });
    const id = job.entries[0].id;
    await db.updateTable('lab_job_entries').set({ agronomist: 'Dr Rollback' }).where('id', '=', id).execute();
    const before = await entry(id);
    await expect(db.transaction().execute(async (trx) => {
      const moved = await movers.move(trx, 'agronomists', { id: 0, name: 'Dr Rollback' }, { id: 0, name: 'Dr Elsewhere' }, { userId: null });
      expect(moved.lab_job_entries).toEqual([id]);
      throw new Error('the caller fails after the move');
    })).rejects.toThrow(/caller fails/);
    expect(await entry(id)).toEqual(before);
  });
});
