import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ELEMENTS, type Element, type ElementValues } from './elements';
import { type DrisNorm, dris, drisF, normTerm } from './engine';

/*
 * A worked example, by hand, with the formulas of Walworth & Sumner (1987), Advances in Soil Science
 * 6:149–188 (Beaufils' f and the nutrient index), Jones (1981), Commun. Soil Sci. Plant Anal. 12:785–794,
 * and Elwali & Gascho (1984); the step-by-step layout follows Serra et al. (2013), "DRIS to assess the
 * nutritional state of plants", Biomass Now, doi:10.5772/54576. The norms are illustrative (not a
 * published crop's).
 *
 *   sample (% dry matter): N = 2.80, P = 0.15, K = 1.00
 *   norms:  N/P mean 12.5 CV 20 %;  N/K mean 2.0 CV 25 %;  K/P mean 8.0 CV 30 %
 *
 *   ratios: N/P = 2.80/0.15 = 18.6667;  N/K = 2.80/1.00 = 2.8000;  K/P = 1.00/0.15 = 6.6667
 *
 *   Beaufils (x ≥ m: (x/m − 1)·1000/CV;  x < m: (1 − m/x)·1000/CV)
 *     f(N/P) = (18.6667/12.5 − 1)·1000/20 = 0.49333·50    =  24.67
 *     f(N/K) = (2.8/2.0 − 1)·1000/25      = 0.4·40        =  16.00
 *     f(K/P) = (1 − 8.0/6.6667)·1000/30   = (1 − 1.2)·33.33 = −6.67
 *   indices (z = 2 for each element):
 *     I_N = [f(N/P) + f(N/K)] / 2 = (24.67 + 16.00)/2  =  20.33
 *     I_P = [−f(N/P) − f(K/P)] / 2 = (−24.67 + 6.67)/2 =  −9.00
 *     I_K = [f(K/P) − f(N/K)] / 2 = (−6.67 − 16.00)/2  = −11.33
 *     sum = 0;  NBI = 20.33 + 9.00 + 11.33 = 40.67;  K is the most limiting
 *
 *   Jones, k = 10, s = m·CV/100 (f = (x − m)·k/s):
 *     f(N/P) = (18.6667 − 12.5)·10/2.5 = 24.67;  f(N/K) = (2.8 − 2.0)·10/0.5 = 16.00;
 *     f(K/P) = (6.6667 − 8.0)·10/2.4 = −5.56
 *     I_N = 20.33;  I_P = (−24.67 + 5.56)/2 = −9.56;  I_K = (−5.56 − 16.00)/2 = −10.78
 *
 *   Elwali–Gascho (0 within m ± s, else Beaufils): N/P outside 12.5 ± 2.5 → 24.67; N/K outside 2.0 ± 0.5
 *     → 16.00; K/P inside 8.0 ± 2.4 → 0.   I_N = 20.33;  I_P = −12.33;  I_K = −8.00
 */
const SAMPLE: ElementValues = { N: 2.8, P: 0.15, K: 1.0 };
const NORMS: DrisNorm[] = [
  { expression: 'N/P', mean: 12.5, cv: 20 },
  { expression: 'N/K', mean: 2.0, cv: 25 },
  { expression: 'K/P', mean: 8.0, cv: 30 },
];
const indexOf = (r: ReturnType<typeof dris>) => Object.fromEntries(r.indices.map((i) => [i.element, i.index]));

