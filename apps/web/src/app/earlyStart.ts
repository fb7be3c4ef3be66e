import type { EarlyScreen } from '../lib/screens';
import { probablySignedIn } from '../lib/signedInHint';

/** every feature's `early.ts`, each its own small chunk (the sign-in page downloads none of them) */
const EARLY = Object.values(import.meta.glob<{ early: EarlyScreen }>('../features/*/early.ts'));

/**
 * A page load of a signed-in screen: what used to wait on one another starts at once (issue 36, ADR 0229, 0242).
 * The signed-in app's code loaded only once the session had answered, the screen's only once that code ran, and
 * the screen's list only once the screen was drawn: three waits in a row before the first rows. Now the screen's
 * first list's request leaves first (its module and the contract it names are small), then the screen's and the
 * signed-in app's code load, whose evaluation would otherwise hold the request back; the session's request is
 * sent beside them (main.tsx). The list's answer waits for the screen's query (lib/earlyRequests.ts). The sign-in
 * pages start nothing (their budget, ADR 0170), nor does a browser whose last start-up answer said nobody is
 * signed in (a visitor who is sent to sign-in loads no signed-in code).
 */
export function startEarly(where: { pathname: string; search: string }): void {
  if (where.pathname === '/login' || where.pathname === '/token' || !probablySignedIn()) return;
  const params = new URLSearchParams(where.search);
  // a failure is the screen's to tell (lazyScreen: its time-out and Retry)
  const starts = EARLY.map((load) => load().then(({ early }) => {
    if (early.path === where.pathname) early.start(params);
  }, () => undefined));
  void Promise.all(starts).then(() => import('./SignedInApp')).catch(() => undefined);
}
