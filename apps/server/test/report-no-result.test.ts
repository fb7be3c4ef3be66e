import { describe, expect, it } from 'vitest';
import {
  type FarmersReportData, LEAF_REPORT_MESSAGES as LM, MANUAL_ENTRY_MESSAGES as MM, SAMPLE_NO_RESULT as NO, type LabResultView, type LeafPreReport,
  farmersReportEndpoints as farmersReport, farmersSubmissionResultEndpoints as farmersResults, leafPdfEndpoints as leafPdf, leafReportEndpoints as leafReport, submissionResultEndpoints as results,
} from '@sapwood/contracts';
import type { KyselyPlugin } from 'kysely';
import { noResultReasons } from '../src/features/submissions';
import { fieldsOf, withTypedResults, withWorld } from './submission-results.fixtures';

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

/** The database, counting every statement it runs into `count.n`. */
function counting() {
  const count = { n: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    // once per statement run (transformQuery also meets a statement's subqueries)
    transformResult: async (args) => {
      count.n += 1;
      return args.result;
    },
  };
  return { db: db().withPlugin(plugin), count };
}

describe('noResultReasons over several submissions at once', () => {
  it('answers each sample\'s own reason, as asked one by one, in a fixed number of statements', async () => {
    const reissued = await world.w.submitted('leaf', 'Nvirotek', { entries: 1, clientName: 'Many Reissued' });
    const unknown = await world.w.submitted('leaf', 'Nvirotek', { entries: 1, clientName: 'Many Unknown' });
    const waiting = await world.w.submitted('leaf', 'Nvirotek', { entries: 1, clientName: 'Many Waiting' });
    const typing = await world.w.submitted('leaf', 'Manual', { entries: 1, clientName: 'Many Typing' });
    const typed = await withTypedResults(world.w, 'leaf', 'Many Typed');
    const orders = [reissued, unknown, waiting];
    for (const o of orders) await expect.poll(async () => (await submission(o.id)).submission_work_order, { timeout: 15_000, interval: 100 }).not.toBeNull();
    const [woReissued, woUnknown, woWaiting] = await Promise.all(orders.map(async (o) => (await submission(o.id)).submission_work_order!));
    const undo = [CASES[0].make(woReissued, reissued.sheet.rows[0].sampleNumber), CASES[1].make(woUnknown, unknown.sheet.rows[0].sampleNumber)];
    try {
      await expect.poll(async () => (await submission(reissued.id)).error_kind, { timeout: 15_000, interval: 100 }).toBe('work_order_reissued');
      await expect.poll(async () => (await submission(unknown.id)).error_kind, { timeout: 15_000, interval: 100 }).toBe('work_order_unknown');
      const typedSamples = await db().selectFrom('submission_samples').select('id').where('submission_id', '=', typed).orderBy('group_no').orderBy('position').execute();
      const expected = new Map<number, string>([
        [reissued.sheet.rows[0].sampleId, NO.notRead('Nvirotek', woReissued)],
        [unknown.sheet.rows[0].sampleId, NO.notKnown('Nvirotek', woUnknown)],
        [waiting.sheet.rows[0].sampleId, NO.waiting('Nvirotek')],
        [typing.sheet.rows[0].sampleId, NO.typing],
        // the typed submission's first sample holds values (not in the answer), its second is N/A
        [typedSamples[1].id, NO.na],
      ]);
      expect(woWaiting).not.toBe(woReissued);
      const ids = [reissued.id, unknown.id, waiting.id, typing.id, typed, 999_999];
      const one = counting();
      const alone = new Map<number, string>();
      for (const id of ids) for (const [k, v] of await noResultReasons(one.db, [id])) alone.set(k, v);
      expect(alone).toEqual(expected);
      const once = one.count.n / ids.length;

      const many = counting();
      const together = await noResultReasons(many.db, [...ids, reissued.id]);
      expect(together).toEqual(expected);
      // as many statements for six submissions as for one
      expect(many.count.n).toBe(once);
      expect(many.count.n).toBeLessThanOrEqual(3);
    } finally {
      for (const u of undo) u();
    }
  }, 90_000);
});

describe("the farmers' Report Settings", () => {
  it('say why a sample has no result, by the same rule as the leaf ones: waiting for its lab, its answer not read', async () => {
    world.w.nv.answer({ mode: 'partial', count: 1 }, { client: 'Farmers Partial Co' });
    const partial = await world.w.submitted('soil', 'NvirotekFarmer', { entries: 2, clientName: 'Farmers Partial Co' });
    const unread = await world.w.submitted('soil', 'NvirotekFarmer', { entries: 1, clientName: 'Farmers Unread Co' });
    await expect.poll(async () => (await submission(partial.id)).state, { timeout: 20_000, interval: 100 }).toBe('Results');
    await expect.poll(async () => (await submission(unread.id)).submission_work_order, { timeout: 15_000, interval: 100 }).not.toBeNull();
    const wo = (await submission(unread.id)).submission_work_order!;
    const undo = CASES[0].make(wo, unread.sheet.rows[0].sampleNumber);
    try {
      await expect.poll(async () => (await submission(unread.id)).error_kind, { timeout: 15_000, interval: 100 }).toBe('work_order_reissued');
      const pre = (await world.w.staff.call(farmersReport.preReport, { ids: [partial.id, unread.id] })).body as FarmersReportData[];
      const rows = pre.map((p) => p.farmerData.samples.map((x) => [x.sample, x.sampleMatched, x.noResult]));
      expect(rows).toEqual([
        [[partial.sheet.rows[0].sampleNumber, true, null], [partial.sheet.rows[1].sampleNumber, false, NO.waiting('Nvirotek')]],
        [[unread.sheet.rows[0].sampleNumber, false, NO.notRead('Nvirotek', wo)]],
      ]);
      // as the lab result view says it
      const view = (await world.w.staff.call(farmersResults.getResults, { id: partial.id })).body as LabResultView;
      expect(view.sampleData.map((x) => x.no_result ?? null)).toEqual([null, NO.waiting('Nvirotek')]);
    } finally {
      undo();
    }
  }, 60_000);
});
