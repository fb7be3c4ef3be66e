import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labEndpoints, settingsEndpoints } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { type CarbohydrateReference, controlsOptional, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { listAudit } from '../src/platform/audit/audit.repository';

let server: TestServer;
let lab: ApiClient;
let other: ApiClient;
let ref: CarbohydrateReference;
let userId: number;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  ref = await seedCarbohydrateReference(db);
  // these tests are about results and job states, not QC: a job completes without a control (qc.test.ts covers the requirement)
  await controlsOptional(db);
  const creds = await createUser(db, ['LabJobs']);
  userId = creds.id;
  lab = await signedIn(server.url, creds);
  other = await signedIn(server.url, await createUser(db, ['LabJobs']));
  const admin = await signedIn(server.url, ADMIN);
  await admin.call(settingsEndpoints.update, { sugarLimit: 10, starchLimit: 20, rowVersion: 1 });
});
afterAll(() => server.close());

type Row = { id: number; sampleNumber: string; organName: string; sugar: number | null; starch: number | null; na: boolean; rowVersion: number };
const rows = async (id: number): Promise<Row[]> => (await lab.call(labEndpoints.jobData, { id })).body.testCarbohydrateLabResults;

describe('results of a job', () => {
  it('lists the results naturally sorted with the organ name', async () => {
    const job = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'R10' }, { sampleNumber: 'R9' }, { sampleNumber: 'r1' }] });
    const r = await lab.call(labEndpoints.jobData, { id: job.jobId });
    expect(r.body.status).toBe('current');
    expect(r.body.testCarbohydrateLabResults.map((x: Row) => x.sampleNumber)).toEqual(['r1', 'R9', 'R10']);
    expect(r.body.testCarbohydrateLabResults[0]).toMatchObject({ organName: 'Roots', sugar: null, starch: null, na: false });
  });

  it('saves one row (updateresult) above the limits without blocking, and audits it', async () => {
    const job = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'Q1' }, { sampleNumber: 'Q2' }] });
    const [q1] = await rows(job.jobId);
    // above the limits (10 and 20) yet within the usual ranges of sugar and starch (issue 31's bounds: 0–30 %, 0–40 %)
    const r = await lab.call(labEndpoints.updateResult, { id: q1.id, sugar: 29.5, starch: 38, na: false, rowVersion: q1.rowVersion });
    expect(r.status).toBe(200);
    expect(r.body.rowVersion).toBe(q1.rowVersion + 1);
    expect((await rows(job.jobId))[0]).toMatchObject({ sugar: 29.5, starch: 38 });
    const audit = await listAudit(server.built.deps.db, 'lab_job_entry_result', q1.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'enter', user_id: userId, old_values: { sugar: null, starch: null }, new_values: { sugar: 29.5, starch: 38 } });
  });

  it('keeps the old value of a changed result with who and when', async () => {
    const job = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'P1', sugar: 4, starch: 9 }, { sampleNumber: 'P2' }] });
    const [p1] = await rows(job.jobId);
    const r = await lab.call(labEndpoints.updateResult, { id: p1.id, sugar: 4.5, starch: 9, na: false, rowVersion: p1.rowVersion });
    expect(r.status).toBe(200);
    const [a] = await listAudit(server.built.deps.db, 'lab_job_entry_result', p1.id);
    expect(a).toMatchObject({ action: 'amend', user_id: userId, old_values: { sugar: 4 }, new_values: { sugar: 4.5 }, reason: null });
    expect(a.at).toBeInstanceOf(Date);
  });

  it('needs a reason to change a result of a completed job, and records it', async () => {
    const job = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'C1', sugar: 4, starch: 9 }] });
    const [c1] = await rows(job.jobId);
    const refused = await lab.call(labEndpoints.updateResult, { id: c1.id, sugar: 5, starch: 9, na: false, rowVersion: c1.rowVersion });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'reason', message: 'A reason is required to change a result of a completed or exported job.' }]);
    const many = await lab.call(labEndpoints.updateResults, { jobId: job.jobId, entries: [{ id: c1.id, sugar: 5, starch: 9, na: false, rowVersion: c1.rowVersion }] });
    expect(many.status).toBe(400);
    expect(many.body.fields[0].field).toBe('reason');
    const ok = await lab.call(labEndpoints.updateResults, { jobId: job.jobId, reason: 'Re-weighed', entries: [{ id: c1.id, sugar: 5, starch: 9, na: false, rowVersion: c1.rowVersion }] });
    expect(ok.status).toBe(200);
    const [a] = await listAudit(server.built.deps.db, 'lab_job_entry_result', c1.id);
    expect(a).toMatchObject({ reason: 'Re-weighed', old_values: { sugar: 4 }, new_values: { sugar: 5 } });
  });

  it('Submit removes queued rows and saves the rest in one transaction', async () => {
    const job = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'S1' }, { sampleNumber: 'S2' }, { sampleNumber: 'S3' }] });
    const [s1, s2, s3] = await rows(job.jobId);
    // a bad row (another job's entry) saves nothing and removes nothing
    const foreign = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'F1' }] });
    const bad = await lab.call(labEndpoints.updateResults, {
      jobId: job.jobId, removeIds: [s3.id],
      entries: [{ id: s1.id, sugar: 1, starch: 2, na: false, rowVersion: s1.rowVersion }, { id: foreign.entries[0].id, sugar: 1, starch: 1, na: false }],
    });
    expect(bad.status).toBe(400);
    expect((await rows(job.jobId)).map((r) => [r.sampleNumber, r.sugar])).toEqual([['S1', null], ['S2', null], ['S3', null]]);

    const r = await lab.call(labEndpoints.updateResults, {
      jobId: job.jobId, removeIds: [s3.id],
      entries: [{ id: s1.id, sugar: 1, starch: 2, na: false, rowVersion: s1.rowVersion }, { id: s2.id, sugar: null, starch: null, na: true, rowVersion: s2.rowVersion }],
    });
    expect(r.status).toBe(200);
    expect((await rows(job.jobId)).map((x) => [x.sampleNumber, x.sugar, x.na])).toEqual([['S1', 1, false], ['S2', null, true]]);
    expect((await listAudit(server.built.deps.db, 'lab_job_entry', s3.id)).map((a) => a.action)).toEqual(['delete']);
    expect((await lab.call(labEndpoints.jobData, { id: job.jobId })).body.status).toBe('completed');
  });

  it('removeresult deletes entries; a result of a completed job needs the dialog (reason)', async () => {
    const job = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'D1' }, { sampleNumber: 'D2', sugar: 1, starch: 1 }] });
    const [d1] = await rows(job.jobId);
    expect((await lab.call(labEndpoints.removeResult, [d1.id])).status).toBe(200);
    const [d2] = await rows(job.jobId);
    expect(d2.sampleNumber).toBe('D2');
    const refused = await lab.call(labEndpoints.removeResult, [d2.id]);
    expect(refused.status).toBe(400);
    expect(refused.body.fields[0].field).toBe('reason');
    expect((await lab.call(labEndpoints.removeResult, [123456789])).status).toBe(404);
  });

  it('two people saving the same results: the second gets 409 and the first is kept', async () => {
    const job = await seedLabJob(server.built.deps.db, ref, { samples: [{ sampleNumber: 'W1' }, { sampleNumber: 'W2' }] });
    const [w1] = await rows(job.jobId);
    const first = await lab.call(labEndpoints.updateResults, { jobId: job.jobId, entries: [{ id: w1.id, sugar: 3, starch: 4, na: false, rowVersion: w1.rowVersion }] });
    expect(first.status).toBe(200);
    const second = await other.call(labEndpoints.updateResults, { jobId: job.jobId, entries: [{ id: w1.id, sugar: 7, starch: 8, na: false, rowVersion: w1.rowVersion }] });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/changed by someone else/);
    const single = await other.call(labEndpoints.updateResult, { id: w1.id, sugar: 7, starch: 8, na: false, rowVersion: w1.rowVersion });
    expect(single.status).toBe(409);
    expect((await rows(job.jobId))[0]).toMatchObject({ sugar: 3, starch: 4 });
  });

  it('refuses values that are not finite numbers', async () => {
    const r = await lab.call(labEndpoints.updateResult, { id: 1, sugar: 'abc', starch: null, na: false });
    expect(r.status).toBe(400);
    expect(r.body.fields[0].field).toBe('sugar');
  });
});

