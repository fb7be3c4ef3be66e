import { z } from 'zod';
import type { Element } from '../dris/elements';
import { normTerm } from '../dris/engine';
import { DRIS_NORM_UNITS, LAB_DRIS_UNITS } from '../dris/units';
import { decimal, int, text } from '../fields';
import { MAX_TEXT } from '../paging';
import { BOUND_MESSAGES, type ValueProblem, valueProblems } from '../values/bounds';
import { drisNormProblems, leafNormBounds } from '../values/norm-bounds';

/**
 * Leaf norms (spec part 2 §3 'Graph sets'): per crop, cultivar or growth stage, seven graph sets of elements,
 * each element a range { min, med, max } (min ≤ med ≤ max, the message naming the element), each set with
 * its Selected flag; and, per crop, DRIS norms (rows of expression, mean, cv, in the units the graph states).
 * Every norm set says where it comes from (a citation or 'lab'), for which method and tissue, and whether it
 * is demo data.
 *
 * What a save takes (`NormSetEntry`, `CropDrisGraphEntry`) is stricter than what is stored and answered (issue
 * 31): every value within its element's bounds (values/norm-bounds.ts), a CV a percent, and a value outside
 * its usual range only when named in the entry's `confirmed` (the one question the dialog asks before saving).
 */
export const GRAPH_SETS = {
  macroGraph: ['n', 'p', 'k', 'ca', 'mg', 's'],
  microGraph: ['fe', 'mn', 'na', 'zn', 'cu', 'b'],
  molybdenumGraph: ['mo'],
  nickelGraph: ['ni'],
  nitrateGraph: ['no3'],
  ammoniumGraph: ['nh4'],
  naPercentageGraph: ['naPerc'],
} as const;
export type GraphSetName = keyof typeof GRAPH_SETS;
export type GraphElementKey = (typeof GRAPH_SETS)[GraphSetName][number];
export const GRAPH_SET_NAMES = Object.keys(GRAPH_SETS) as GraphSetName[];
export const GRAPH_SET_LABELS: Record<GraphSetName, string> = {
  macroGraph: 'Macro', microGraph: 'Micro', molybdenumGraph: 'Molybdenum', nickelGraph: 'Nickel',
  nitrateGraph: 'Nitrate', ammoniumGraph: 'Ammonium', naPercentageGraph: 'Na%',
};

/** The element a graph key stands for (`naPerc` → NaPerc). */
export const ELEMENT_OF_KEY: Record<GraphElementKey, Element> = {
  n: 'N', p: 'P', k: 'K', ca: 'Ca', mg: 'Mg', s: 'S', fe: 'Fe', mn: 'Mn', na: 'Na', zn: 'Zn', cu: 'Cu', b: 'B',
  mo: 'Mo', ni: 'Ni', no3: 'No3', nh4: 'Nh4', naPerc: 'NaPerc',
};

export const NORM_MESSAGES = {
  medBelowMin: (e: string) => `${e}: Med must not be below Min`,
  maxBelowMed: (e: string) => `${e}: Max must not be below Med`,
  maxBelowMin: (e: string) => `${e}: Max must not be below Min`,
  ratio: 'Use a ratio of two elements, e.g. N/P',
  positive: 'Must be greater than 0',
  graphName: 'Graph name required',
  ratioTwice: 'This ratio is given twice in the graph',
  graphTwice: 'This DRIS graph is given twice',
  source: "Source required (a citation, or 'lab')",
} as const;

const Value = decimal({ min: 0, max: 1_000_000, message: 'Must be a number', minMessage: BOUND_MESSAGES.negative, maxMessage: 'Must be at most 1000000' }).nullable();
export const NormRange = z.object({ min: Value.default(null), med: Value.default(null), max: Value.default(null) });
export type NormRange = z.output<typeof NormRange>;
export const EMPTY_NORM_RANGE: NormRange = { min: null, med: null, max: null };

