import type { Element } from '../dris/elements';
import { MIN_DRIS_CV, type NormTerm } from '../dris/engine';
import { type DrisUnits, toNormUnitFactor } from '../dris/units';
import { type ValueBounds, type ValueProblem, bounds, checkBounds } from './bounds';
import { CARBOHYDRATE_BOUNDS, LEAF_BOUNDS } from './result-bounds';

/*
 * The bounds of norms (issue 31, ADR 0100): a leaf norm's Min, Med and Max of an element are values of that
 * element, in the lab's unit, so they have its bounds (./result-bounds.ts); a carbohydrate growth range's those of
 * sugar and starch. A DRIS norm's CV is a percent (typically 5–60, Sapwood domain notes 'Units and plausible
 * values'): under 1 it is almost certainly a fraction and refused. A DRIS mean is usual when it lies within the
 * ratio (or product) of the two elements' usual ranges, read in the units the norms were published in: a mean
 * outside it is most likely in other units than the ones stated.
 */

/** The bounds of a leaf norm's value of an element (its Min, Med or Max). */
export const leafNormBounds = (e: Element): ValueBounds => LEAF_BOUNDS[e];

/** The bounds of a carbohydrate growth range's value. */
export const growthRangeBounds = (what: 'sugar' | 'starch'): ValueBounds => CARBOHYDRATE_BOUNDS[what];

/** A DRIS norm's CV, %: at least 1 (under it, a fraction), typically 5–60, never beyond 1000. */
export const DRIS_CV_BOUNDS: ValueBounds = bounds('%', 5, 60, { min: MIN_DRIS_CV, max: 1000 });
export const DRIS_CV_FRACTION = 'A CV is a percent: under 1 looks like a fraction (write 15 for 15 %, not 0.15)';

/** n rounded outwards to two significant digits (down for a lower bound, up for an upper one). */
function outward(n: number, up: boolean): number {
  if (n === 0 || !Number.isFinite(n)) return n;
  const step = 10 ** (Math.floor(Math.log10(Math.abs(n))) - 1);
  return Number(((up ? Math.ceil(n / step) : Math.floor(n / step)) * step).toPrecision(2));
}

/** A DRIS mean's bounds: positive, at most 1,000,000; usual within the two elements' usual ranges combined, in the norms' units. */
export function drisMeanBounds(term: NormTerm, units: DrisUnits): ValueBounds {
  const range = (e: Element) => {
    const f = toNormUnitFactor(e, units);
    return [LEAF_BOUNDS[e].usualMin * f, LEAF_BOUNDS[e].usualMax * f] as const;
  };
  const [aMin, aMax] = range(term.a);
  const [bMin, bMax] = range(term.b);
  const [lo, hi] = term.kind === 'product' ? [aMin * bMin, aMax * bMax] : [aMin / bMax, bMin > 0 ? aMax / bMin : Number.POSITIVE_INFINITY];
  return bounds('', outward(lo, false), outward(hi, true), { max: 1_000_000 });
}

/**
 * The problems of one DRIS norm row typed in: its CV (a fraction refused with its own words), and its mean
 * against the ratio's usual range; unusual ones only when their name ('mean', 'cv') is not in `confirmed`.
 */
export function drisNormProblems(row: { mean: number; cv: number }, term: NormTerm | null, units: DrisUnits, confirmed: readonly string[] = []): ValueProblem[] {
  const out: ValueProblem[] = [];
  const add = (at: 'mean' | 'cv', b: ValueBounds, v: number) => {
    const c = checkBounds(b, v);
    if (!c || (c.level === 'unusual' && confirmed.includes(at))) return;
    out.push({ at, level: c.level, message: at === 'cv' && v < MIN_DRIS_CV ? DRIS_CV_FRACTION : c.message, value: v, bounds: b });
  };
  if (Number.isFinite(row.cv) && row.cv > 0) add('cv', DRIS_CV_BOUNDS, row.cv);
  if (term && Number.isFinite(row.mean) && row.mean > 0) add('mean', drisMeanBounds(term, units), row.mean);
  return out;
}
