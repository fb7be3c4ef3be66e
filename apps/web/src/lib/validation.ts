import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from './api';
import { notify } from './notify';

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

/**
 * A form's submit: validates with the contract's schema (messages shown after the first submit), then
 * sends; a 400 shows the server's field messages, any other failure a snack. `send` resolves when saved.
 */
export function useFormSubmit(schema: z.ZodType, input: unknown, send: () => Promise<unknown>) {
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = submitted ? { ...serverErrors, ...fieldErrors(schema, input) } : {};
  async function submit() {
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(fieldErrors(schema, input)).length) return;
    try {
      await send();
      notify.success('success');
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields) setServerErrors(fields);
      else notify.error(errorMessage(err));
    }
  }
  return { errors, submit };
}
