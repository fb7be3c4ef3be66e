import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUBMISSION_POSTING_MESSAGES as M, farmersSubmissionEndpoints as farmersEp, farmersSubmissionPostingEndpoints as farmersPost,
  submissionEndpoints as leafEp, submissionPostingEndpoints as leafPost,
  submissionResultEndpoints as leafResults,
} from '@sapwood/contracts';
import { SubmissionPostingService } from '../src/features/submissions/submission-posting.service';
import { createMfwClient } from '../src/platform/integrations/mfw.client';
import { type MfwStandIn, startMfwStandIn } from '../../../tools/stand-ins/mfw-server';
import { type World, fieldsOf, startWorld, withTypedResults } from './submission-results.fixtures';

/**
 * Posting a completed submission to the farm-management system (issue 15) against the MFW stand-in: success
 * stamps the posted date and the history and logs the attempt; a failure answers Failed, is logged and leaves
 * no date; a repost of unchanged results sends the same idempotency key and MFW makes no duplicate; only a
 * Completed submission with a location is posted. (403 without SubmissionsCompleted: the endpoint registry test.)
 */
let w: World;
let mfw: MfwStandIn;
const db = () => w.server.built.deps.db;

beforeAll(async () => {
  mfw = await startMfwStandIn({ apiKey: 'mfw-key' });
  w = await startWorld({ MFW_URL: mfw.url, MFW_API_KEY: 'mfw-key' });
}, 60_000);
afterAll(async () => {
  await w?.close();
  await mfw?.close();
});

/** A submission with results typed in (two samples, the second N/A); completed unless `to` says Results. */
const made = (kind: 'leaf' | 'soil', clientName: string, to: 'Results' | 'Completed' = 'Completed') =>
  withTypedResults(w, kind, clientName, { complete: to === 'Completed' });

const posted = async (id: number) => (await db().selectFrom('submissions').select('posted_to_mfw_at').where('id', '=', id).executeTakeFirstOrThrow()).posted_to_mfw_at;
const attempts = (id: number) => db().selectFrom('submission_posts').selectAll().where('submission_id', '=', id).orderBy('id').execute();
const events = (id: number) => db().selectFrom('submission_events').select(['from_state', 'to_state', 'reason']).where('submission_id', '=', id).orderBy('id').execute();
const sentFor = (id: number) => mfw.received.filter((r) => r.path === '/api/v1/sample-results' && (r.body as { submissionId: number }).submissionId === id);

