import { z } from 'zod';
import type { Element } from '../dris/elements';

/**
 * A capture's lab results (spec part 2 §2, §3 "Manual result row", "Lab result view"; issue 12): the values a
 * lab measured for a leaf or soil sample, by value code. They are written later by the submissions (manual
 * entry, the outside labs' results) and shown on the Results tabs of /leafs and /farmerssampleentries:
 *
 * - POST /api/leaf/getleafresults (LeafResults): the paging request → leaf records with a result, any state
 *   (refused captures never), each with `labName`, `labNumber`, `na` and `result` (`name` a code of
 *   LEAF_RESULT_VALUES, `lab_result` the number, in that list's order; a value not measured is absent).
 * - POST /api/farmerssample/getfarmersampleresults (FarmersSampleEntries): the same for farmers' sample
 *   entries, the codes of FARMERS_RESULT_VALUES.
 *
 * Search: sample number, client, farm, block, crop, lab number. Sorts: as the other tabs, and `labNumber`.
 */

export type ResultUnit = '%' | 'mg/kg' | 'mg/l' | 'g/cm3' | 'cmol(+)/kg' | '';

export interface ResultValue<G extends string = string> {
  /** the code stored and answered (`result[].name`) */
  code: string;
  /** the name of the value in a manual result row (spec §3) */
  manualKey: string;
  label: string;
  unit: ResultUnit;
  group?: G;
}

/**
 * A leaf sample's values in the order of the manual result row (spec §3): the element codes of ELEMENTS;
 * percent of dry matter for the macro-elements, mg/kg for the micro-elements, mg/l for leaf-sap nitrate and
 * ammonium.
 */
export const LEAF_RESULT_VALUES = [
  { code: 'N', manualKey: 'n', label: 'N', unit: '%' },
  { code: 'P', manualKey: 'p', label: 'P', unit: '%' },
  { code: 'K', manualKey: 'k', label: 'K', unit: '%' },
  { code: 'Ca', manualKey: 'ca', label: 'Ca', unit: '%' },
  { code: 'Mg', manualKey: 'mg', label: 'Mg', unit: '%' },
  { code: 'NaPerc', manualKey: 'naPerc', label: 'Na%', unit: '%' },
  { code: 'Na', manualKey: 'na', label: 'Na', unit: 'mg/kg' },
  { code: 'Fe', manualKey: 'fe', label: 'Fe', unit: 'mg/kg' },
  { code: 'Mn', manualKey: 'mn', label: 'Mn', unit: 'mg/kg' },
  { code: 'Zn', manualKey: 'zn', label: 'Zn', unit: 'mg/kg' },
  { code: 'Cu', manualKey: 'cu', label: 'Cu', unit: 'mg/kg' },
  { code: 'B', manualKey: 'b', label: 'B', unit: 'mg/kg' },
  { code: 'Mo', manualKey: 'mo', label: 'Mo', unit: 'mg/kg' },
  { code: 'Ni', manualKey: 'ni', label: 'Ni', unit: 'mg/kg' },
  { code: 'S', manualKey: 's', label: 'S', unit: '%' },
  { code: 'No3', manualKey: 'no3', label: 'NO3-N', unit: 'mg/l' },
  { code: 'Nh4', manualKey: 'nh4', label: 'NH4-N', unit: 'mg/l' },
] as const satisfies readonly (ResultValue & { code: Element })[];
export type LeafResultCode = (typeof LEAF_RESULT_VALUES)[number]['code'];

/** The groups of the farmers' wide table, in the spec's order (§2). */
export const FARMERS_RESULT_GROUPS = {
  ratios: 'Ratios', cations: 'Cations', p: 'P', s: 'S', ph: 'pH', micronutrients: 'Micronutrients',
  carbon: 'Carbon', acidity: 'Acidity', tValue: 'T-value', sValue: 'S-value',
} as const;
export type FarmersResultGroup = keyof typeof FARMERS_RESULT_GROUPS;

/**
 * A soil sample's values, in the wide table's order (grouped as spec §2 lists them): the 26 values of the
 * farmers' manual result row (their names are the codes) and sulphur, carbon (Walkley-Black) and organic
 * matter. `sAmAC` is the S-value (sum of the exchangeable bases, ammonium acetate), `tValueAmAc` the T-value.
 * Cations in mg/kg, their saturation in % of the T-value; ratios of cmol(+)/kg, unitless.
 */
