import { z } from 'zod';

type Json = { maxItems?: number; items?: Json | Json[]; properties?: Record<string, Json>; anyOf?: Json[]; oneOf?: Json[]; allOf?: Json[] };
const primitive = (s: Json | undefined): boolean =>
  !s || (!s.properties && !s.items && !(s.anyOf ?? s.oneOf ?? s.allOf ?? []).some((x) => !primitive(x)));

function rowsOf(s: Json | undefined, top: boolean): number {
  if (!s || typeof s !== 'object') return 1;
  if (s.items && !Array.isArray(s.items)) {
    const max = s.maxItems ?? Number.POSITIVE_INFINITY;
    // an array of plain values is a row's value (cultivars of a sample), unless it is the request itself (ids)
    return primitive(s.items) ? (top ? max : 1) : max * rowsOf(s.items, false);
  }
  let most = 1;
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) for (const x of s[k] ?? []) most = Math.max(most, rowsOf(x, top));
  for (const p of Object.values(s.properties ?? {})) most = Math.max(most, rowsOf(p, top));
  return most;
}

/** The most rows one request of this input schema may hold, as its contract declares it (nested arrays multiply). */
export function declaredRows(input: unknown): number {
  return rowsOf(z.toJSONSchema(input as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json, true);
}
