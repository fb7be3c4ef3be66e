import type { z } from 'zod';
import { ApiError } from './api';

/** Field path ('growths.0.sugar.min') → first message, from the same zod schema the server uses. */
export type FieldErrors = Record<string, string>;

export function fieldErrors(schema: z.ZodType, value: unknown): FieldErrors {
  const r = schema.safeParse(value);
  if (r.success) return {};
  const out: FieldErrors = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The fields of a 400 answer as FieldErrors; null for any other error. */
export function serverFieldErrors(err: unknown): FieldErrors | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  return Object.fromEntries((err.body?.fields ?? []).map((f) => [f.field, f.message]));
}

/** The server's message for a refused call (409, 404, 400), else a general one. */
export function errorMessage(err: unknown): string {
  return err instanceof ApiError && err.body?.message ? err.body.message : 'Operation has failed';
}
