import { describe, expect, it } from 'vitest';
import { SAMPLE_NO_RESULT as NO } from '@sapwood/contracts';
import { type ResultsHeader, labResultView, labResultsHtml, noResultReason } from './lab-results-view';
import type { SampleWithResult } from './submission-results.repository';

const header = (o: Partial<ResultsHeader> = {}): ResultsHeader => ({
  id: 1, kind: 'leaf', lab: 'Nvirotek', clientName: 'C', farmName: 'F', dateSampled: null, error: null, errorKind: null, refused: false, submissionWorkOrder: 'NV-WO-1', labJobId: 'J1', ...o,
});
const sample = (sampleNumber: string, o: Partial<SampleWithResult> = {}): SampleWithResult => ({
  sampleId: 1, sampleNumber, blockNumber: 'B1', cropId: null, captureId: null, labNumber: null, na: null, values: null, flags: null, rowVersion: null, ...o,
});

/** Issue 31 (found by the lifecycle property, ADR 0117): a sample of the lab result view is never silently empty. */
describe('why a sample of the lab result view shows no values', () => {
  it('says nothing of a sample with values, and why of every other: N/A, typing, refused, not sent, waiting', () => {
    expect(noResultReason(header(), sample('A', { values: { N: 2 } }), 0)).toBeUndefined();
    expect(noResultReason(header(), sample('A', { na: true }), 0)).toBe(NO.na);
    expect(noResultReason(header({ lab: 'Manual' }), sample('A'), 0)).toBe(NO.typing);
    expect(noResultReason(header({ lab: 'ManualFarmer', kind: 'soil' }), sample('A', { labNumber: 'LN-1' }), 0)).toBe(NO.noValues);
    expect(noResultReason(header({ refused: true, error: 'refused', submissionWorkOrder: null, labJobId: null }), sample('A'), 0)).toBe(NO.refused('Nvirotek'));
    expect(noResultReason(header({ lab: 'Wynland', submissionWorkOrder: null, labJobId: null }), sample('A'), 0)).toBe(NO.notSent('Wynland'));
    expect(noResultReason(header({ lab: 'NvirotekFarmer', kind: 'soil' }), sample('A'), 0)).toBe(NO.waiting('Nvirotek'));
    expect(noResultReason(header({ lab: 'Wynland' }), sample('A'), 2)).toBe(NO.waitingOrUnmatched('Wynland'));
    // its lab gives the work order to another lab job: not waiting, its answer is not read (ADR 0245, 0248)
    const reissued = header({ lab: 'Wynland', error: 'reissued', errorKind: 'work_order_reissued', submissionWorkOrder: 'WYN-WO-7' });
    expect(noResultReason(reissued, sample('A'), 0)).toBe(NO.notRead('Wynland', 'WYN-WO-7'));
    expect(noResultReason(reissued, sample('A'), 2)).toBe(NO.notRead('Wynland', 'WYN-WO-7'));
    expect(noResultReason(reissued, sample('A', { values: { N: 2 } }), 0)).toBeUndefined();
    // its lab does not know the work order (404): not waiting either, and why (ADR 0248)
    const unknown = header({ lab: 'Nvirotek', error: 'unknown', errorKind: 'work_order_unknown', submissionWorkOrder: 'NV-WO-9' });
    expect(noResultReason(unknown, sample('A'), 0)).toBe(NO.notKnown('Nvirotek', 'NV-WO-9'));
    expect(noResultReason(unknown, sample('A'), 2)).toBe(NO.notKnown('Nvirotek', 'NV-WO-9'));
    expect(noResultReason(unknown, sample('A', { values: { N: 2 } }), 0)).toBeUndefined();
  });

  it("gives the view's pending sample of a partly returned order its reason, and none to the returned one", () => {
    const v = labResultView(header(), [sample('A', { labNumber: 'NVL-1', values: { N: 2.1 } }), sample('B')], []);
    expect(v.sampleData.map((x) => x.no_result)).toEqual([undefined, NO.waiting('Nvirotek')]);
    expect('no_result' in v.sampleData[0]).toBe(false);
    // the count Complete asks about: samples still due from the lab, not those whose answer is not read
    expect(v.waiting).toBe(1);
    expect(labResultView(header({ lab: 'Wynland' }), [sample('A'), sample('B')], [{ labNumber: 'X', sampleNumber: 'Z', values: {}, receivedAt: new Date(), reason: 'r' } as never]).waiting).toBe(2);
    expect(labResultView(header({ error: 'reissued', errorKind: 'work_order_reissued' }), [sample('A')], []).waiting).toBe(0);
    expect(labResultView(header({ lab: 'Manual' }), [sample('A')], []).waiting).toBe(0);
  });

  it('prints the samples without results with why, under those with results', () => {
    const html = labResultsHtml(header({ lab: 'Wynland' }), [sample('A', { labNumber: 'WL-1', values: { N: 2.1 } }), sample('B<1>')], [])!;
    expect(html).toContain('<h2>Without results</h2>');
    expect(html).toContain(`<tr><td>B&lt;1&gt;</td><td>${NO.waiting('Wynland').replace("'", '&#39;')}</td></tr>`);
    expect(html.indexOf('<td>A</td>')).toBeLessThan(html.indexOf('Without results'));
    expect(labResultsHtml(header({ lab: 'Wynland' }), [sample('A', { labNumber: 'WL-1', values: { N: 2.1 } })], [])).not.toContain('Without results');
    // its work order given to another lab job: the sample is printed as not read, and why
    const reissued = labResultsHtml(header({ lab: 'Wynland', error: 'reissued', errorKind: 'work_order_reissued', submissionWorkOrder: 'WYN-WO-7' }), [sample('A', { labNumber: 'WL-1', values: { N: 2.1 } }), sample('B')], [])!;
    expect(reissued).toContain(`<tr><td>B</td><td>${NO.notRead('Wynland', 'WYN-WO-7').replaceAll("'", '&#39;')}</td></tr>`);
  });
});