describe('DRIS engine: the worked example', () => {
  it('Beaufils (the default): every f, every index, the NBI and the order of limitation, to 0.01', () => {
    const r = dris(SAMPLE, NORMS);
    expect(r.functions.map((f) => [f.expression, f.value])).toEqual([
      ['N/P', expect.closeTo(18.6667, 4)], ['N/K', expect.closeTo(2.8, 4)], ['K/P', expect.closeTo(6.6667, 4)],
    ]);
    expect(r.functions.map((f) => f.f)).toEqual([expect.closeTo(24.67, 2), expect.closeTo(16.0, 2), expect.closeTo(-6.67, 2)]);
    expect(indexOf(r)).toEqual({ N: expect.closeTo(20.33, 2), P: expect.closeTo(-9.0, 2), K: expect.closeTo(-11.33, 2) });
    expect(r.indices.map((i) => i.element)).toEqual(['K', 'P', 'N']);
    expect(r.indices.every((i) => i.z === 2)).toBe(true);
    expect(r.nbi).toBeCloseTo(40.67, 2);
    expect(r.skipped).toEqual([]);
  });

  it('Jones (k = 10) and Elwali–Gascho, to 0.01', () => {
    expect(indexOf(dris(SAMPLE, NORMS, { fn: 'jones' }))).toEqual({ N: expect.closeTo(20.33, 2), P: expect.closeTo(-9.56, 2), K: expect.closeTo(-10.78, 2) });
    expect(indexOf(dris(SAMPLE, NORMS, { fn: 'elwaliGascho' }))).toEqual({ N: expect.closeTo(20.33, 2), P: expect.closeTo(-12.33, 2), K: expect.closeTo(-8.0, 2) });
  });

  it('an element not analysed drops its ratios and reduces z; it is never counted as zero', () => {
    const norms = [...NORMS, { expression: 'Ca/N', mean: 0.8, cv: 25 }, { expression: 'Ca/K', mean: 1.5, cv: 30 }];
    const r = dris(SAMPLE, norms);
    // Ca not analysed: Ca/N and Ca/K are left out, N and K keep z = 2, and the indices are the example's
    expect(indexOf(r)).toEqual({ N: expect.closeTo(20.33, 2), P: expect.closeTo(-9.0, 2), K: expect.closeTo(-11.33, 2) });
    expect(r.skipped).toEqual([
      { expression: 'Ca/N', reason: 'not analysed', element: 'Ca' },
      { expression: 'Ca/K', reason: 'not analysed', element: 'Ca' },
    ]);
    // P not analysed (null): only N/K is left, z = 1 for N and K
    const noP = dris({ ...SAMPLE, P: null }, NORMS);
    expect(noP.indices).toEqual([{ element: 'K', index: expect.closeTo(-16, 2), z: 1 }, { element: 'N', index: expect.closeTo(16, 2), z: 1 }]);
    // a zero value is refused by name, not divided by
    expect(dris({ ...SAMPLE, P: 0 }, NORMS).skipped).toContainEqual({ expression: 'N/P', reason: 'zero value', element: 'P' });
  });

  it('reads ratios and products of two elements, and skips what is not one', () => {
    expect(normTerm(' N / P ')).toEqual({ a: 'N', b: 'P', kind: 'ratio' });
    expect(normTerm('N*Ca')).toEqual({ a: 'N', b: 'Ca', kind: 'product' });
    for (const bad of ['N/P/K', 'N+P', 'X/P', 'N/N', '']) expect(normTerm(bad), bad).toBeNull();
    expect(dris(SAMPLE, [{ expression: 'N+P', mean: 1, cv: 10 }]).skipped).toEqual([{ expression: 'N+P', reason: 'not a ratio of two elements' }]);
    // a product counts for both its elements
    const p = dris({ N: 2, Ca: 1 }, [{ expression: 'N*Ca', mean: 1, cv: 10 }]);
    expect(indexOf(p)).toEqual({ N: expect.closeTo(100, 6), Ca: expect.closeTo(100, 6) });
  });
});

describe('DRIS engine: values it must not use (issue 31, finding 5)', () => {
  it('skips a negative concentration with its reason: P = −0.2 gives no index, and the other indices stand without it', () => {
    const r = dris({ ...SAMPLE, P: -0.2 }, NORMS);
    expect(r.skipped).toEqual([
      { expression: 'N/P', reason: 'negative value', element: 'P' },
      { expression: 'K/P', reason: 'negative value', element: 'P' },
    ]);
    expect(r.indices.map((i) => i.element)).not.toContain('P');
    expect(indexOf(r)).toEqual({ N: expect.closeTo(16, 2), K: expect.closeTo(-16, 2) });
  });

  it('skips a norm whose CV is under 1 (a fraction, not a percent): a CV of 0.15 would make every index 100× too large', () => {
    const r = dris(SAMPLE, [{ expression: 'N/P', mean: 12.5, cv: 0.15 }, ...NORMS.slice(1)]);
    expect(r.skipped).toEqual([{ expression: 'N/P', reason: 'cv not a percent' }]);
    expect(r.functions.map((f) => f.expression)).toEqual(['N/K', 'K/P']);
  });

  it('reads the sample in the units the norms were published in: N/Zn with N in g/kg is 10× N/Zn with N in %', () => {
    // sample: N 2.5 % (= 25 g/kg), Zn 25 mg/kg. A norm N/Zn = 1.0 published with N in g/kg is the same as 0.1 with N in %.
    const sample: ElementValues = { N: 2.5, Zn: 25 };
    const inGkg = dris(sample, [{ expression: 'N/Zn', mean: 1.0, cv: 20 }], { units: { macro: 'g/kg', micro: 'mg/kg' } });
    const inPercent = dris(sample, [{ expression: 'N/Zn', mean: 0.1, cv: 20 }]);
    expect(inGkg.functions[0].value).toBeCloseTo(1.0, 9);
    expect(inGkg.functions[0].f).toBeCloseTo(0, 9);
    expect(inPercent.functions[0].f).toBeCloseTo(0, 9);
    // the same norm read as if it were in the lab's units is far off: what a norm without its unit did
    expect(Math.abs(dris(sample, [{ expression: 'N/Zn', mean: 1.0, cv: 20 }]).functions[0].f)).toBeGreaterThan(100);
  });
});

