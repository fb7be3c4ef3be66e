import { type Element, type ElementValues, elementNamed } from './elements';
import { type DrisUnits, inNormUnits } from './units';

/*
 * DRIS (Diagnosis and Recommendation Integrated System): a pure module, from a sample's element values
 * and a crop's DRIS norms to every function f(A/B), every nutrient index and the nutrient balance index.
 * Formulas as in Beaufils (1973) and Walworth & Sumner (1987), Advances in Soil Science 6:149–188;
 * the Jones (1981) and Elwali & Gascho (1984) variants are selectable. See ../../../../docs/decisions/0081-dris-engine.md.
 */

/** A DRIS norm: a ratio `A/B` (or a product `A*B`) of two elements, its mean in the high-yield population and its CV (%). */
export interface DrisNorm {
  expression: string;
  mean: number;
  cv: number;
}

export type DrisFunction = 'beaufils' | 'jones' | 'elwaliGascho';

export interface DrisOptions {
  /** which f: Beaufils (the default), Jones, or Elwali–Gascho */
  fn?: DrisFunction;
  /** Jones' sensitivity constant k (10 unless given) */
  jonesK?: number;
  /** the units the norms were published in (./units.ts); the sample, in the lab's units, is read in them. Default: the lab's */
  units?: DrisUnits;
}

/** A norm as the engine reads it: its two elements and whether they are divided or multiplied. */
export interface NormTerm {
  a: Element;
  b: Element;
  kind: 'ratio' | 'product';
}

/** One function of the sample: the norm, the sample's ratio (or product) and f. */
export interface DrisFunctionValue extends NormTerm {
  expression: string;
  value: number;
  mean: number;
  cv: number;
  f: number;
}

/**
 * A norm not used for this sample, and why: an element not analysed, a zero or negative value (no concentration is
 * negative: it would make an index of nothing), a norm not a ratio of two elements, a mean or CV not positive, or
 * a CV under 1 (a CV is a percent: 0.15 is a fraction written for 15 %, and would make every f 100× too large).
 */
export interface DrisSkipped {
  expression: string;
  reason: 'not analysed' | 'zero value' | 'negative value' | 'not a ratio of two elements' | 'mean or cv not positive' | 'cv not a percent';
  element?: Element;
}

/** The smallest CV the engine takes: a CV is a percent (typically 5–60); under 1 it is almost certainly a fraction. */
export const MIN_DRIS_CV = 1;

export interface DrisIndex {
  element: Element;
  /** I = [Σ f(A/X) − Σ f(X/A) (+ Σ f(A·X))] / z */
  index: number;
  /** how many functions involve the element (those of elements not analysed left out) */
  z: number;
}

export interface DrisResult {
  functions: DrisFunctionValue[];
  skipped: DrisSkipped[];
  /** one per element that at least one used function involves, most limiting (most negative) first */
  indices: DrisIndex[];
  /** nutrient balance index: Σ |I| */
  nbi: number;
}

const TERM = /^\s*([A-Za-z][A-Za-z0-9]*)\s*([/*])\s*([A-Za-z][A-Za-z0-9]*)\s*$/;

/** The two elements of a norm's expression (`N/P`, `N * Ca`), or null when it is not a ratio or product of two elements. */
export function normTerm(expression: string): NormTerm | null {
  const m = TERM.exec(expression);
  if (!m) return null;
  const a = elementNamed(m[1]);
  const b = elementNamed(m[3]);
  if (!a || !b || a === b) return null;
  return { a, b, kind: m[2] === '/' ? 'ratio' : 'product' };
}

/** A sample's value of an element: a finite number, or undefined when not analysed. */
function measured(values: ElementValues, e: Element): number | undefined {
  const v = values[e];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/**
 * f for a sample's ratio `x` against a norm of mean `m` and coefficient of variation `cv` (%).
 * Beaufils: x ≥ m: (x/m − 1)·1000/cv; x < m: (1 − m/x)·1000/cv. Jones: (x − m)·k/s, s = m·cv/100.
 * Elwali–Gascho: 0 within m ± s, Beaufils outside.
 */
export function drisF(x: number, m: number, cv: number, o: DrisOptions = {}): number {
  const fn = o.fn ?? 'beaufils';
  const s = (m * cv) / 100;
  if (fn === 'jones') return ((x - m) * (o.jonesK ?? 10)) / s;
  if (fn === 'elwaliGascho' && x >= m - s && x <= m + s) return 0;
  return x >= m ? ((x / m - 1) * 1000) / cv : ((1 - m / x) * 1000) / cv;
}

/** Why a norm cannot be used for the sample, or the sample's two values (in the norm's units) when it can. */
function usable(norm: DrisNorm, term: NormTerm | null, values: ElementValues): DrisSkipped | { a: number; b: number } {
  if (!term) return { expression: norm.expression, reason: 'not a ratio of two elements' };
  if (!(norm.mean > 0) || !(norm.cv > 0)) return { expression: norm.expression, reason: 'mean or cv not positive' };
  if (norm.cv < MIN_DRIS_CV) return { expression: norm.expression, reason: 'cv not a percent' };
  const a = measured(values, term.a);
  const b = measured(values, term.b);
  const missing = a === undefined ? term.a : b === undefined ? term.b : undefined;
  if (missing) return { expression: norm.expression, reason: 'not analysed', element: missing };
  if (a! < 0 || b! < 0) return { expression: norm.expression, reason: 'negative value', element: a! < 0 ? term.a : term.b };
  if (a === 0 || b === 0) return { expression: norm.expression, reason: 'zero value', element: a === 0 ? term.a : term.b };
  return { a: a!, b: b! };
}

/** Every function, index and the NBI of one sample against a set of DRIS norms. */
export function dris(sampleValues: ElementValues, norms: readonly DrisNorm[], o: DrisOptions = {}): DrisResult {
  const values = inNormUnits(sampleValues, o.units);
  const functions: DrisFunctionValue[] = [];
  const skipped: DrisSkipped[] = [];
  for (const norm of norms) {
    const term = normTerm(norm.expression);
    const use = usable(norm, term, values);
    if ('reason' in use) {
      skipped.push(use);
      continue;
    }
    const value = term!.kind === 'ratio' ? use.a / use.b : use.a * use.b;
    functions.push({ ...term!, expression: norm.expression, value, mean: norm.mean, cv: norm.cv, f: drisF(value, norm.mean, norm.cv, o) });
  }
  const sums = new Map<Element, { sum: number; z: number }>();
  const add = (e: Element, f: number) => {
    const s = sums.get(e) ?? { sum: 0, z: 0 };
    sums.set(e, { sum: s.sum + f, z: s.z + 1 });
  };
  for (const fv of functions) {
    add(fv.a, fv.f);
    // a ratio A/B counts against B; a product A·B (Walworth & Sumner) for both
    add(fv.b, fv.kind === 'ratio' ? -fv.f : fv.f);
  }
  const indices = [...sums].map(([element, s]) => ({ element, index: s.sum / s.z, z: s.z })).sort((x, y) => x.index - y.index);
  return { functions, skipped, indices, nbi: indices.reduce((t, i) => t + Math.abs(i.index), 0) };
}
