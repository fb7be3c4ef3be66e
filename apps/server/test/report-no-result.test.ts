import { describe, expect, it } from 'vitest';
import {
  LEAF_REPORT_MESSAGES as LM, MANUAL_ENTRY_MESSAGES as MM, SAMPLE_NO_RESULT as NO, type LabResultView, type LeafPreReport, leafPdfEndpoints as leafPdf,
  leafReportEndpoints as leafReport, submissionResultEndpoints as results,
} from '@sapwood/contracts';
import { fieldsOf, withWorld } from './submission-results.fixtures';

/**
 * ADR 0252: a sample without a result says why in the leaf report (its Report Settings row, its preview page and its PDF
 * are refused with the reason) and in the print of a submission with nothing to print, by the lab result view's one
 * rule (noResultReason): its lab's answer not read while the lab gives its work order to another lab job, or does
 * not know it (ADR 0245, 0248) — never a bare 'no result yet' or 'No lab results available'.
 */
const world = withWorld();
const db = () => world.w.server.built.deps.db;
const submission = (id: number) => db().selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

type Case = { name: string; kind: 'work_order_reissued' | 'work_order_unknown'; make: (workOrder: string, sample: string) => () => void; why: (workOrder: string) => string };
const CASES: Case[] = [
  {
    name: 'the lab gives its work order to another lab job', kind: 'work_order_reissued', why: (wo) => NO.notRead('Nvirotek', wo),
    make: (wo, sample) => {
      world.w.nv.reissue(wo, { sampleNumbers: [sample, 'OTHER-1'] });
      return () => world.w.nv.undoReissue(wo);
    },
  },
  {
    name: 'the lab does not know its work order', kind: 'work_order_unknown', why: (wo) => NO.notKnown('Nvirotek', wo),
    make: (wo) => {
      world.w.nv.failNext(100_000, 404, 'no such work order', 0, `GET /api/v1/orders/${wo}`);
      return () => world.w.nv.failNext(0);
    },
  },
];

describe('a Waiting leaf submission without results, its lab\'s answer not read', () => {
  it.each(CASES)('$name: the print, the Report Settings, the preview and the PDF say why', async ({ kind, make, why: whyOf }) => {
    const { id, sheet } = await world.w.submitted('leaf', 'Nvirotek', { entries: 1, clientName: `No Result ${kind}` });
    const sample = sheet.rows[0];
    await expect.poll(async () => (await submission(id)).submission_work_order, { timeout: 15_000, interval: 100 }).not.toBeNull();
    const wo = (await submission(id)).submission_work_order!;
    const undo = make(wo, sample.sampleNumber);
    try {
      // the server's own poll (every 0.6 s here) reads the lab's answer and says so on the row
      await expect.poll(async () => (await submission(id)).error_kind, { timeout: 15_000, interval: 100 }).toBe(kind);
      const why = whyOf(wo);
      const view = (await world.w.staff.call(results.getResults, { id })).body as LabResultView;
      expect(view.sampleData.map((x) => x.no_result)).toEqual([why]);
      expect((await submission(id)).state).toBe('Waiting');

      // the print: nothing to print, and why (the view's reason), not a bare 'No lab results available'
      const printed = await world.w.staff.call(results.print, { id });
      expect(printed.body).toEqual({ html: null, noResult: [why] });

      // the Report Settings row says why it has no result
      const pre = (await world.w.staff.call(leafReport.preReport, { ids: [id] })).body as LeafPreReport[];
      expect(pre[0].samples.map((s) => [s.matchedResult, s.noResult])).toEqual([[false, why]]);
      // the preview's page and the PDF are refused with the sample and why
      const message = LM.noResult(sample.sampleNumber, why);
      expect(message).toContain(why);
      const image = await world.w.staff.call(leafReport.questImage, { submissionId: id, leafId: sample.sampleId });
      expect(image.status).toBe(400);
      expect(fieldsOf(image.body)).toEqual({ leafId: message });
      const pdf = await world.w.staff.call(leafPdf.startReport, { leafIds: [sample.sampleId] });
      expect(pdf.status).toBe(400);
      expect(fieldsOf(pdf.body)).toEqual({ leafIds: message });
    } finally {
      undo();
    }
  }, 60_000);

  it('a submission merely waiting for its lab says that, in the print as in the view', async () => {
    const { id } = await world.w.submitted('leaf', 'Nvirotek', { entries: 1, clientName: 'Just Waiting Co' });
    await expect.poll(async () => (await submission(id)).submission_work_order, { timeout: 15_000, interval: 100 }).not.toBeNull();
    const printed = await world.w.staff.call(results.print, { id });
    expect(printed.body).toEqual({ html: null, noResult: [NO.waiting('Nvirotek')] });
    expect(MM.noResults).toBe('No lab results available');
  });
});
