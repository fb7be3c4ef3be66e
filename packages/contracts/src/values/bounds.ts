/**
 * Plausible bounds of a value the lab enters or receives (issue 31, ADR 0100): one rule, used by the screens
 * and the server alike.
 *
 * Each value has two ranges in its unit:
 * - the physical one (`min`–`max`): a value outside it cannot be (no concentration is negative, no % exceeds 100,
 *   a mg/kg value is at most 1,000,000 mg/kg = 100 %). Typed in, it is refused at its field; an outside lab's is
 *   stored flagged.
 * - the usual one (`usualMin`–`usualMax`): a value outside it is possible (contamination, a wrong unit) and worth a
 *   confirmation, never a silent save. Typed in, it is saved once the user confirms it; an outside lab's is
 *   stored flagged.
 *
 * The ranges per element and unit are in ./result-bounds.ts (sample values, carbohydrates) and ./norm-bounds.ts
 * (leaf and DRIS norms); where they come from is said there.
 */
export interface ValueBounds {
  /** the unit the value is in, as shown ('%', 'mg/kg', '' for a ratio or a pH) */
  unit: string;
  /** physically possible: outside is refused */
  min: number;
  max: number;
  /** usual: outside asks for a confirmation */
  usualMin: number;
  usualMax: number;
}

export type BoundLevel = 'impossible' | 'unusual';

/** A value outside its bounds: how far (impossible or unusual) and what to say at its field. */
export interface BoundCheck {
  level: BoundLevel;
  message: string;
}

/** A number as the messages write it: as typed, without exponents or trailing zeros (1000000, 0.05). */
export const boundNumber = (n: number): string => String(Number(n.toPrecision(12)));
const withUnit = (n: number, unit: string) => (unit ? `${boundNumber(n)} ${unit}` : boundNumber(n));
/** The usual range as the messages write it: '0.3–6 %', '3–9'. */
export const usualRangeText = (b: ValueBounds) => `${boundNumber(b.usualMin)}–${withUnit(b.usualMax, b.unit)}`;

export const BOUND_MESSAGES = {
  negative: 'Must not be negative',
  atLeast: (b: ValueBounds) => `Must be at least ${withUnit(b.min, b.unit)}`,
  atMost: (b: ValueBounds) => `Must be at most ${withUnit(b.max, b.unit)}`,
  /** said at a field whose unusual value is not confirmed (the server's 400, and the form's own check) */
  confirm: (b: ValueBounds) => `Outside the usual range ${usualRangeText(b)}: confirm to save it`,
  /** an outside lab's value kept with a flag */
  impossibleFlag: (message: string) => `Impossible: ${message.charAt(0).toLowerCase()}${message.slice(1)}`,
  unusualFlag: (b: ValueBounds) => `Outside the usual range ${usualRangeText(b)}`,
  /** the one question before saving values outside their usual range */
  question: (items: readonly string[]) =>
    `${items.length} ${items.length === 1 ? 'value is' : 'values are'} outside the usual range: ${items.join('; ')}. Save anyway?`,
  questionTitle: 'Unusual values',
} as const;

/** Where a value stands against its bounds: null within the usual range. */
export function checkBounds(b: ValueBounds, v: number): BoundCheck | null {
  if (!Number.isFinite(v)) return { level: 'impossible', message: 'Must be a number' };
  if (v < b.min) return { level: 'impossible', message: b.min === 0 ? BOUND_MESSAGES.negative : BOUND_MESSAGES.atLeast(b) };
  if (v > b.max) return { level: 'impossible', message: BOUND_MESSAGES.atMost(b) };
  if (v < b.usualMin || v > b.usualMax) return { level: 'unusual', message: BOUND_MESSAGES.confirm(b) };
  return null;
}

/** The flag an outside lab's value is stored with (null: within the usual range). */
export function boundFlag(b: ValueBounds, v: number): string | null {
  const c = checkBounds(b, v);
  if (!c) return null;
  return c.level === 'impossible' ? BOUND_MESSAGES.impossibleFlag(c.message) : BOUND_MESSAGES.unusualFlag(b);
}

/** An unusual value as the question lists it: 'L1001 K 8 % (usual 0.3–6 %)'. */
export const unusualItem = (what: string, v: number, b: ValueBounds) => `${what} ${withUnit(v, b.unit)} (usual ${usualRangeText(b)})`;

/** A value's bounds with its physical range from the unit and its usual range given. */
export function bounds(unit: string, usualMin: number, usualMax: number, physical?: { min?: number; max?: number }): ValueBounds {
  return { unit, min: physical?.min ?? 0, max: physical?.max ?? PHYSICAL_MAX[unit] ?? Number.POSITIVE_INFINITY, usualMin, usualMax };
}

/**
 * The physical ceiling of a unit: no % exceeds 100; 1 % = 10,000 mg/kg, so no mg/kg value exceeds 1,000,000;
 * a litre of sap holds less than the 1,000,000 mg a litre of water weighs; a g/kg value is at most 1000.
 */
const PHYSICAL_MAX: Record<string, number> = { '%': 100, 'mg/kg': 1_000_000, 'g/kg': 1000, 'mg/l': 1_000_000 };

/** A value's problem as the server names its field and the screens show it. */
export interface ValueProblem {
  /** the value's code or field name ('K', 'sugar', 'macroGraph.n.max') */
  at: string;
  level: BoundLevel;
  message: string;
  value: number;
  bounds: ValueBounds;
}

/**
 * The problems of values entered by hand, against their bounds: every impossible one, and every unusual one not
 * among `confirmed` (the codes the user confirmed). Values that are null or absent are not there to check.
 */
export function valueProblems(values: Readonly<Record<string, number | null | undefined>>, boundsOf: (at: string) => ValueBounds | undefined, confirmed: readonly string[] = []): ValueProblem[] {
  const ok = new Set(confirmed);
  const out: ValueProblem[] = [];
  for (const [at, v] of Object.entries(values)) {
    if (v === null || v === undefined) continue;
    const b = boundsOf(at);
    if (!b) continue;
    const c = checkBounds(b, v);
    if (c && (c.level === 'impossible' || !ok.has(at))) out.push({ at, ...c, value: v, bounds: b });
  }
  return out;
}
