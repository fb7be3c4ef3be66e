import { describe, expect, it } from 'vitest';
import { qcOutcome, westgard, westgardSeries, zScore } from './westgard';

/*
 * Worked by hand from the rule definitions of Westgard, Barry, Hunt & Groth (1981), Clin. Chem. 27:493–501
 * (their Figure 1: one control material, mean and SD assigned from earlier runs; the 1-2s warning, then
 * 1-3s, 2-2s, R-4s, 4-1s and 10-x). The control here is illustrative, set up the way the paper's examples
 * are: an assigned mean of 200 and an SD of 4 (so the limits are 196/204 ±1 SD, 192/208 ±2 SD, 188/212 ±3 SD).
 *
 *   value  z = (x − 200)/4
 *   203    +0.75      in control
 *   209    +2.25      1-2s warning only (nothing before it beyond 2 SD)
 *   213    +3.25      1-3s (and 1-2s)
 *   209, 210 → +2.25, +2.50: 2-2s (two consecutive beyond +2 SD)
 *   191, 209 in one run → −2.25 and +2.25: R-4s (range 4.5 SD ≥ 4 SD)
 *   205, 206, 205.2, 207 → +1.25, +1.5, +1.3, +1.75: 4-1s (four beyond +1 SD)
 *   ten values 199, 198, 197, 199.6, 198, 199, 197.2, 198.4, 199, 198 → all below the mean: 10-x
 */
const M = 200;
const SD = 4;
const z = (...xs: number[]) => xs.map((x) => zScore(x, M, SD));
const rules = (series: number[], sameRun: number[] = []) => westgard(series, sameRun).map((v) => v.rule);

describe('Westgard multi-rules (Westgard et al. 1981)', () => {
  it('computes z from the assigned mean and SD, and refuses an SD of 0', () => {
    expect(zScore(209, M, SD)).toBe(2.25);
    expect(zScore(191, M, SD)).toBe(-2.25);
    expect(() => zScore(200, 200, 0)).toThrow(RangeError);
  });

  it('passes a control within ±2 SD', () => {
    expect(rules(z(203))).toEqual([]);
    expect(qcOutcome(westgard(z(203)))).toBe('pass');
  });

  it('1-2s: one control beyond 2 SD warns only', () => {
    const v = westgard(z(201, 209));
    expect(v.map((x) => x.rule)).toEqual(['1-2s']);
    expect(qcOutcome(v)).toBe('warning');
    expect(rules(z(191))).toEqual(['1-2s']);
  });

  it('a point on a limit does not exceed it (208 is exactly +2 SD)', () => {
    expect(rules(z(208))).toEqual([]);
    expect(rules(z(212))).toEqual(['1-2s']);
  });

  it('1-3s: one control beyond 3 SD rejects', () => {
    expect(rules(z(213))).toEqual(['1-2s', '1-3s']);
    expect(rules(z(187))).toEqual(['1-2s', '1-3s']);
    expect(qcOutcome(westgard(z(213)))).toBe('reject');
  });

  it('2-2s: two consecutive controls beyond the same 2 SD reject; beyond opposite limits they do not', () => {
    expect(rules(z(209, 210))).toEqual(['1-2s', '2-2s']);
    expect(rules(z(191, 190))).toEqual(['1-2s', '2-2s']);
    expect(rules(z(191, 209))).toEqual(['1-2s']);
    expect(rules(z(209, 203, 210))).toEqual(['1-2s']);
    // within one run across levels (ADR 0161): the other level beyond the same limit; beyond the other limit it is R-4s
    expect(rules(z(203, 209), z(210))).toEqual(['1-2s', '2-2s']);
    expect(rules(z(203, 191), z(190))).toEqual(['1-2s', '2-2s']);
    expect(rules(z(203, 209), z(207))).toEqual(['1-2s']);
  });

  it('R-4s: one control beyond +2 SD and another beyond −2 SD in the same run reject', () => {
    expect(rules(z(209), z(191))).toEqual(['1-2s', 'R-4s']);
    expect(rules(z(191), z(209))).toEqual(['1-2s', 'R-4s']);
    // the range alone is not enough: +2.25 and −1.75 span 4 SD but the second is within 2 SD
    expect(rules(z(209), z(193))).toEqual(['1-2s']);
  });

  it('4-1s: four consecutive controls beyond the same 1 SD reject; three do not', () => {
    expect(rules(z(205, 206, 205.2, 207))).toEqual(['4-1s']);
    expect(rules(z(195, 194, 194.8, 193))).toEqual(['4-1s']);
    expect(rules(z(206, 205.2, 207))).toEqual([]);
    expect(rules(z(205, 206, 195, 207))).toEqual([]);
  });

  it('10-x: ten consecutive controls on the same side of the mean reject; nine, or one on the mean, do not', () => {
    const ten = z(199, 198, 197, 199.6, 198, 199, 197.2, 198.4, 199, 198);
    expect(rules(ten)).toEqual(['10-x']);
    expect(rules(ten.slice(1))).toEqual([]);
    expect(rules(z(199, 198, 197, 200, 198, 199, 197.2, 198.4, 199, 198))).toEqual([]);
    expect(rules(ten.map((x) => -x))).toEqual(['10-x']);
  });

  it('4-1s and 10-x also look across levels: the lots of the analyte interleaved in entry order (ADR 0161)', () => {
    // two runs of two levels, each +1.2 to +1.6 SD: two beyond +1 SD in each lot, four in the analyte
    expect(westgard([1.5, 1.2], [1.3], [1.5, 1.6, 1.2, 1.3, 1.2]).map((v) => v.rule)).toEqual(['4-1s']);
    expect(westgard([1.5, 1.2], [0.4], [1.5, 1.6, 0.4, 1.2]).map((v) => v.rule)).toEqual([]);
    // five runs of two levels on the same side of the mean: five in each lot, ten in the analyte
    const low = [0.3, 0.5, 0.2, 0.8, 0.1];
    const levels = low.flatMap((x) => [0.6, x]);
    expect(westgard(low, [0.6], levels).map((v) => v.rule)).toEqual(['10-x']);
    expect(westgard(low, [-0.6], levels.map((x, i) => (i === 8 ? -0.6 : x))).map((v) => v.rule)).toEqual([]);
  });

  it('judges each point of a chart only by what came before it', () => {
    const judged = westgardSeries(z(203, 209, 210, 201)).map((v) => v.map((x) => x.rule));
    expect(judged).toEqual([[], ['1-2s'], ['1-2s', '2-2s'], []]);
  });

  it('an empty series violates nothing', () => {
    expect(westgard([])).toEqual([]);
  });
});
