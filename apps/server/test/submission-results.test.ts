import { describe, expect, it } from 'vitest';
import {
  type LabSubmissionRow, MANUAL_ENTRY_MESSAGES as M, type ManualSaveResult, farmersSubmissionEndpoints as farmersEp, farmersSubmissionResultEndpoints as farmers,
  submissionEndpoints as ep, submissionResultEndpoints as leaf,
} from '@sapwood/contracts';
import { CAPTURE_RESULT_MESSAGES } from '../src/features/leafs/capture-results.service';
import { fieldsOf, sheetOf, withWorld } from './submission-results.fixtures';

/**
 * Submissions, part two (issue 14): the manual entry of a Manual or manual-farmer submission over HTTP against
 * a real database: the sheet, every rule and message of the save (nothing written when one fails), a sample
 * typed by hand getting its capture, versions (two saves from one version: one wins, the other 409 and nothing
 * of it kept), the submit to Results, the reason and audit of a change after completion.
 */
const world = withWorld();
const db = () => world.w.server.built.deps.db;
const stored = (submissionId: number) => db().selectFrom('capture_results').select(['capture_id', 'lab_number', 'na', 'values', 'row_version', 'source', 'lab_name'])
  .where('submission_id', '=', submissionId).orderBy('capture_id').execute();
