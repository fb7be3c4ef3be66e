import { hashKey } from '@tanstack/react-query';
import type { EndpointDef, InputOf, OutputOf } from '@sapwood/contracts';
import { call } from './api';
import { queryKeyOf } from './query';

/** How long a request started early waits to be taken: later, the screen asks afresh (its answer may be stale). */
const KEPT_MS = 15_000;

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * Sends an endpoint's request now, before the screen that reads it is drawn: a page load sends the list a screen
 * opens on while it still asks for the session and loads the screen's code (issue 36, ADR 0229). The answer waits
 * here until the screen's own query takes it (`takeEarly`); a 401 is not taken as a sign-out (the session's own
 * answer decides that).
 */
export function startEarly<E extends EndpointDef>(ep: E, input: InputOf<E>): void {
  const answer = call(ep, input, { quietUnauthorized: true });
  answer.catch(() => undefined);
  started.set(hashKey(queryKeyOf(ep, input)), { at: performance.now(), answer });
}

/**
 * The answer of the same request started early (a failed one is asked again, now as the screen's own); undefined
 * when none was started or it waited too long. It stays to be taken until a query that took it is still there when
 * it answers: a table drawn again while its first page loads (its first query cancelled, so React Query asks again)
 * takes the same answer instead of sending the request a second time.
 */
export function takeEarly<E extends EndpointDef>(ep: E, input: InputOf<E>, signal?: AbortSignal): Promise<OutputOf<E>> | undefined {
  const key = hashKey(queryKeyOf(ep, input));
  const early = started.get(key);
  if (!early || performance.now() - early.at > KEPT_MS) {
    started.delete(key);
    return undefined;
  }
  return (early.answer as Promise<OutputOf<E>>).then((answer) => {
    if (!signal?.aborted) started.delete(key);
    return answer;
  }, () => {
    started.delete(key);
    return call(ep, input, { signal });
  });
}
