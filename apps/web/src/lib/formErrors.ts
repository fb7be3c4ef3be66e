import type { z } from 'zod';
import { ApiError } from './api';

/**
 * A form's messages by field path ('name', 'growths.0.sugar.min'): the first message for each field.
 * The same shape comes from the client's check (`fieldErrors`) and from the server's 400 (`serverFieldErrors`).
 */
export type FieldErrors = Record<string, string>;

/** The client's check with a contract's zod schema, the one the server uses too. */
export function fieldErrors(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/**
 * The field messages of a 400 answer (empty for any other error). A nested field is listed under its
 * whole path and under its top-level name too ('agronomistIds.0' also as 'agronomistIds').
 */
export function serverFieldErrors(err: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(err instanceof ApiError) || err.status !== 400) return errors;
  for (const f of err.body?.fields ?? []) {
    errors[f.field] ??= f.message;
    errors[f.field.split('.')[0]] ??= f.message;
  }
  return errors;
}

/** A failure's snack: the server's words for a 4xx answer (its first field message for a 400), else a general one. */
export function errorMessage(err: unknown, fallback = 'Operation has failed'): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return err.body?.fields?.[0]?.message ?? err.message;
  return fallback;
}
