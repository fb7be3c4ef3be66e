import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LEAF_RESULT_VALUES, FARMERS_RESULT_VALUES, resultValuesOf } from '../features/capture-results';
import { CropDrisGraphEntry, ELEMENT_OF_KEY, GRAPH_SETS, GRAPH_SET_NAMES, NormSetEntry } from '../features/crop-norms';
import { CropGrowthInput, StageGrowthValueEntry } from '../features/cropgrowths';
import { ResultInput } from '../features/lab-schemas';
import { ManualResultInput } from '../features/submission-results';
import { BOUND_MESSAGES, checkBounds } from './bounds';
import { DRIS_CV_FRACTION } from './norm-bounds';
import { CARBOHYDRATE_BOUNDS, LEAF_BOUNDS, SOIL_BOUNDS, carbohydrateProblems, resultBoundsOf, resultValueFlags, resultValueProblems } from './result-bounds';
import { generator, leafValues, soilValues } from './sample-values';

/*
 * Issue 31: every place a value enters has its bounds. These tests walk the declarations — every result value
 * code of both kinds, sugar and starch, and every number field of the schemas a norm or a result is saved with —
 * so that a value added without bounds fails here.
 */

const PHYSICAL_MAX: Record<string, number> = { '%': 100, 'mg/kg': 1_000_000, 'mg/l': 1_000_000 };

describe('every result value code has its bounds', () => {
  for (const kind of ['leaf', 'soil'] as const) {
    for (const v of resultValuesOf(kind)) {
      it(`${kind} ${v.code} (${v.unit || 'no unit'})`, () => {
        const b = resultBoundsOf(kind, v.code);
        expect(b, 'bounds').toBeDefined();
        expect(b!.unit).toBe(v.unit);
        expect(b!.min).toBe(0);
        if (PHYSICAL_MAX[v.unit]) expect(b!.max).toBe(PHYSICAL_MAX[v.unit]);
        expect(Number.isFinite(b!.max)).toBe(true);
        expect(b!.min <= b!.usualMin && b!.usualMin < b!.usualMax && b!.usualMax <= b!.max).toBe(true);
        // negative refused, beyond the physical range refused, beyond the usual range asked, confirmed it passes
        expect(resultValueProblems(kind, { [v.code]: -1 })).toMatchObject([{ at: v.code, level: 'impossible', message: 'Must not be negative' }]);
        expect(resultValueProblems(kind, { [v.code]: b!.max * 1.01 + 1 })).toMatchObject([{ at: v.code, level: 'impossible', message: BOUND_MESSAGES.atMost(b!) }]);
        if (b!.usualMax < b!.max) {
          const unusual = Math.min(b!.max, b!.usualMax * 1.5 + 0.01);
          expect(resultValueProblems(kind, { [v.code]: unusual })).toMatchObject([{ at: v.code, level: 'unusual', message: BOUND_MESSAGES.confirm(b!) }]);
          expect(resultValueProblems(kind, { [v.code]: unusual }, [v.code])).toEqual([]);
          expect(Object.keys(resultValueFlags(kind, { [v.code]: unusual }))).toEqual([v.code]);
        }
        expect(resultValueProblems(kind, { [v.code]: (b!.usualMin + b!.usualMax) / 2 })).toEqual([]);
        expect(resultValueFlags(kind, { [v.code]: -1 })).toEqual({ [v.code]: 'Impossible: must not be negative' });
      });
    }
  }

  it('has no bounds left over for a code that is not a value of the kind', () => {
    expect(Object.keys(LEAF_BOUNDS).sort()).toEqual(LEAF_RESULT_VALUES.map((v) => v.code).sort());
    expect(Object.keys(SOIL_BOUNDS).sort()).toEqual(FARMERS_RESULT_VALUES.map((v) => v.code).sort());
    expect(resultBoundsOf('soil', 'N')).toBeUndefined();
    expect(resultBoundsOf('leaf', 'toString')).toBeUndefined();
  });

  it('says the domain notes\' words: P = −1 % and K = 1000 % are impossible, K = 8 % unusual', () => {
    expect(checkBounds(LEAF_BOUNDS.P, -1)).toEqual({ level: 'impossible', message: 'Must not be negative' });
    expect(checkBounds(LEAF_BOUNDS.K, 1000)).toEqual({ level: 'impossible', message: 'Must be at most 100 %' });
    expect(checkBounds(LEAF_BOUNDS.K, 8)).toEqual({ level: 'unusual', message: 'Outside the usual range 0.3–6 %: confirm to save it' });
    expect(checkBounds(LEAF_BOUNDS.Fe, 2_000_000)).toEqual({ level: 'impossible', message: 'Must be at most 1000000 mg/kg' });
    expect(BOUND_MESSAGES.question(['L1 K 8 % (usual 0.3–6 %)'])).toBe('1 value is outside the usual range: L1 K 8 % (usual 0.3–6 %). Save anyway?');
    expect(BOUND_MESSAGES.question(['a', 'b'])).toBe('2 values are outside the usual range: a; b. Save anyway?');
  });

  it("draws the demo's and the stand-ins' values within their usual ranges (never asked, never flagged)", () => {
    for (let seed = 1; seed <= 2000; seed += 1) {
      const r = generator(seed);
      expect(resultValueProblems('leaf', leafValues(r)), `leaf seed ${seed}`).toEqual([]);
      expect(resultValueProblems('soil', soilValues(r)), `soil seed ${seed}`).toEqual([]);
    }
  });
});

