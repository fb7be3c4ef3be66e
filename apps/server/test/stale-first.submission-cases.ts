import type { FarmersReportData, LeafPreReport } from '@sapwood/contracts';
import { withTypedResults } from './submission-results.fixtures';
import { type AnyStaleCase, staleCase } from './stale-first.support';

/** stale-first.test.ts's entries for submissions: sending again, results typed by hand, report settings and pages. */

type Kind = 'leaf' | 'soil';
const base = (kind: Kind) => (kind === 'leaf' ? '/api/submission' : '/api/farmerssample');

/**
 * Sending again an order its outside lab refused: a Manual submission needs no sending (the rule after the version).
 * No call moves a waiting submission's version on without a refused order of an outside lab, so the database does.
 */
function resend(kind: Kind): AnyStaleCase {
  return staleCase<number>({
    breaks: 'a submission that needs no sending again (a manual lab, no refusal)',
    async stored(c) {
      const { id } = await c.w.submitted(kind, kind === 'leaf' ? 'Manual' : 'ManualFarmer');
      return { s: id, read: await c.version('submissions', id) };
    },
    moveOn: (c, id) => c.bump('submissions', id),
    save: (id, v) => ({ id, rowVersion: v }),
  });
}

/** The manual entry of a submission's results: a row saved by another typist, then a stale row holding nothing. */
function manual(kind: Kind): AnyStaleCase {
  const path = `${base(kind)}/updatemanualsubmission`;
  type S = { submissionId: number; sampleId: number };
  return staleCase<S>({
    breaks: 'a row holding nothing (no lab number, value or N/A)',
    async stored(c) {
      const { id, sheet } = await c.w.submitted(kind, kind === 'leaf' ? 'Manual' : 'ManualFarmer');
      return { s: { submissionId: id, sampleId: sheet.rows[0].sampleId }, read: sheet.rows[0].rowVersion };
    },
    async moveOn(c, s, read) {
      const values = kind === 'leaf' ? { N: 2.75 } : { k: 123.5 };
      const r = await c.ok(path, { submissionId: s.submissionId, manualResult: [{ sampleId: s.sampleId, labNumber: 'LN-1', values, rowVersion: read }] });
      return r.rows[0].rowVersion;
    },
    save: (s, v) => ({ submissionId: s.submissionId, manualResult: [{ sampleId: s.sampleId, rowVersion: v }] }),
  });
}

export const SUBMISSION_CASES: Record<string, AnyStaleCase> = {
  '/api/submission/resend': resend('leaf'),
  '/api/farmerssample/resend': resend('soil'),
  '/api/submission/updatemanualsubmission': manual('leaf'),
  '/api/farmerssample/updatemanualsubmission': manual('soil'),
  '/api/submission/updatereportdata': staleCase<LeafPreReport>({
    breaks: 'no sample selected for the report',
    async stored(c) {
      const id = await withTypedResults(c.w, 'leaf', c.unique('Leaf Report'));
      const [pre] = await c.ok('/api/submission/prereport', { ids: [id] });
      return { s: pre, read: pre.rowVersion };
    },
    async moveOn(c, pre, read) {
      const samples = pre.samples.map((x) => ({ id: x.id, selected: x.selected, excludeImage: x.excludeImage }));
      return (await c.ok('/api/submission/updatereportdata', [{ ...pre.header, clientName: 'Moved On', rowVersion: read, samples }])).versions[0].rowVersion;
    },
    save: (pre, v) => [{ ...pre.header, rowVersion: v, samples: pre.samples.map((x) => ({ id: x.id, selected: false, excludeImage: x.excludeImage })) }],
  }),
  '/api/farmerssample/updatereportdata': staleCase<FarmersReportData>({
    breaks: 'no sample selected for the report',
    async stored(c) {
      const id = await withTypedResults(c.w, 'soil', c.unique('Farmers Report'));
      const [pre] = await c.ok('/api/farmerssample/prereport', { ids: [id] });
      return { s: pre, read: pre.rowVersion };
    },
    async moveOn(c, pre, read) {
      const { id: _id, samples, ...header } = pre.farmerData;
      const r = await c.ok('/api/farmerssample/updatereportdata', [{ ...header, clientName: 'Moved On', rowVersion: read, samples: samples.map((x) => ({ id: x.id, selected: x.selected })) }]);
      return r[0].rowVersion;
    },
    save: (pre, v) => {
      const { id: _id, samples, ...header } = pre.farmerData;
      return [{ ...header, rowVersion: v, samples: samples.map((x) => ({ id: x.id, selected: false })) }];
    },
  }),
  '/api/submission/savepage': staleCase<{ submissionId: number; sampleId: number }>({
    breaks: { none: "a page's texts have no rule beyond the schema (its submission and sample are the page's key)" },
    async stored(c) {
      const submissionId = await withTypedResults(c.w, 'leaf', c.unique('Page'));
      const [pre] = await c.ok('/api/submission/prereport', { ids: [submissionId] });
      const s = { submissionId, sampleId: pre.samples.find((x: { matchedResult: boolean }) => x.matchedResult).id };
      return { s, read: (await c.ok('/api/submission/savepage', { ...s, recommendation: 'First', plantSay: 'First', rowVersion: 0 })).rowVersion };
    },
    moveOn: async (c, s, read) => (await c.ok('/api/submission/savepage', { ...s, recommendation: 'Moved on', plantSay: 'Moved on', rowVersion: read })).rowVersion,
    save: (s, v) => ({ ...s, recommendation: 'Stale', plantSay: 'Stale', rowVersion: v }),
  }),
};
