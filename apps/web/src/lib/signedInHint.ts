/** Set while this browser's last start-up answer said someone is signed in (ADR 0242). */
const SIGNED_IN_KEY = 'sapwood.signedIn';

/**
 * Remembers whether the start-up answer said someone is signed in, so that the next page load knows, before it
 * asks, whether starting the signed-in app's code is worth it (app/earlyStart.ts). Not a secret and not a session:
 * a wrong guess only loads code (or does not) ahead of the session's answer, which decides.
 */
export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // storage refused: page loads then wait for the session, as before
  }
}

/** Did this browser's last start-up answer say someone is signed in? */
export function probablySignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}