function graphSet<K extends readonly GraphElementKey[]>(keys: K) {
  const shape = Object.fromEntries(keys.map((k) => [k, NormRange.default(EMPTY_NORM_RANGE)])) as { [P in K[number]]: z.ZodDefault<typeof NormRange> };
  return z
    .object({ selected: z.boolean().default(false), ...shape })
    .superRefine((set, ctx) => {
      for (const k of keys) {
        const r = (set as unknown as Record<string, NormRange>)[k];
        const e = ELEMENT_OF_KEY[k];
        if (r.min !== null && r.med !== null && r.med < r.min) ctx.addIssue({ code: 'custom', path: [k, 'med'], message: NORM_MESSAGES.medBelowMin(e) });
        if (r.med !== null && r.max !== null && r.max < r.med) ctx.addIssue({ code: 'custom', path: [k, 'max'], message: NORM_MESSAGES.maxBelowMed(e) });
        else if (r.med === null && r.min !== null && r.max !== null && r.max < r.min) ctx.addIssue({ code: 'custom', path: [k, 'max'], message: NORM_MESSAGES.maxBelowMin(e) });
      }
    });
}

/** The seven graph sets; a set not given is null (no norms of that kind at this level). */
export const GraphSets = z.object({
  macroGraph: graphSet(GRAPH_SETS.macroGraph).nullable().default(null),
  microGraph: graphSet(GRAPH_SETS.microGraph).nullable().default(null),
  molybdenumGraph: graphSet(GRAPH_SETS.molybdenumGraph).nullable().default(null),
  nickelGraph: graphSet(GRAPH_SETS.nickelGraph).nullable().default(null),
  nitrateGraph: graphSet(GRAPH_SETS.nitrateGraph).nullable().default(null),
  ammoniumGraph: graphSet(GRAPH_SETS.ammoniumGraph).nullable().default(null),
  naPercentageGraph: graphSet(GRAPH_SETS.naPercentageGraph).nullable().default(null),
});
export type GraphSets = z.output<typeof GraphSets>;
export type GraphSetsInput = z.input<typeof GraphSets>;
export const EMPTY_GRAPH_SETS: GraphSets = GraphSets.parse({});

/** Where a norm set comes from. */
export const Provenance = z.object({
  source: text({ min: 1, max: 500, message: NORM_MESSAGES.source }).default('lab'),
  method: text({ max: MAX_TEXT }).default(''),
  tissue: text({ max: MAX_TEXT }).default(''),
  demo: z.boolean().default(false),
});
export type Provenance = z.output<typeof Provenance>;

/** The graph sets of one crop, cultivar or stage, with their provenance. */
export const NormSet = z.object({ graphs: GraphSets.default(EMPTY_GRAPH_SETS), provenance: Provenance.default({ source: 'lab', method: '', tissue: '', demo: false }) });
export type NormSet = z.output<typeof NormSet>;
export type NormSetInput = z.input<typeof NormSet>;