describe('export and archive', () => {
  it('exports a completed job as .xlsx with text cells never formulas, then archives it to DOWNLOADED', async () => {
    const db = server.built.deps.db;
    const job = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'X10', entity: '=HYPERLINK("x")', sugar: 2.5, starch: 7 }, { sampleNumber: 'X2', farm: '@risk', na: true }] });
    const current = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'Y1' }] });
    const refused = await lab.raw('GET', `${labEndpoints.exportJob.path}?id=${current.jobId}`);
    expect(refused.status).toBe(400);

    const res = await fetch(`${server.url}${labEndpoints.exportJob.path}?id=${job.jobId}`, { headers: { cookie: lab.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`J${job.jobId}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Sample Number');
    expect(ws.getRow(2).getCell(1).value).toBe('X2');
    expect(ws.getRow(2).getCell(5).value).toBe('@risk');
    expect(ws.getRow(3).getCell(2).value).toBe('=HYPERLINK("x")');
    expect(ws.getRow(3).getCell(2).formula).toBeUndefined();
    expect(ws.getRow(3).getCell(13).value).toBe(2.5);
    // N/A as every export writes it: 'Yes' on a row marked N/A, an empty cell otherwise (was 'No')
    expect(ws.getRow(1).getCell(15).value).toBe('N/A');
    expect([ws.getRow(2).getCell(15).value, ws.getRow(3).getCell(15).value]).toEqual(['Yes', null]);

    expect((await lab.call(labEndpoints.archiveJob, [{ id: current.jobId }])).status).toBe(400);
    expect((await lab.call(labEndpoints.archiveJob, [{ id: job.jobId }])).status).toBe(200);
    const archived = await lab.call(labEndpoints.jobsArchived, { rowsPerPage: 1000 });
    expect(archived.body.rows.map((r: { id: number }) => r.id)).toContain(job.jobId);
    const completed = await lab.call(labEndpoints.jobsCompleted, { rowsPerPage: 1000 });
    expect(completed.body.rows.map((r: { id: number }) => r.id)).not.toContain(job.jobId);
    const entries = await db.selectFrom('lab_job_entries').select('archived').where('lab_job_id', '=', job.jobId).execute();
    expect(entries.every((e) => e.archived)).toBe(true);
    expect((await listAudit(db, 'lab_job', job.jobId)).map((a) => a.action)).toEqual(['archive']);
  });
});
