import type { ResultRowValues } from '@sapwood/contracts';

/** A result row's values as saved: Sugar, Starch, N/A. */
export type ResultValues = { sugar: number | null; starch: number | null; na: boolean };
export const valuesOf = (v: ResultRowValues): ResultValues => ({ sugar: v.sugar ?? null, starch: v.starch ?? null, na: !!v.na });
export const same = (a: ResultValues, b: ResultValues) => a.sugar === b.sugar && a.starch === b.starch && a.na === b.na;
const num = (n: number | null) => (n === null ? '—' : n.toFixed(2));
/** 'Sugar 6.00 · Starch 3.00' or 'N/A', for messages */
export const describe = (v: ResultValues) => (v.na ? 'N/A' : `Sugar ${num(v.sugar)} · Starch ${num(v.starch)}`);
export const hasResult = (v: ResultValues) => v.na || v.sugar !== null || v.starch !== null;
