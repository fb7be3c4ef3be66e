import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION_REQUIRED, agentsEndpoints, labEndpoints, tissuesEndpoints } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, controlsOptional, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/**
 * Optimistic concurrency is not optional: an update of an existing record says which version it read;
 * without one it is refused with 400, and of two updates from one version exactly one succeeds.
 */
let server: TestServer;
let one: ApiClient;
let two: ApiClient;
let ref: CarbohydrateReference;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  ref = await seedCarbohydrateReference(db);
  // these tests are about results and job states, not QC: a job completes without a control (qc.test.ts covers the requirement)
  await controlsOptional(db);
  one = await signedIn(server.url, await createUser(db, ['Agents', 'LabJobs', 'CarbohydrateTissues']));
  two = await signedIn(server.url, await createUser(db, ['Agents', 'LabJobs', 'CarbohydrateTissues']));
});
afterAll(() => server.close());

describe('updates carry the version they read', () => {
  it('an agent update without a version answers 400 naming rowVersion and changes nothing', async () => {
    const a = (await one.call(agentsEndpoints.upsert, { name: 'Version Agent' })).body;
    const r = await one.call(agentsEndpoints.upsert, { id: a.id, name: 'Renamed' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'rowVersion', message: VERSION_REQUIRED }]);
    const list = (await one.call(agentsEndpoints.paged, { search: 'Version Agent' })).body.rows;
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Version Agent']);
  });

  it('of 20 agent updates racing from one version, exactly one succeeds and the rest answer 409', async () => {
    const a = (await one.call(agentsEndpoints.upsert, { name: 'Race Agent' })).body;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).call(agentsEndpoints.upsert, { id: a.id, name: `Race Agent ${i}`, rowVersion: a.rowVersion })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  });

  it('a result update (lab/updateresult) without a version answers 400 and keeps the value', async () => {
    const job = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'OC1', sugar: 3, starch: 7 }] });
    const [row] = (await one.call(labEndpoints.jobData, { id: job.jobId })).body.testCarbohydrateLabResults;
    const r = await one.call(labEndpoints.updateResult, { id: row.id, sugar: 5, starch: 7, na: false });
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toEqual(['rowVersion']);
    const [after] = (await one.call(labEndpoints.jobData, { id: job.jobId })).body.testCarbohydrateLabResults;
    expect(after).toMatchObject({ sugar: 3, rowVersion: row.rowVersion });
  });

  it('of 20 result updates racing from one version, exactly one succeeds', async () => {
    const job = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'OC2' }] });
    const [row] = (await one.call(labEndpoints.jobData, { id: job.jobId })).body.testCarbohydrateLabResults;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).call(labEndpoints.updateResult, { id: row.id, sugar: i, starch: i, na: false, rowVersion: row.rowVersion })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const winner = results.findIndex((r) => r.status === 200);
    const [after] = (await one.call(labEndpoints.jobData, { id: job.jobId })).body.testCarbohydrateLabResults;
    expect(after).toMatchObject({ sugar: winner, starch: winner, rowVersion: row.rowVersion + 1 });
  });

  it('a tissue update with a stale version answers 409', async () => {
    const t = (await one.call(tissuesEndpoints.upsert, { name: 'Version Tissue' })).body;
    expect((await one.call(tissuesEndpoints.upsert, { id: t.id, name: 'V2', rowVersion: t.rowVersion })).status).toBe(200);
    expect((await two.call(tissuesEndpoints.upsert, { id: t.id, name: 'V3', rowVersion: t.rowVersion })).status).toBe(409);
    expect((await two.call(tissuesEndpoints.upsert, { id: t.id, name: 'V3' })).status).toBe(400);
  });
});
