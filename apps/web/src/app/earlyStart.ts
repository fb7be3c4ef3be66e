import type { EarlyScreen } from '../lib/screens';

/** every feature's `early.ts`, each its own small chunk (the sign-in page downloads none of them) */
const EARLY = Object.values(import.meta.glob<{ early: EarlyScreen }>('../features/*/early.ts'));

/**
 * A page load of a signed-in screen: what used to wait on one another starts at once (issue 36, ADR 0229). The
 * signed-in app's code loaded only once the session had answered, the screen's only once that code ran, and the
 * screen's list only once the screen was drawn: three waits in a row before the first rows. Now the session's
 * request, the signed-in app's code, the screen's code and its first list's request all start here, before the
 * app is drawn; the list's answer waits for the screen's query (lib/earlyRequests.ts). The sign-in pages start
 * nothing (their budget, ADR 0170); a user not signed in loads code the sign-in page then does not use.
 */
export function startEarly(where: { pathname: string; search: string }): void {
  if (where.pathname === '/login' || where.pathname === '/token') return;
  const params = new URLSearchParams(where.search);
  // first the list's request (its module is small), then the code; a failure is the screen's to tell (lazyScreen:
  // its time-out and Retry)
  for (const load of EARLY) {
    void load().then(({ early }) => {
      if (early.path === where.pathname) early.start(params);
    }, () => undefined);
  }
  import('./SignedInApp').catch(() => undefined);
}
