import { describe, expect, it } from 'vitest';
import {
  type LabResultView, type LabSubmissionRow, MANUAL_ENTRY_MESSAGES as M, SAMPLE_NO_RESULT as NO, farmersSubmissionEndpoints as farmersEp, farmersSubmissionResultEndpoints as farmers,
  submissionEndpoints as ep, submissionResultEndpoints as leaf,
} from '@sapwood/contracts';
import { fieldsOf, sheetOf, withWorld } from './submission-results.fixtures';

/**
 * Submissions, part two (issue 14) over HTTP against a real database: complete, archive and restore (their
 * wrong-state refusals, and two racing changes: one wins), the lab result view of results typed by hand and of
 * an outside lab's (the same shape), and the printable page (every text escaped; none without results).
 */
const world = withWorld();
const db = () => world.w.server.built.deps.db;
const page = { page: 1, rowsPerPage: 50, search: '', sortBy: '', ascending: false, all: false };
const events = (id: number) => db().selectFrom('submission_events').select(['from_state as from', 'to_state as to', 'reason']).where('submission_id', '=', id).orderBy('id').execute();

/** A leaf Manual submission with its results typed in and submitted (state Results). */
async function withResults(o: { clientName?: string; kind?: 'leaf' | 'soil' } = {}) {
  const kind = o.kind ?? 'leaf';
  const { id, sheet } = await world.w.submitted(kind, kind === 'leaf' ? 'Manual' : 'ManualFarmer', { entries: 2, clientName: o.clientName });
  const values = kind === 'leaf' ? { N: 2.5, Fe: 80 } : { k: 120 };
  const r = await world.w.staff.call(kind === 'leaf' ? leaf.updateManual : farmers.updateManual, {
    submissionId: id, submit: true,
    manualResult: [{ sampleId: sheet.rows[0].sampleId, labNumber: 'LAB<1>', values, rowVersion: 0 }, { sampleId: sheet.rows[1].sampleId, na: true, rowVersion: 0 }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id, sheet };
}


describe('complete, archive and restore', () => {
  it('completes a submission with results (stamped, in its history and on the Completed tab); refuses one waiting or completed', async () => {
    const { id: waiting } = await world.w.submitted('leaf', 'Manual', { entries: 1 });
    const refused = await world.w.staff.call(leaf.complete, { id: waiting });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual({ id: M.completeNeedsResults });
    const { id } = await withResults();
    expect((await world.w.staff.call(farmers.complete, { id })).status).toBe(404);
    expect((await world.w.staff.call(leaf.complete, { id })).body).toBe(true);
    expect((await world.w.staff.call(leaf.complete, { id })).status).toBe(400);
    expect((await events(id)).at(-1)).toEqual({ from: 'Results', to: 'Completed', reason: 'Completed' });
    const row = ((await world.w.staff.call(ep.completed, page)).body.rows as LabSubmissionRow[]).find((x) => x.id === id)!;
    expect(row).toMatchObject({ state: 'Completed', completed: expect.any(String), postedToMfwDate: null, hasLocation: true });
    expect(((await world.w.staff.call(ep.results, page)).body.rows as LabSubmissionRow[]).some((x) => x.id === id)).toBe(false);
  });

  it('archives a completed submission and restores it to Completed, one with results back to Results; refuses the wrong states', async () => {
    const { id } = await withResults();
    expect((await world.w.staff.call(leaf.complete, { id })).status).toBe(200);
    const notArchived = await world.w.staff.call(leaf.restore, { id });
    expect(notArchived.status).toBe(400);
    expect(fieldsOf(notArchived.body)).toEqual({ id: M.restoreFrom });
    expect((await world.w.staff.call(leaf.archive, { id })).body).toBe(true);
    expect(((await world.w.staff.call(ep.archived, page)).body.rows as LabSubmissionRow[]).find((x) => x.id === id)?.state).toBe('Archived');
    expect(fieldsOf((await world.w.staff.call(leaf.archive, { id })).body)).toEqual({ id: M.archiveFrom });
    expect((await world.w.staff.call(leaf.restore, { id })).body).toBe(true);
    expect((await events(id)).slice(-2)).toEqual([{ from: 'Completed', to: 'Archived', reason: 'Archived' }, { from: 'Archived', to: 'Completed', reason: 'Restored to Completed' }]);

    const soil = await withResults({ kind: 'soil' });
    expect((await world.w.staff.call(leaf.archive, { id: soil.id })).status).toBe(404);
    expect((await world.w.staff.call(farmers.archive, { id: soil.id })).body).toBe(true);
    expect(((await world.w.staff.call(farmersEp.archived, page)).body.rows as LabSubmissionRow[]).some((x) => x.id === soil.id)).toBe(true);
    expect((await world.w.staff.call(farmers.restore, { id: soil.id })).body).toBe(true);
    expect(((await world.w.staff.call(farmersEp.results, page)).body.rows as LabSubmissionRow[]).find((x) => x.id === soil.id)?.state).toBe('Results');

    const { id: waiting } = await world.w.submitted('leaf', 'Manual', { entries: 1 });
    expect(fieldsOf((await world.w.staff.call(leaf.archive, { id: waiting })).body)).toEqual({ id: M.archiveFrom });
  });

  it('lets one of two racing changes of state win; the other is refused and the history holds one entry', async () => {
    const { id } = await withResults();
    const [a, b] = await Promise.all([world.w.staff.call(leaf.archive, { id }), world.w.staff.call(leaf.archive, { id })]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a.status, b.status].find((s) => s !== 200)).toBeOneOf([400, 409]);
    expect((await events(id)).filter((e) => e.to === 'Archived')).toHaveLength(1);
    const [c, d] = await Promise.all([world.w.staff.call(leaf.restore, { id }), world.w.staff.call(leaf.restore, { id })]);
    expect([c.status, d.status].filter((s) => s === 200)).toHaveLength(1);
    expect((await events(id)).filter((e) => e.from === 'Archived')).toHaveLength(1);
  });
});

describe('the lab result view and print', () => {
  it('shows every sample with its lab number and each value of the kind in order (null: not measured)', async () => {
    const { id, sheet } = await withResults();
    const r = await world.w.staff.call(leaf.getResults, { id });
    expect(r.status).toBe(200);
    const view = r.body as LabResultView;
    expect(view.lab_name).toBe('Manual');
    expect(view.sampleData.map((s) => [s.sample_reference, s.lab_number])).toEqual([[sheet.rows[0].sampleNumber, 'LAB<1>'], [sheet.rows[1].sampleNumber, '']]);
    expect(view.sampleData[0].resultvalue.slice(0, 2)).toEqual([{ code: 'N', name: 'N', lab_result: 2.5, unit: '%' }, { code: 'P', name: 'P', lab_result: null, unit: '%' }]);
    expect(view.sampleData[0].resultvalue.find((v) => v.code === 'Fe')).toEqual({ code: 'Fe', name: 'Fe', lab_result: 80, unit: 'mg/kg' });
    expect(view.sampleData[1].resultvalue.every((v) => v.lab_result === null)).toBe(true);
    expect((await world.w.staff.call(farmers.getResults, { id })).status).toBe(404);
  });

  it("shows an outside lab's results the same way", async () => {
    const { id, sheet } = await world.w.submitted('soil', 'NvirotekFarmer', { entries: 2 });
    const order = await (async () => {
      await expect.poll(async () => (await db().selectFrom('submissions').select('submission_work_order').where('id', '=', id).executeTakeFirstOrThrow()).submission_work_order, { timeout: 15_000, interval: 100 }).not.toBeNull();
      const wo = (await db().selectFrom('submissions').select('submission_work_order').where('id', '=', id).executeTakeFirstOrThrow()).submission_work_order!;
      return world.w.nv.orders.find((o) => o.workOrder === wo)!;
    })();
    world.w.nv.publish(order.workOrder);
    await expect.poll(async () => (await db().selectFrom('submissions').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state, { timeout: 15_000, interval: 100 }).toBe('Results');
    const view = (await world.w.staff.call(farmers.getResults, { id })).body as LabResultView;
    expect(view.lab_name).toBe('Nvirotek (farmer)');
    expect(view.sampleData.map((s) => [s.sample_reference, s.lab_number])).toEqual(order.samples.map((s) => [s.sampleNumber, s.labNumber]));
    expect(view.sampleData.map((s) => s.sample_reference)).toEqual(sheet.rows.map((r) => r.sampleNumber));
    const published: Record<string, number> = order.samples[0].values;
    const first = view.sampleData[0].resultvalue;
    expect(first.filter((v) => v.lab_result !== null).length).toBeGreaterThan(0);
    for (const v of first) expect(v.lab_result).toBe(published[v.code] ?? null);
    // the sheet of an outside lab's submission shows them too, but they are not typed in
    expect((await sheetOf(world.w.staff, 'soil', id)).rows[0].rowVersion).toBe(1);
    expect(fieldsOf((await world.w.staff.call(farmers.updateManual, { submissionId: id, manualResult: [] })).body)).toEqual({ submissionId: M.notManual });
  });

  it('prints the results as a self-contained page with every text escaped; none without results', async () => {
    const { id } = await withResults({ clientName: '<script>alert(1)</script> & Sons' });
    const r = await world.w.staff.call(leaf.print, { id });
    expect(r.status).toBe(200);
    const html = (r.body as { html: string }).html;
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Sons');
    expect(html).toContain('LAB&lt;1&gt;');
    expect(html).toContain(`submission ${id}`);
    expect(html).toMatch(/<th>N<br><small>%<\/small><\/th>/);
    expect(html).toMatch(/<th>Fe<br><small>mg\/kg<\/small><\/th>/);
    expect(html).not.toMatch(/<th>P<br>/);
    expect(html).toContain('N/A');
    expect(html).not.toMatch(/(src|href)=/);
    const { id: none } = await world.w.submitted('leaf', 'Manual', { entries: 1 });
    // nothing to print, and why (ADR 0252)
    expect((await world.w.staff.call(leaf.print, { id: none })).body).toEqual({ html: null, noResult: [NO.typing] });
    expect((await world.w.staff.call(farmers.print, { id: none })).status).toBe(404);
  });
});