const Positive = decimal({ min: 0, max: 1_000_000, message: 'Must be a number', minMessage: BOUND_MESSAGES.negative, maxMessage: 'Must be at most 1000000' }).gt(0, NORM_MESSAGES.positive);
export const DrisNormRow = z.object({
  expression: text({ min: 1, max: 100, message: NORM_MESSAGES.ratio }).refine((e) => normTerm(e) !== null, NORM_MESSAGES.ratio),
  mean: Positive,
  cv: Positive,
});
/** The units a DRIS graph's norms were published in (dris/units.ts): of the elements the lab reports in %, and in mg/kg. */
export const DrisUnitsSchema = z.object({
  macro: z.enum(DRIS_NORM_UNITS, { error: 'Choose %, g/kg or mg/kg' }).default(LAB_DRIS_UNITS.macro),
  micro: z.enum(DRIS_NORM_UNITS, { error: 'Choose %, g/kg or mg/kg' }).default(LAB_DRIS_UNITS.micro),
});
/** A crop's DRIS norms for one formula graph (picked by name from /drisgraphs). */
export const CropDrisGraph = z.object({
  id: int({ min: 0 }).default(0),
  graphName: text({ min: 1, max: MAX_TEXT, message: NORM_MESSAGES.graphName }),
  selected: z.boolean().default(false),
  units: DrisUnitsSchema.default(LAB_DRIS_UNITS),
  rows: z.array(DrisNormRow).max(300, 'At most 300 norms').superRefine((rows, ctx) => {
    // one norm per ratio (a product's order does not matter: K*Ca is Ca*K)
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const t = normTerm(row.expression);
      if (!t) return;
      const key = t.kind === 'product' ? `${[t.a, t.b].sort().join('*')}` : `${t.a}/${t.b}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'expression'], message: NORM_MESSAGES.ratioTwice });
      seen.add(key);
    });
  }),
});
export type CropDrisGraph = z.output<typeof CropDrisGraph>;
export type CropDrisGraphInput = z.input<typeof CropDrisGraph>;

/** The values of an entry whose unusual value the user confirmed: their paths within the entry. */
const Confirmed = z.array(text({ min: 1, max: 64 })).max(1000).default([]);

const PARTS = ['min', 'med', 'max'] as const;
const PART_LABELS = { min: 'Min', med: 'Med', max: 'Max' } as const;

/** A norm set's values outside their bounds, at their paths in its graphs ('macroGraph.n.max'), labelled 'N Max'. */
export function normSetProblems(graphs: GraphSetsInput | GraphSets, confirmed: readonly string[] = []): (ValueProblem & { label: string })[] {
  const out: (ValueProblem & { label: string })[] = [];
  for (const set of GRAPH_SET_NAMES) {
    const g = graphs[set] as Record<string, Partial<NormRange> | undefined> | null | undefined;
    if (!g) continue;
    for (const key of GRAPH_SETS[set]) {
      const e = ELEMENT_OF_KEY[key];
      const values = Object.fromEntries(PARTS.map((p) => [`${set}.${key}.${p}`, typeof g[key]?.[p] === 'number' ? g[key]![p] : null]));
      for (const p of valueProblems(values, () => leafNormBounds(e), confirmed)) out.push({ ...p, label: `${e} ${PART_LABELS[p.at.split('.')[2] as keyof typeof PART_LABELS]}` });
    }
  }
  return out;
}

/** A norm set as a save takes it: its values within their bounds, an unusual one only confirmed. */
export const NormSetEntry = NormSet.extend({ confirmed: Confirmed }).superRefine((n, ctx) => {
  for (const p of normSetProblems(n.graphs, n.confirmed)) ctx.addIssue({ code: 'custom', path: ['graphs', ...p.at.split('.')], message: p.message });
});
export type NormSetEntryInput = z.input<typeof NormSetEntry>;

/** A DRIS graph's norms outside their bounds, at their paths in it ('3.cv'), labelled 'N/P CV'. */
export function drisGraphProblems(graph: { units?: Partial<z.input<typeof DrisUnitsSchema>>; rows: { expression: string; mean: number; cv: number }[] }, confirmed: readonly string[] = []): (ValueProblem & { label: string })[] {
  const units = { ...LAB_DRIS_UNITS, ...graph.units };
  return graph.rows.flatMap((row, i) => {
    const mine = confirmed.filter((c) => c.startsWith(`${i}.`)).map((c) => c.slice(`${i}.`.length));
    return drisNormProblems(row, normTerm(row.expression), units, mine).map((p) => ({ ...p, at: `${i}.${p.at}`, label: `${row.expression.trim()} ${p.at === 'cv' ? 'CV' : 'mean'}` }));
  });
}

/** A crop's DRIS graph as a save takes it: each CV a percent, each mean and CV within its bounds or confirmed. */
export const CropDrisGraphEntry = CropDrisGraph.extend({ confirmed: Confirmed }).superRefine((g, ctx) => {
  for (const p of drisGraphProblems(g, g.confirmed)) ctx.addIssue({ code: 'custom', path: ['rows', ...p.at.split('.').map((x, k) => (k === 0 ? Number(x) : x))], message: p.message });
});
export type CropDrisGraphEntryInput = z.input<typeof CropDrisGraphEntry>;
