import { type ResultRowValues, type ValueProblem, carbohydrateProblems, unusualItem } from '@sapwood/contracts';

/** A result row's values as saved: Sugar, Starch, N/A. */
export type ResultValues = { sugar: number | null; starch: number | null; na: boolean };
export const valuesOf = (v: ResultRowValues): ResultValues => ({ sugar: v.sugar ?? null, starch: v.starch ?? null, na: !!v.na });
export const same = (a: ResultValues, b: ResultValues) => a.sugar === b.sugar && a.starch === b.starch && a.na === b.na;
const num = (n: number | null) => (n === null ? '—' : n.toFixed(2));
/** 'Sugar 6.00 · Starch 3.00' or 'N/A', for messages */
export const describe = (v: ResultValues) => (v.na ? 'N/A' : `Sugar ${num(v.sugar)} · Starch ${num(v.starch)}`);
export const hasResult = (v: ResultValues) => v.na || v.sugar !== null || v.starch !== null;

export type ResultKey = 'sugar' | 'starch';
/** values the user confirmed outside their usual range: key → the value confirmed */
export type Confirmed = Partial<Record<ResultKey, number>>;
const KEY_NAME: Record<ResultKey, string> = { sugar: 'Sugar', starch: 'Starch' };

/**
 * A row's values outside their usual range still to confirm (issue 31, the contract's carbohydrateProblems): not
 * those the server already holds, nor those confirmed as they stand. An N/A row has none.
 */
export function unconfirmed(v: ResultValues, saved: ResultValues | undefined, confirmed: Confirmed | undefined): ValueProblem[] {
  if (v.na) return [];
  const held = (['sugar', 'starch'] as const).filter((k) => v[k] !== null && (saved?.[k] === v[k] || confirmed?.[k] === v[k]));
  return carbohydrateProblems(v, held).filter((p) => p.level === 'unusual');
}

/** The keys to send as confirmed: the row's values confirmed as they stand. */
export const confirmedKeys = (v: ResultValues, confirmed: Confirmed | undefined): ResultKey[] =>
  (['sugar', 'starch'] as const).filter((k) => v[k] !== null && confirmed?.[k] === v[k]);

/** An unusual value as the question lists it: 'R1 Starch 45 % (usual 0–40 %)'. */
export const unusualResultItem = (sampleNumber: string, p: ValueProblem) => unusualItem(`${sampleNumber} ${KEY_NAME[p.at as ResultKey]}`, p.value, p.bounds);
