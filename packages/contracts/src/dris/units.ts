import { LEAF_RESULT_VALUES } from '../features/capture-results';
import type { Element, ElementValues } from './elements';

/**
 * The units a set of DRIS norms was published in (issue 31, ADR 0100). A ratio's mean depends on the units of
 * both its elements: N/Zn with N in % and Zn in mg/kg is a tenth of N/Zn with N in g/kg. So a crop's DRIS graph
 * states the units of its norms for the elements the lab reports in % (`macro`: N, P, K, Ca, Mg, S, Na%) and for
 * those it reports in mg/kg (`micro`: Na, Fe, Mn, Zn, Cu, B, Mo, Ni); the engine reads the sample in those units.
 * Leaf-sap NO3-N and NH4-N are mg/l on both sides.
 */
export const DRIS_NORM_UNITS = ['%', 'g/kg', 'mg/kg'] as const;
export type DrisNormUnit = (typeof DRIS_NORM_UNITS)[number];
export interface DrisUnits {
  macro: DrisNormUnit;
  micro: DrisNormUnit;
}
/** The lab's own units: norms stated in them need no conversion. */
export const LAB_DRIS_UNITS: DrisUnits = { macro: '%', micro: 'mg/kg' };

/** mg/kg in one of each unit. */
const MG_PER_KG: Record<DrisNormUnit, number> = { '%': 10_000, 'g/kg': 1000, 'mg/kg': 1 };

const LAB_UNIT = new Map<Element, string>(LEAF_RESULT_VALUES.map((v) => [v.code, v.unit]));
/** The unit the lab reports an element in: '%', 'mg/kg' or 'mg/l'. */
export const labUnitOf = (e: Element): string => LAB_UNIT.get(e) ?? '';

/** What a value of the element in the lab's unit is multiplied by to be in the norms' unit (1 for mg/l). */
export function toNormUnitFactor(e: Element, units: DrisUnits): number {
  const lab = labUnitOf(e);
  if (lab === '%') return MG_PER_KG['%'] / MG_PER_KG[units.macro];
  if (lab === 'mg/kg') return MG_PER_KG['mg/kg'] / MG_PER_KG[units.micro];
  return 1;
}

/** A sample's values (in the lab's units) in the units of the norms. */
export function inNormUnits(values: ElementValues, units: DrisUnits | undefined): ElementValues {
  if (!units || (units.macro === LAB_DRIS_UNITS.macro && units.micro === LAB_DRIS_UNITS.micro)) return values;
  const out: ElementValues = {};
  for (const [e, v] of Object.entries(values) as [Element, number | null | undefined][]) {
    out[e] = typeof v === 'number' ? v * toNormUnitFactor(e, units) : v;
  }
  return out;
}