describe('sugar and starch have their bounds', () => {
  for (const k of ['sugar', 'starch'] as const) {
    it(k, () => {
      const b = CARBOHYDRATE_BOUNDS[k];
      expect(b).toMatchObject({ unit: '%', min: 0, max: 100 });
      expect(carbohydrateProblems({ [k]: 101 })).toMatchObject([{ at: k, level: 'impossible' }]);
      expect(carbohydrateProblems({ [k]: b.usualMax + 1 })).toMatchObject([{ at: k, level: 'unusual', message: BOUND_MESSAGES.confirm(b) }]);
      expect(carbohydrateProblems({ [k]: b.usualMax + 1 }, [k])).toEqual([]);
    });
  }
});

/** The paths of every number a schema takes ('*' for any array index or record key). */
function numberPaths(schema: z.ZodType, at: string[] = []): string[][] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (k: string) => numberPaths(def[k] as z.ZodType, at);
  switch (def.type) {
    case 'number': return [at];
    case 'object': return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, s]) => numberPaths(s, [...at, k]));
    case 'array': return numberPaths(def.element as z.ZodType, [...at, '*']);
    case 'record': return numberPaths(def.valueType as z.ZodType, [...at, '*']);
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional': return inner('innerType');
    case 'pipe': return inner('in');
    default: return [];
  }
}

/** The concrete paths of an example value that a pattern ('*' any key) names, with their values. */
function concrete(value: unknown, pattern: string[], at: (string | number)[] = []): (string | number)[][] {
  if (pattern.length === 0) return typeof value === 'number' ? [at] : [];
  if (value === null || typeof value !== 'object') return [];
  const [head, ...rest] = pattern;
  const keys = head === '*' ? Object.keys(value) : [head];
  return keys.flatMap((k) => concrete((value as Record<string, unknown>)[k], rest, [...at, Array.isArray(value) ? Number(k) : k]));
}

function withValue<T>(example: T, path: (string | number)[], v: number): T {
  const copy = structuredClone(example) as Record<string | number, unknown>;
  let o = copy;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  o[path[path.length - 1]] = v;
  return copy as T;
}

/** Ids and versions are numbers but no measured values. */
const NOT_VALUES = new Set(['id', 'rowVersion', 'growthStageId', 'linkedTissueId', 'sampleId']);