export const FARMERS_RESULT_VALUES = [
  { code: 'caToMg', manualKey: 'caToMg', label: 'Ca:Mg', unit: '', group: 'ratios' },
  { code: 'caAndMgDivK', manualKey: 'caAndMgDivK', label: '(Ca+Mg)/K', unit: '', group: 'ratios' },
  { code: 'mgToK', manualKey: 'mgToK', label: 'Mg:K', unit: '', group: 'ratios' },
  { code: 'naToK', manualKey: 'naToK', label: 'Na:K', unit: '', group: 'ratios' },
  { code: 'k', manualKey: 'k', label: 'K', unit: 'mg/kg', group: 'cations' },
  { code: 'na', manualKey: 'na', label: 'Na', unit: 'mg/kg', group: 'cations' },
  { code: 'ca', manualKey: 'ca', label: 'Ca', unit: 'mg/kg', group: 'cations' },
  { code: 'mg', manualKey: 'mg', label: 'Mg', unit: 'mg/kg', group: 'cations' },
  { code: 'caPerc', manualKey: 'caPerc', label: 'Ca', unit: '%', group: 'cations' },
  { code: 'mgPerc', manualKey: 'mgPerc', label: 'Mg', unit: '%', group: 'cations' },
  { code: 'kPerc', manualKey: 'kPerc', label: 'K', unit: '%', group: 'cations' },
  { code: 'naPerc', manualKey: 'naPerc', label: 'Na', unit: '%', group: 'cations' },
  { code: 'pBrayI', manualKey: 'pBrayI', label: 'P Bray I', unit: 'mg/kg', group: 'p' },
  { code: 'pBrayII', manualKey: 'pBrayII', label: 'P Bray II', unit: 'mg/kg', group: 'p' },
  { code: 'pOlsen', manualKey: 'pOlsen', label: 'P Olsen', unit: 'mg/kg', group: 'p' },
  { code: 's', manualKey: 's', label: 'S', unit: 'mg/kg', group: 's' },
  { code: 'phKcl', manualKey: 'phKcl', label: 'pH (KCl)', unit: '', group: 'ph' },
  { code: 'phH2O', manualKey: 'phH2O', label: 'pH (H2O)', unit: '', group: 'ph' },
  { code: 'density', manualKey: 'density', label: 'Density', unit: 'g/cm3', group: 'ph' },
  { code: 'zn', manualKey: 'zn', label: 'Zn', unit: 'mg/kg', group: 'micronutrients' },
  { code: 'mn', manualKey: 'mn', label: 'Mn', unit: 'mg/kg', group: 'micronutrients' },
  { code: 'cu', manualKey: 'cu', label: 'Cu', unit: 'mg/kg', group: 'micronutrients' },
  { code: 'fe', manualKey: 'fe', label: 'Fe', unit: 'mg/kg', group: 'micronutrients' },
  { code: 'cWb', manualKey: 'cWb', label: 'C WB', unit: '%', group: 'carbon' },
  { code: 'som', manualKey: 'som', label: 'SOM', unit: '%', group: 'carbon' },
  { code: 'exchAcidKcl', manualKey: 'exchAcidKcl', label: 'Exch. acid (KCl)', unit: 'cmol(+)/kg', group: 'acidity' },
  { code: 'acidSatAmAc', manualKey: 'acidSatAmAc', label: 'Acid sat.', unit: '%', group: 'acidity' },
  { code: 'tValueAmAc', manualKey: 'tValueAmAc', label: 'T-value', unit: 'cmol(+)/kg', group: 'tValue' },
  { code: 'sAmAC', manualKey: 'sAmAC', label: 'S-value', unit: 'cmol(+)/kg', group: 'sValue' },
] as const satisfies readonly ResultValue<FarmersResultGroup>[];
export type FarmersResultCode = (typeof FARMERS_RESULT_VALUES)[number]['code'];

/** The values of a kind of capture: leaf tissue or soil. */
export const resultValuesOf = (kind: 'leaf' | 'soil'): readonly ResultValue[] => (kind === 'leaf' ? LEAF_RESULT_VALUES : FARMERS_RESULT_VALUES);

/** A value's column header: its label and unit ('N %', 'Fe mg/kg'; 'Na%' is 'Na %'). */
export const resultHeader = (v: Pick<ResultValue, 'label' | 'unit'>) =>
  !v.unit ? v.label : v.unit === '%' && v.label.endsWith('%') ? `${v.label.slice(0, -1)} %` : `${v.label} ${v.unit}`;

/** Where results come from: typed in (a manual submission) or an outside lab's. */
export const RESULT_SOURCES = ['Manual', 'Nvirotek', 'Wynland'] as const;
export type ResultSource = (typeof RESULT_SOURCES)[number];

/**
 * One measured value of a sample (the spec's `result` entry); `flag` says what is wrong with an outside lab's
 * value outside its bounds (values/result-bounds.ts; absent when nothing is).
 */
export const LabResult = z.object({ name: z.string(), lab_result: z.number(), flag: z.string().optional() });
export type LabResult = z.output<typeof LabResult>;

/** What a record on a Results tab adds to its capture: the lab's name and number, N/A, the values. */
export const CaptureResultFields = z.object({
  labName: z.string(),
  labNumber: z.string(),
  /** the lab marked the sample N/A: no values */
  na: z.boolean(),
  /** the measured values, in the kind's value order */
  result: z.array(LabResult),
});
export type CaptureResultFields = z.output<typeof CaptureResultFields>;
