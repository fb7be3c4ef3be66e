import { ApiError } from './api';

/** The per-field messages of a 400 answer, by field name (empty for any other error). */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || err.status !== 400) return {};
  return Object.fromEntries((err.body?.fields ?? []).map((f) => [f.field.split('.')[0], f.message]));
}

/** A message fit for a snack: the server's words for 4xx answers, a generic one otherwise. */
export function errorMessage(err: unknown, fallback = 'Operation has failed'): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message) {
    return err.body?.fields?.[0]?.message ?? err.message;
  }
  return fallback;
}
