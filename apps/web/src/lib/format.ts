import { formatDay, formatDayTime } from '@sapwood/contracts';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Natural order for sample numbers: S2 before S10. */
export function naturalCompare(a: string | null | undefined, b: string | null | undefined): number {
  return collator.compare(a ?? '', b ?? '');
}

/** Two decimals, as sugar and starch are shown; empty for no value. */
export function fixed2(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? '' : v.toFixed(2);
}

/** Day, month, year, hour and minute (the app's one date format, from the contracts). */
export const formatDateTime = (d: Date | string | null | undefined): string => formatDayTime(d);

/** Day, month, year (the app's one date format, from the contracts). */
export const formatDate = (d: Date | string | null | undefined): string => formatDay(d);

/** Parses a number input: empty is null, anything not a finite number is undefined (invalid). */
export function parseNumberInput(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/.test(t)) return undefined;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

/** 'Agent (Agronomist)' as the capture lists show it; an empty one is left out, never shown as '()' (issue 35). */
export function agentWithAgronomist(agent: string | null | undefined, agronomist: string | null | undefined): string {
  const a = (agent ?? '').trim();
  const g = (agronomist ?? '').trim();
  if (a && g) return `${a} (${g})`;
  return a || g;
}