describe('posting a completed submission to MFW', () => {
  it('posts a leaf submission\'s results, stamps the posted date and its history, and logs the attempt', async () => {
    const id = await made('leaf', 'Posting Co');
    expect(await posted(id)).toBeNull();
    const r = await w.staff.call(leafPost.postToMfw, { id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual([{ status: 'Success', message: M.posted(id, 2) }]);
    expect(await posted(id)).toBeInstanceOf(Date);

    const [sent] = sentFor(id);
    expect(sent.key).toMatch(new RegExp(`^submission-${id}-[0-9a-f]{40}$`));
    const body = sent.body as { kind: string; client: string; farm: string; samples: { sampleNumber: string; block: string; crop: string | null; labNumber: string; na: boolean; values: { code: string; value: number; unit: string }[] }[] };
    expect(body).toMatchObject({ kind: 'leaf', client: 'Posting Co', farm: 'Eastside' });
    expect(body.samples).toHaveLength(2);
    expect(body.samples[0]).toMatchObject({ block: 'B1', labNumber: 'LN-7', na: false });
    expect(body.samples[0].crop).toBeTruthy();
    expect(body.samples[0].values).toEqual(expect.arrayContaining([{ code: 'N', value: 2.75, unit: '%' }, expect.objectContaining({ code: 'Fe', value: 81 })]));
    expect(body.samples[1]).toMatchObject({ na: true, values: [] });

    const log = await attempts(id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ attempt: 1, status: 'success', http_status: 200, error: null, idempotency_key: sent.key, user_id: w.staffId });
    expect(JSON.parse(log[0].response!)).toMatchObject({ accepted: 2, message: 'Sample results received' });
    expect((await events(id)).at(-1)).toEqual({ from_state: 'Completed', to_state: 'Completed', reason: 'Posted to MFW' });

    // the Completed tab's row shows when
    const list = await w.staff.call(leafEp.completed, { page: 1, rowsPerPage: 100 });
    const row = (list.body as { rows: { id: number; postedToMfwDate: string | null }[] }).rows.find((x) => x.id === id);
    expect(row?.postedToMfwDate).toBeTruthy();
  });

  it('posts again with the same idempotency key: MFW makes no duplicate, the attempt is logged and the date moves on', async () => {
    const id = await made('leaf', 'Repost Co');
    expect((await w.staff.call(leafPost.postToMfw, { id })).status).toBe(200);
    const first = await posted(id);
    const requests = mfw.requests;
    const again = await w.staff.call(leafPost.postToMfw, { id });
    expect(again.body).toEqual([{ status: 'Success', message: M.posted(id, 2) }]);
    expect(mfw.requests).toBe(requests + 1);
    expect(sentFor(id)).toHaveLength(1);
    const log = await attempts(id);
    expect(log.map((a) => [a.attempt, a.status])).toEqual([[1, 'success'], [2, 'success']]);
    expect(log[1].idempotency_key).toBe(log[0].idempotency_key);
    expect((await posted(id))!.getTime()).toBeGreaterThanOrEqual(first!.getTime());
    expect((await events(id)).at(-1)?.reason).toBe('Posted to MFW again');

    // changed results are a new post (a new key)
    const sheet = (await w.staff.call(leafResults.sampleNumbers, { submissionId: id })).body as { rows: { sampleId: number; rowVersion: number }[] };
    const change = await w.staff.call(leafResults.updateManual, {
      submissionId: id, reason: 'Re-measured', manualResult: [{ sampleId: sheet.rows[0].sampleId, labNumber: 'LN-7', values: { N: 2.8, Fe: 81 }, rowVersion: sheet.rows[0].rowVersion }],
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect((await w.staff.call(leafPost.postToMfw, { id })).body).toEqual([{ status: 'Success', message: M.posted(id, 2) }]);
    expect(sentFor(id)).toHaveLength(2);
    expect(new Set((await attempts(id)).map((a) => a.idempotency_key)).size).toBe(2);
  });

  it('names the samples it leaves out, without a result yet (issue 31: never silently left out)', async () => {
    const { id, sheet } = await w.submitted('leaf', 'Nvirotek', { entries: 2, clientName: 'Half Back Co' });
    const workOrder = async () => (await db().selectFrom('submissions').select('submission_work_order').where('id', '=', id).executeTakeFirstOrThrow()).submission_work_order;
    await expect.poll(workOrder, { timeout: 15_000, interval: 100 }).not.toBeNull();
    const [first, second] = sheet.rows.map((r) => r.sampleNumber);
    w.nv.publish((await workOrder())!, [first]);
    await expect.poll(async () => (await db().selectFrom('submissions').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state, { timeout: 15_000, interval: 100 }).toBe('Results');
    expect((await w.staff.call(leafResults.complete, { id })).status).toBe(200);
    const r = await w.staff.call(leafPost.postToMfw, { id });
    expect(r.body).toEqual([{ status: 'Success', message: M.posted(id, 1, [second]) }]);
    expect(M.posted(id, 1, [second])).toBe(`Submission ${id}: 1 sample posted to MFW; 1 without a result not posted: ${second}`);
    expect((sentFor(id)[0].body as { samples: { sampleNumber: string }[] }).samples.map((x) => x.sampleNumber)).toEqual([first]);
  });

  it('answers Failed with MFW\'s reason, logs every attempt and leaves no date; a later post goes through once', async () => {
    const id = await made('soil', 'Failing Farmer');
    mfw.failNext(3, 500, 'database down');
    const r = await w.staff.call(farmersPost.postToMfw, { id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ status: 'Failed', message: M.failed(id, 'MFW answered 500: database down') }]);
    expect(await posted(id)).toBeNull();
    const log = await attempts(id);
    expect(log.map((a) => [a.attempt, a.status, a.http_status])).toEqual([[1, 'failed', 500], [2, 'failed', 500], [3, 'failed', 500]]);
    expect(log[0].error).toContain('database down');
    expect(sentFor(id)).toHaveLength(0);
    expect((await events(id)).some((e) => e.reason.startsWith('Posted'))).toBe(false);

    const retry = await w.staff.call(farmersPost.postToMfw, { id });
    expect(retry.body).toEqual([{ status: 'Success', message: M.posted(id, 2) }]);
    expect(await posted(id)).toBeInstanceOf(Date);
    const [sent] = sentFor(id);
    expect(sent.body).toMatchObject({ kind: 'soil', client: 'Failing Farmer' });
    expect((sent.body as { samples: { crop: string | null; values: unknown[] }[] }).samples[0]).toMatchObject({ crop: null, values: [expect.objectContaining({ code: 'k', value: 123.5 })] });
    expect((await attempts(id)).at(-1)).toMatchObject({ attempt: 4, status: 'success' });
  });

  it('answers Failed when MFW times out or is not configured, logging the attempt, and keeps an earlier posted date', async () => {
    const id = await made('leaf', 'Slow Co');
    const slow = new SubmissionPostingService(db(), createMfwClient({ url: mfw.url, apiKey: 'mfw-key', timeoutMs: 300, retries: 1 }));
    mfw.stallNext(1, 2_000);
    const r = await slow.post('leaf', id, w.staffId);
    expect(r).toEqual([{ status: 'Failed', message: M.failed(id, 'MFW timed out after 0.3 s') }]);
    expect(await posted(id)).toBeNull();

    expect((await w.staff.call(leafPost.postToMfw, { id })).body).toEqual([{ status: 'Success', message: M.posted(id, 2) }]);
    const date = await posted(id);
    const none = new SubmissionPostingService(db(), createMfwClient({ timeoutMs: 1_000 }));
    expect(await none.post('leaf', id, w.staffId)).toEqual([{ status: 'Failed', message: M.failed(id, M.notConfigured) }]);
    expect(await posted(id)).toEqual(date);
    expect((await attempts(id)).map((a) => a.status)).toEqual(['failed', 'success', 'failed']);
  });

  it('refuses a submission that is not Completed, one without a location, and one of the other screen', async () => {
    const results = await made('leaf', 'Not Yet Co', 'Results');
    const r = await w.staff.call(leafPost.postToMfw, { id: results });
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual({ id: M.notCompleted });

    const { id: waiting } = await w.submitted('soil', 'ManualFarmer', { entries: 1, clientName: 'Waiting Farmer' });
    expect(fieldsOf((await w.staff.call(farmersPost.postToMfw, { id: waiting })).body)).toEqual({ id: M.notCompleted });

    const nowhere = await made('leaf', 'Nowhere Co');
    await sql`update captures set latitude = null, longitude = null, mapped = mapped - 'location' where submission_id = ${nowhere}`.execute(db());
    const list = await w.staff.call(leafEp.completed, { page: 1, rowsPerPage: 100 });
    expect((list.body as { rows: { id: number; hasLocation: boolean }[] }).rows.find((x) => x.id === nowhere)?.hasLocation).toBe(false);
    const n = await w.staff.call(leafPost.postToMfw, { id: nowhere });
    expect(n.status).toBe(400);
    expect(fieldsOf(n.body)).toEqual({ id: M.noLocation });

    const leaf = await made('leaf', 'Wrong Screen Co');
    expect((await w.staff.call(farmersPost.postToMfw, { id: leaf })).status).toBe(404);
    expect((await w.staff.call(farmersEp.completed, { page: 1, rowsPerPage: 10 })).status).toBe(200);
    for (const id of [results, waiting, nowhere, leaf]) expect(await attempts(id)).toEqual([]);
  });
});
