import { type StartupData, errorEndpoints } from '@sapwood/contracts';
import { call } from './api';
import { CLIENT_VERSION } from './versionNotice';

/** At most this many reports per page load (a render loop must not flood the server). */
const MAX_REPORTS = 10;
type SentryModule = typeof import('@sentry/react');
/** the SDK once loaded and started (its own chunk: loaded only where a service is named) */
let sentry: SentryModule | null = null;
let starting = false;
let sent = 0;
const seen = new Set<string>();

/**
 * Where the web app's crashes go (issue 35): to the error-reporting service when the start-up data names one
 * (SENTRY_DSN), except on localhost (spec part 1 §9), with full trace sampling; else to the server, which keeps
 * them for the Errors screen. Called once the start-up data is known; until then crashes go to the server.
 */
export function startErrorReporting(startup: StartupData): void {
  const service = startup.errorReporting;
  if (!service || starting || location.hostname === 'localhost') return;
  starting = true;
  void import('@sentry/react').then((S) => {
    S.init({
      dsn: service.dsn,
      environment: service.environment,
      release: CLIENT_VERSION,
      tracesSampleRate: 1.0,
      integrations: [S.browserTracingIntegration()],
    });
    if (startup.userId) S.setUser({ id: String(startup.userId) });
    sentry = S;
    // where the page's crashes go now (the tests wait for it)
    document.documentElement.dataset.errorReporting = 'service';
  }, () => {
    starting = false;
  });
}

/** Whether an error is noise rather than a crash (a cancelled call, the browser's resize-observer note). */
function isNoise(err: unknown): boolean {
  if (err instanceof DOMException && err.name === 'AbortError') return true;
  const message = err instanceof Error ? err.message : String(err);
  return message.includes('ResizeObserver loop');
}

/**
 * Reports a crash: the error's message and stack, the screen's path (never its query string) and the app's
 * version; the server adds the signed-in user. Never throws.
 */
export function reportCrash(err: unknown, viaGlobalHandler = false): void {
  if (isNoise(err)) return;
  if (sentry) {
    // the SDK's own handlers catch the uncaught ones
    if (!viaGlobalHandler) sentry.captureException(err);
    return;
  }
  const e = err instanceof Error ? err : new Error(typeof err === 'string' ? err : 'Unknown error');
  const message = (e.message || e.name || 'Error').slice(0, 2000);
  const stack = (e.stack ?? '').slice(0, 20_000);
  const key = `${message}|${stack.slice(0, 300)}`;
  if (seen.has(key) || sent >= MAX_REPORTS) return;
  seen.add(key);
  sent += 1;
  void call(errorEndpoints.report, { message, stack, screen: location.pathname.slice(0, 500), appVersion: CLIENT_VERSION.slice(0, 50) }).catch(() => undefined);
}

/** The uncaught errors and unhandled rejections of the page are reported too. */
export function installCrashHandlers(): void {
  window.addEventListener('error', (ev) => reportCrash(ev.error ?? ev.message, true));
  window.addEventListener('unhandledrejection', (ev) => reportCrash(ev.reason, true));
}