const state = async (id: number) => (await db().selectFrom('submissions').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
const save = (body: Record<string, unknown>, endpoint: typeof leaf.updateManual | typeof farmers.updateManual = leaf.updateManual) => world.w.staff.call(endpoint, body);


describe('the manual entry sheet', () => {
  it('lists every sample in group and position order, the one typed by hand too, with version 0 before any result; 404 for another kind or none', async () => {
    const { id, sheet } = await world.w.submitted('leaf', 'Manual', { hand: 'HAND-1' });
    expect(sheet).toMatchObject({ submissionId: id, kind: 'leaf', lab: 'Manual', state: 'Waiting', clientName: 'Orchard Co', farmName: 'Eastside' });
    expect(sheet.rows).toHaveLength(3);
    expect(sheet.rows[2]).toEqual({ sampleId: expect.any(Number), sampleNumber: 'HAND-1', labNumber: '', na: false, values: {}, rowVersion: 0 });
    expect(sheet.rows.every((r) => r.rowVersion === 0)).toBe(true);
    expect((await world.w.staff.call(farmers.sampleNumbers, { submissionId: id })).status).toBe(404);
    expect((await world.w.staff.call(leaf.sampleNumbers, { submissionId: 999_999 })).status).toBe(404);
  });
});

describe('saving manual results', () => {
  it('names every row a rule refuses (unknown sample, empty row, a value not of the kind, N/A with values, a sample twice) and writes nothing', async () => {
    const { id, sheet } = await world.w.submitted('leaf', 'Manual');
    const [a, b] = sheet.rows;
    const r = await save({
      submissionId: id,
      manualResult: [
        { sampleId: 999_999, labNumber: 'X', rowVersion: 0 },
        { sampleId: a.sampleId, labNumber: ' ', values: { N: null }, rowVersion: 0 },
        { sampleId: b.sampleId, values: { N: 2.1, caToMg: 3 }, rowVersion: 0 },
      ],
    });
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual({ 'manualResult.0.sampleId': M.unknownSample, 'manualResult.1': M.rowEmpty });
    const values = await save({ submissionId: id, manualResult: [{ sampleId: a.sampleId, na: true, values: { N: 1 }, rowVersion: 0 }, { sampleId: b.sampleId, values: { N: 2.1, caToMg: 3 }, rowVersion: 0 }] });
    expect(values.status).toBe(400);
    expect(fieldsOf(values.body)).toEqual({ 'manualResult.0.na': CAPTURE_RESULT_MESSAGES.naWithValues, 'manualResult.1.values.caToMg': CAPTURE_RESULT_MESSAGES.unknownValue('caToMg') });
    const twice = await save({ submissionId: id, manualResult: [{ sampleId: a.sampleId, labNumber: 'L1', rowVersion: 0 }, { sampleId: a.sampleId, labNumber: 'L2', rowVersion: 0 }] });
    expect(fieldsOf(twice.body)).toEqual({ 'manualResult.1.sampleId': CAPTURE_RESULT_MESSAGES.twice });
    expect(fieldsOf((await save({ submissionId: id, manualResult: [{ sampleId: a.sampleId, values: { N: 'x' }, rowVersion: 0 }] })).body)).toHaveProperty(['manualResult.0.values.N']);
    expect(await stored(id)).toEqual([]);
    expect(await state(id)).toBe('Waiting');
  });

  it('refuses a lab number another sample of the submission holds, at that row\'s lab number (stored, or given in the same save)', async () => {
    const { id, sheet } = await world.w.submitted('leaf', 'Manual');
    const [a, b] = sheet.rows;
    expect((await save({ submissionId: id, manualResult: [{ sampleId: a.sampleId, labNumber: 'DUP-1', rowVersion: 0 }] })).status).toBe(200);
    const taken = await save({ submissionId: id, manualResult: [{ sampleId: b.sampleId, labNumber: ' dup-1 ', values: { N: 2 }, rowVersion: 0 }] });
    expect(taken.status).toBe(400);
    expect(fieldsOf(taken.body)).toEqual({ 'manualResult.0.labNumber': M.labNumberTaken('dup-1', a.sampleNumber) });
    const both = await save({ submissionId: id, manualResult: [{ sampleId: a.sampleId, labNumber: 'DUP-2', rowVersion: 1 }, { sampleId: b.sampleId, labNumber: 'DUP-2', rowVersion: 0 }] });
    expect(fieldsOf(both.body)).toEqual({ 'manualResult.0.labNumber': M.labNumberTaken('DUP-2', b.sampleNumber), 'manualResult.1.labNumber': M.labNumberTaken('DUP-2', a.sampleNumber) });
    // the lab number moved from one sample to the other in one save is no clash
    expect((await save({ submissionId: id, manualResult: [{ sampleId: a.sampleId, labNumber: 'NEW-A', rowVersion: 1 }, { sampleId: b.sampleId, labNumber: 'DUP-1', rowVersion: 0 }] })).status).toBe(200);
    expect((await stored(id)).map((r) => r.lab_number)).toEqual(['NEW-A', 'DUP-1']);
  });

  it('refuses a submission whose lab sends its results (notManual) and one of the other kind or missing (404)', async () => {
    const { id } = await world.w.submitted('soil', 'NvirotekFarmer', { entries: 1 });
    const r = await save({ submissionId: id, manualResult: [] }, farmers.updateManual);
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual({ submissionId: M.notManual });
    expect((await save({ submissionId: id, manualResult: [] })).status).toBe(404);
    expect((await save({ submissionId: 999_999, manualResult: [] })).status).toBe(404);
  });

  it('saves rows without submitting (the submission waits), gives a sample typed by hand its capture, and answers each row version', async () => {
    const { id, sheet } = await world.w.submitted('soil', 'ManualFarmer', { entries: 1, hand: 'S-HAND' });
    const [a, hand] = sheet.rows;
    const r = await save({
      submissionId: id, manualResult: [
        { sampleId: a.sampleId, labNumber: ' LN-1 ', values: { k: 120.5, pH: null }, rowVersion: 0 },
        { sampleId: hand.sampleId, na: true, rowVersion: 0 },
      ],
    }, farmers.updateManual);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ rows: [{ sampleId: a.sampleId, rowVersion: 1 }, { sampleId: hand.sampleId, rowVersion: 1 }], state: 'Waiting' } satisfies ManualSaveResult);
    const capture = await db().selectFrom('submission_samples as s').innerJoin('captures as c', 'c.id', 's.capture_id')
      .select(['c.id', 'c.capture_key', 'c.status', 'c.submission_id', 'c.sample_number', 'c.kind', 'c.client_name']).where('s.id', '=', hand.sampleId).executeTakeFirstOrThrow();
    expect(capture).toMatchObject({ capture_key: expect.stringMatching(/^hand-[0-9a-f-]{36}$/), status: 'Completed', submission_id: id, sample_number: 'S-HAND', kind: 'soil', client_name: 'Orchard Co' });
    const results = await stored(id);
    expect(results.map((x) => [x.lab_number, x.na, x.values, x.source, x.lab_name, x.row_version])).toEqual([
      ['LN-1', false, { k: 120.5 }, 'Manual', 'Manual (farmer)', 1], ['', true, {}, 'Manual', 'Manual (farmer)', 1],
    ]);
    const again = await sheetOf(world.w.staff, 'soil', id);
    expect(again.rows.map((x) => [x.labNumber, x.na, x.values, x.rowVersion])).toEqual([['LN-1', false, { k: 120.5 }, 1], ['', true, {}, 1]]);
    // saving the same row again from its new version keeps the capture made for it
    expect((await save({ submissionId: id, manualResult: [{ sampleId: hand.sampleId, labNumber: 'H-9', rowVersion: 1 }] }, farmers.updateManual)).body.rows).toEqual([{ sampleId: hand.sampleId, rowVersion: 2 }]);
    expect(await db().selectFrom('captures').select('id').where('submission_id', '=', id).execute()).toHaveLength(2);
    // a waiting submission holding results is not deleted
    expect((await world.w.staff.call(farmersEp.delete, { id })).status).toBe(409);
  });

  it('submits only when every sample holds a result (naming the row of the sheet missing one, nothing saved), then moves to Results', async () => {
    const { id, sheet } = await world.w.submitted('leaf', 'Manual', { entries: 2, hand: 'HAND-2' });
    const [a, b, hand] = sheet.rows;
    const partial = await save({ submissionId: id, submit: true, manualResult: [{ sampleId: hand.sampleId, values: { N: 2.5 }, rowVersion: 0 }, { sampleId: a.sampleId, labNumber: 'L-A', rowVersion: 0 }] });
    expect(partial.status).toBe(400);
    expect(fieldsOf(partial.body)).toEqual({ 'manualResult.1': M.rowEmpty });
    expect(await stored(id)).toEqual([]);
    expect(await db().selectFrom('captures').select('id').where('capture_key', 'like', 'hand-%').where('submission_id', '=', id).execute()).toEqual([]);
    const r = await save({
      submissionId: id, submit: true,
      manualResult: [{ sampleId: a.sampleId, labNumber: 'L-A', rowVersion: 0 }, { sampleId: b.sampleId, values: { N: 2.5, P: 0.12 }, rowVersion: 0 }, { sampleId: hand.sampleId, na: true, rowVersion: 0 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.state).toBe('Results');
    expect(await state(id)).toBe('Results');
    const events = await db().selectFrom('submission_events').select(['from_state', 'to_state', 'reason', 'user_id']).where('submission_id', '=', id).orderBy('id').execute();
    expect(events.at(-1)).toEqual({ from_state: 'Waiting', to_state: 'Results', reason: 'Results entered by hand', user_id: world.w.staffId });
    const page = { page: 1, rowsPerPage: 50, search: '', sortBy: '', ascending: false, all: false };
    const row = ((await world.w.staff.call(ep.results, page)).body.rows as LabSubmissionRow[]).find((x) => x.id === id)!;
    expect(row).toMatchObject({ state: 'Results', hasLocation: true, postedToMfwDate: null });
    expect(row.history.at(-1)).toMatchObject({ by: 'Result Staff', from: 'Waiting', to: 'Results' });
  });

  it('lets exactly one of two saves of a row from the same version win; the other answers 409 and keeps nothing', async () => {
    const { id, sheet } = await world.w.submitted('leaf', 'Manual', { entries: 2 });
    const [a, b] = sheet.rows;
    const first = await save({ submissionId: id, manualResult: [{ sampleId: a.sampleId, values: { N: 1 }, rowVersion: 0 }] });
    expect(first.body.rows).toEqual([{ sampleId: a.sampleId, rowVersion: 1 }]);
    const [x, y] = await Promise.all([
      save({ submissionId: id, manualResult: [{ sampleId: b.sampleId, labNumber: 'B-X', rowVersion: 0 }, { sampleId: a.sampleId, values: { N: 2 }, rowVersion: 1 }] }),
      save({ submissionId: id, manualResult: [{ sampleId: b.sampleId, labNumber: 'B-Y', rowVersion: 0 }, { sampleId: a.sampleId, values: { N: 3 }, rowVersion: 1 }] }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const loser = x.status === 409 ? x : y;
    expect(loser.body.message).toBe(CAPTURE_RESULT_MESSAGES.changed);
    const winner = x.status === 200 ? 'X' : 'Y';
    const rows = await sheetOf(world.w.staff, 'leaf', id);
    expect(rows.rows.map((r) => [r.labNumber, r.values, r.rowVersion])).toEqual([['', { N: winner === 'X' ? 2 : 3 }, 2], [`B-${winner}`, {}, 1]]);
    const captureB = (await db().selectFrom('submission_samples').select('capture_id').where('id', '=', b.sampleId).executeTakeFirstOrThrow()).capture_id!;
    const audits = await db().selectFrom('audit_log').select(['action', 'new_values']).where('entity', '=', 'capture_result').where('entity_id', '=', String(captureB)).execute();
    expect(audits).toEqual([{ action: 'create', new_values: expect.objectContaining({ labNumber: `B-${winner}` }) }]);
  });

  it('needs a reason to change the results of a completed submission, and audits the old value, who, when and why', async () => {
    const { id, sheet } = await world.w.submitted('leaf', 'Manual', { entries: 1 });
    const [a] = sheet.rows;
    expect((await save({ submissionId: id, submit: true, manualResult: [{ sampleId: a.sampleId, values: { N: 2.4, K: 1.1 }, rowVersion: 0 }] })).status).toBe(200);
    expect((await world.w.staff.call(leaf.complete, { id })).status).toBe(200);
    const noReason = await save({ submissionId: id, manualResult: [{ sampleId: a.sampleId, values: { N: 2.6, K: 1.1 }, rowVersion: 1 }], reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(fieldsOf(noReason.body)).toEqual({ reason: M.reasonRequired });
    const before = new Date(Date.now() - 1000);
    const r = await save({ submissionId: id, manualResult: [{ sampleId: a.sampleId, values: { N: 2.6, K: 1.1 }, rowVersion: 1 }], reason: 'Typing error in N' });
    expect(r.body).toEqual({ rows: [{ sampleId: a.sampleId, rowVersion: 2 }], state: 'Completed' });
    const captureId = (await db().selectFrom('submission_samples').select('capture_id').where('id', '=', a.sampleId).executeTakeFirstOrThrow()).capture_id!;
    const audit = await db().selectFrom('audit_log').selectAll().where('entity', '=', 'capture_result').where('entity_id', '=', String(captureId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ user_id: world.w.staffId, action: 'update', reason: 'Typing error in N', old_values: { values: { K: 1.1, N: 2.4 } }, new_values: { values: { K: 1.1, N: 2.6 } } });
    expect(audit.at.getTime()).toBeGreaterThan(before.getTime());
  });

  it('refuses to change the results of an archived submission (notOpen)', async () => {
    const { id, sheet } = await world.w.submitted('soil', 'ManualFarmer', { entries: 1 });
    const [a] = sheet.rows;
    expect((await save({ submissionId: id, submit: true, manualResult: [{ sampleId: a.sampleId, labNumber: 'Z', rowVersion: 0 }] }, farmers.updateManual)).status).toBe(200);
    expect((await world.w.staff.call(farmers.archive, { id })).status).toBe(200);
    const r = await save({ submissionId: id, manualResult: [{ sampleId: a.sampleId, labNumber: 'Z2', rowVersion: 1 }], reason: 'late' }, farmers.updateManual);
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual({ submissionId: M.notOpen });
  });
});
