import { type FarmersResultCode, type LeafResultCode, resultValuesOf } from '../features/capture-results';
import { type ValueBounds, type ValueProblem, boundFlag, bounds, valueProblems } from './bounds';

/*
 * The bounds of every value a sample's result holds, per element and unit (issue 31, ADR 0100).
 *
 * Leaf tissue, dry-mass basis: the physical ranges and the usual ranges of N, P, K, Ca, Mg, S (%) and Fe, Mn,
 * Zn, Cu, B, Mo (mg/kg) are those of the Sapwood domain notes, 'Units and plausible values' (no concentration is
 * negative, no % exceeds 100, 1 % = 10,000 mg/kg; typical leaf ranges N 0.5–7 %, P 0.05–1.5 %, K 0.3–6 %,
 * Ca 0.1–6 %, Mg 0.05–2 %, S 0.05–1.5 %; Fe 10–2,000, Mn 5–3,000, Zn 5–500, Cu 1–300, B 5–300, Mo 0.01–20 mg/kg).
 * Na, Na%, Ni and leaf-sap NO3-N / NH4-N are not in the notes: their usual ranges are ours, wide, marked (ours).
 *
 * Soil (spec part 2 §3 units): the notes give no usual soil ranges; those below are ours, wide ranges of
 * agricultural topsoils, so that only a value far off asks (a lab may narrow them). Physical: pH 0–14; no
 * saturation exceeds 100 %; bulk density at most 3 g/cm3 (denser than any soil's minerals, quartz 2.65); an
 * exchange capacity at most 500 cmol(+)/kg (pure humus holds about 200–400); ratios have no ceiling but
 * 1,000,000 (a slip, not a soil).
 *
 * Carbohydrates (spec part 1 §5): sugar and starch are % of dry matter: at most 100 %; the usual ranges are ours.
 */

/** A ratio (no unit): non-negative, no physical ceiling but one against slips. */
const ratio = (usualMin: number, usualMax: number) => bounds('', usualMin, usualMax, { max: 1_000_000 });
const ph = (usualMin: number, usualMax: number) => bounds('', usualMin, usualMax, { max: 14 });
const cmol = (usualMin: number, usualMax: number) => bounds('cmol(+)/kg', usualMin, usualMax, { max: 500 });

export const LEAF_BOUNDS: Readonly<Record<LeafResultCode, ValueBounds>> = {
  N: bounds('%', 0.5, 7),
  P: bounds('%', 0.05, 1.5),
  K: bounds('%', 0.3, 6),
  Ca: bounds('%', 0.1, 6),
  Mg: bounds('%', 0.05, 2),
  NaPerc: bounds('%', 0, 2), // (ours)
  Na: bounds('mg/kg', 0, 20_000), // (ours: Na% 0–2 %)
  Fe: bounds('mg/kg', 10, 2000),
  Mn: bounds('mg/kg', 5, 3000),
  Zn: bounds('mg/kg', 5, 500),
  Cu: bounds('mg/kg', 1, 300),
  B: bounds('mg/kg', 5, 300),
  Mo: bounds('mg/kg', 0.01, 20),
  Ni: bounds('mg/kg', 0, 50), // (ours)
  S: bounds('%', 0.05, 1.5),
  No3: bounds('mg/l', 0, 5000), // leaf-sap NO3-N (ours)
  Nh4: bounds('mg/l', 0, 1000), // leaf-sap NH4-N (ours)
};

export const SOIL_BOUNDS: Readonly<Record<FarmersResultCode, ValueBounds>> = {
  caToMg: ratio(0.2, 40),
  caAndMgDivK: ratio(1, 150),
  mgToK: ratio(0.2, 40),
  naToK: ratio(0, 10),
  k: bounds('mg/kg', 10, 2000),
  na: bounds('mg/kg', 0, 2000),
  ca: bounds('mg/kg', 20, 10_000),
  mg: bounds('mg/kg', 5, 3000),
  caPerc: bounds('%', 5, 100),
  mgPerc: bounds('%', 1, 70),
  kPerc: bounds('%', 0.5, 40),
  naPerc: bounds('%', 0, 30),
  pBrayI: bounds('mg/kg', 0, 300),
  pBrayII: bounds('mg/kg', 0, 400),
  pOlsen: bounds('mg/kg', 0, 200),
  s: bounds('mg/kg', 0, 200),
  phKcl: ph(3, 9),
  phH2O: ph(3.5, 10),
  density: bounds('g/cm3', 0.5, 2, { max: 3 }),
  zn: bounds('mg/kg', 0, 100),
  mn: bounds('mg/kg', 0, 500),
  cu: bounds('mg/kg', 0, 100),
  fe: bounds('mg/kg', 0, 1000),
  cWb: bounds('%', 0, 20),
  som: bounds('%', 0, 35),
  exchAcidKcl: cmol(0, 10),
  acidSatAmAc: bounds('%', 0, 90),
  tValueAmAc: cmol(0.5, 60),
  sAmAC: cmol(0, 60),
};

/** Sugar and starch of a carbohydrate result, % of dry matter (usual ranges ours). */
export const CARBOHYDRATE_BOUNDS: Readonly<Record<'sugar' | 'starch', ValueBounds>> = {
  sugar: bounds('%', 0, 30),
  starch: bounds('%', 0, 40),
};

type Kind = 'leaf' | 'soil';

/** The bounds of a value of a kind of sample (undefined for a code that is not the kind's). */
export function resultBoundsOf(kind: Kind, code: string): ValueBounds | undefined {
  const table: Readonly<Record<string, ValueBounds>> = kind === 'leaf' ? LEAF_BOUNDS : SOIL_BOUNDS;
  return Object.hasOwn(table, code) && resultValuesOf(kind).some((v) => v.code === code) ? table[code] : undefined;
}

/** The problems of a sample's values typed in: impossible ones, and unusual ones whose codes are not in `confirmed`. */
export const resultValueProblems = (kind: Kind, values: Readonly<Record<string, number | null | undefined>>, confirmed: readonly string[] = []): ValueProblem[] =>
  valueProblems(values, (code) => resultBoundsOf(kind, code), confirmed);

/** The flags an outside lab's values are stored with: code → what is wrong (only the values outside their usual range). */
export function resultValueFlags(kind: Kind, values: Readonly<Record<string, number>>): Record<string, string> {
  const flags: Record<string, string> = {};
  for (const [code, v] of Object.entries(values)) {
    const b = resultBoundsOf(kind, code);
    const flag = b ? boundFlag(b, v) : null;
    if (flag) flags[code] = flag;
  }
  return flags;
}

/** The problems of a carbohydrate result typed in (sugar, starch). */
export const carbohydrateProblems = (values: { sugar?: number | null; starch?: number | null }, confirmed: readonly string[] = []): ValueProblem[] =>
  valueProblems({ sugar: values.sugar, starch: values.starch }, (k) => CARBOHYDRATE_BOUNDS[k as 'sugar' | 'starch'], confirmed);