const mid = (e: keyof typeof LEAF_BOUNDS) => Number(((LEAF_BOUNDS[e].usualMin + LEAF_BOUNDS[e].usualMax) / 2).toPrecision(3));
const normSet = {
  graphs: Object.fromEntries(GRAPH_SET_NAMES.map((set) => [set, {
    selected: true, ...Object.fromEntries(GRAPH_SETS[set].map((key) => [key, { min: mid(ELEMENT_OF_KEY[key]), med: mid(ELEMENT_OF_KEY[key]), max: mid(ELEMENT_OF_KEY[key]) }])),
  }])),
  provenance: { source: 'lab' },
};
const range = { min: 2, med: 3, max: 4 };
/** Each schema a norm or a result is saved with, a valid example, and (where the schema asks the confirmation itself) an unusual value. */
const ENTRY_SCHEMAS: { name: string; schema: z.ZodType; example: unknown; unusual?: { path: (string | number)[]; value: number; confirmed: string } }[] = [
  { name: 'a leaf norm set (NormSetEntry)', schema: NormSetEntry, example: normSet, unusual: { path: ['graphs', 'macroGraph', 'n', 'max'], value: 9, confirmed: 'macroGraph.n.max' } },
  {
    name: 'a DRIS graph (CropDrisGraphEntry)', schema: CropDrisGraphEntry, example: { graphName: 'Macro', rows: [{ expression: 'N/P', mean: 10, cv: 20 }] },
    unusual: { path: ['rows', 0, 'mean'], value: 5000, confirmed: '0.mean' },
  },
  {
    name: "a growth stage's sugar and starch ranges (CropGrowthInput)", schema: CropGrowthInput, example: { id: 0, name: 'Dormancy', sugar: { ...range }, starch: { ...range } },
    unusual: { path: ['starch', 'max'], value: 45, confirmed: 'starch.max' },
  },
  {
    name: "a region's or cultivar's overriding growth values (StageGrowthValueEntry)", schema: StageGrowthValueEntry, example: { growthStageId: 1, override: true, sugar: { ...range }, starch: { ...range } },
    unusual: { path: ['sugar', 'max'], value: 35, confirmed: 'sugar.max' },
  },
  // the server asks the confirmation of these (carbohydrateProblems, resultValueProblems: above)
  { name: 'a carbohydrate result (ResultInput)', schema: ResultInput, example: { id: 1, sugar: 5, starch: 9, rowVersion: 1 } },
  { name: 'a manual result row (ManualResultInput)', schema: ManualResultInput, example: { sampleId: 1, values: { N: 2.5 }, rowVersion: 0 } },
];

describe('every number field a norm or a result is saved with has its bounds', () => {
  for (const { name, schema, example, unusual } of ENTRY_SCHEMAS) {
    it(name, () => {
      expect(schema.safeParse(example).success, 'the example is valid').toBe(true);
      const patterns = numberPaths(schema).filter((p) => !NOT_VALUES.has(p[p.length - 1]));
      expect(patterns.length).toBeGreaterThan(0);
      for (const pattern of patterns) {
        const paths = concrete(example, pattern);
        expect(paths.length, `the example has a value at ${pattern.join('.')}`).toBeGreaterThan(0);
        for (const path of paths) {
          const at = path.join('.');
          const issuesAt = (v: number) => (schema.safeParse(withValue(example, path, v)).error?.issues ?? []).filter((i) => i.path.join('.') === at).map((i) => i.message);
          expect(issuesAt(Number.NaN), `${at} = NaN`).toEqual(['Must be a number']);
          // a manual row's values are bounded by their code where they are stored (recordCaptureResults, with
          // resultValueProblems: walked code by code above), so that a save names every cell out of bounds at once
          if (pattern[0] === 'values') continue;
          expect(issuesAt(-1), `${at} = -1`).toContain(BOUND_MESSAGES.negative);
          expect(issuesAt(1e8).length, `${at} = 1e8`).toBeGreaterThan(0);
        }
      }
      if (!unusual) return;
      // an unusual value is refused unless confirmed (by its path within the entry), at its path
      const asked = withValue(example, unusual.path, unusual.value);
      expect(schema.safeParse(asked).error?.issues.map((i) => i.path.join('.'))).toEqual([unusual.path.join('.')]);
      const confirmed = { ...(asked as object), confirmed: [unusual.confirmed] };
      expect(schema.safeParse(confirmed).success, JSON.stringify(schema.safeParse(confirmed).error?.issues)).toBe(true);
    });
  }
});

describe('DRIS norms', () => {
  it('refuses a CV under 1 as a fraction, whatever else the row holds', () => {
    const r = CropDrisGraphEntry.safeParse({ graphName: 'G', rows: [{ expression: 'N/P', mean: 10, cv: 0.15 }] });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['rows.0.cv', DRIS_CV_FRACTION]]);
  });

  it("reads a mean in the graph's units: N/Zn 1.0 is usual with N in g/kg, and asks with N in mg/kg", () => {
    const graph = (macro: string) => ({ graphName: 'G', units: { macro, micro: 'mg/kg' }, rows: [{ expression: 'N/Zn', mean: 1.0, cv: 20 }] });
    expect(CropDrisGraphEntry.safeParse(graph('g/kg')).success).toBe(true);
    expect(CropDrisGraphEntry.safeParse(graph('mg/kg')).error?.issues.map((i) => i.path.join('.'))).toEqual(['rows.0.mean']);
  });
});
