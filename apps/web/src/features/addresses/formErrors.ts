import type { z } from 'zod';
import { ApiError } from '../../lib/api';

export type FieldErrors = Record<string, string>;

/** The first message per field of a failed check, e.g. { name: 'Name required' }. */
export function fieldErrors(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's field messages of a 400 answer, in the same shape. */
export function serverFieldErrors(err: unknown): FieldErrors | null {
  if (!(err instanceof ApiError) || err.status !== 400 || !err.body?.fields) return null;
  const errors: FieldErrors = {};
  for (const f of err.body.fields) errors[f.field] ??= f.message;
  return errors;
}