describe('DRIS engine: properties', () => {
  const value = fc.double({ min: 0.01, max: 100, noNaN: true });
  const norm = fc.record({ mean: fc.double({ min: 0.01, max: 100, noNaN: true }), cv: fc.double({ min: 1, max: 80, noNaN: true }) });
  const fnArb = fc.constantFrom('beaufils' as const, 'jones' as const, 'elwaliGascho' as const);
  const elements = fc.shuffledSubarray([...ELEMENTS], { minLength: 2, maxLength: 8 });

  it('with one ratio for every pair of elements, the indices sum to zero', () => {
    fc.assert(fc.property(elements, fnArb, fc.infiniteStream(value), fc.infiniteStream(norm), fc.infiniteStream(fc.boolean()), (els, fn, vals, ns, dirs) => {
      const sample: ElementValues = Object.fromEntries(els.map((e) => [e, vals.next().value]));
      const norms: DrisNorm[] = [];
      els.forEach((a, i) => els.slice(i + 1).forEach((b) => {
        const n = ns.next().value;
        norms.push({ expression: dirs.next().value ? `${a}/${b}` : `${b}/${a}`, ...n });
      }));
      const r = dris(sample, norms, { fn });
      const scale = r.functions.reduce((t, f) => t + Math.abs(f.f), 1);
      expect(Math.abs(r.indices.reduce((t, i) => t + i.index, 0)) / scale).toBeLessThan(1e-9);
      expect(r.indices.every((i) => i.z === els.length - 1)).toBe(true);
      expect(r.nbi).toBeCloseTo(r.indices.reduce((t, i) => t + Math.abs(i.index), 0), 9);
    }));
  });

  it('with any ratios and any elements missing, Σ z·I = 0 and no missing element has an index', () => {
    fc.assert(fc.property(elements, fc.infiniteStream(value), fc.infiniteStream(norm), fc.infiniteStream(fc.nat(99)), (els, vals, ns, picks) => {
      const missing = new Set<Element>(els.filter((_, i) => i % 3 === 2));
      const sample: ElementValues = Object.fromEntries(els.map((e) => [e, missing.has(e) ? null : vals.next().value]));
      const norms: DrisNorm[] = Array.from({ length: 6 }, () => {
        const a = els[picks.next().value % els.length];
        const b = els[picks.next().value % els.length];
        return { expression: `${a}/${b}`, ...ns.next().value };
      }).filter((n) => normTerm(n.expression));
      const r = dris(sample, norms);
      const scale = r.functions.reduce((t, f) => t + Math.abs(f.f), 1);
      expect(Math.abs(r.indices.reduce((t, i) => t + i.index * i.z, 0)) / scale).toBeLessThan(1e-9);
      for (const i of r.indices) expect(missing.has(i.element)).toBe(false);
      expect(r.functions.length + r.skipped.length).toBe(norms.length);
    }));
  });

  it('f is 0 at the mean, and rises with the ratio, for every function', () => {
    fc.assert(fc.property(norm, fnArb, value, value, (n, fn, x, y) => {
      expect(drisF(n.mean, n.mean, n.cv, { fn })).toBeCloseTo(0, 9);
      if (x < y) expect(drisF(x, n.mean, n.cv, { fn })).toBeLessThanOrEqual(drisF(y, n.mean, n.cv, { fn }) + 1e-9);
    }));
  });
});
