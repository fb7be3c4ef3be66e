import { errorMessage } from './formErrors';
import { notify, wasTold } from './notify';

/** A call cancelled on purpose (a screen closed, a newer request replaced it): nothing to say. */
export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/**
 * The one way a failed call is told to the user when no form field shows it: a red snack with the server's
 * words for a 4xx answer (its first field message for a 400), else `fallback` ('Operation has failed').
 * A failure the loading overlay already told ('Something went wrong.') is not told twice.
 */
export function reportError(err: unknown, fallback?: string): void {
  if (isAbort(err) || wasTold(err)) return;
  notify.error(errorMessage(err, fallback));
}
