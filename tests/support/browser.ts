import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page, chromium } from 'playwright-core';

/**
 * Debian's headless shell of Chromium (package chromium-headless-shell): the same engine as /usr/bin/chromium without
 * the full browser around it, about a quarter less CPU per test (ADR 0236); /usr/bin/chromium where it is absent.
 */
const CHROMIUM = process.env.CHROMIUM_PATH
  ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path))
  ?? '/usr/bin/chromium-headless-shell';

/**
 * Debian's Chromium, headless, with the flags that work as root on a closed network. Its pages ask for reduced motion
 * (every context, unless a test's own options say otherwise), as a user's system can: the app then opens and closes
 * dialogs, menus and snacks without transitions (theme.ts), so a test neither waits for them nor has Chromium paint
 * their frames (ADR 0243). `reducedMotion: false` (the benchmarks) keeps the transitions a user sees by default.
 */
export async function launchBrowser(o: { reducedMotion?: boolean } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium-headless-shell`);
  const browser = await launch();
  if (o.reducedMotion === false) return browser;
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options = {}) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
    ],
  });
}

/** Fails the test on any uncaught page error. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/**
 * Signs in through the API in the page's own browser context (its cookie jar keeps the session), then opens `path`:
 * for tests not about the sign-in screen, which skip loading it (ADR 0236). Throws, naming the answer, when the
 * server does not answer Success.
 */
export async function signIn(page: Page, baseUrl: string, creds: { email: string; password: string }, path = '/') {
  const response = await page.request.post(`${baseUrl}/api/auth/login`, { data: { email: creds.email, password: creds.password } });
  const answer = await response.text();
  if (response.status() !== 200 || answer !== JSON.stringify('Success')) {
    throw new Error(`signing in as ${creds.email} answered ${response.status()} ${answer}`);
  }
  await page.goto(`${baseUrl}${path}`);
}

/**
 * A file's pages from one browser context, one test's page at a time (ADR 0236). Each new page closes the context's pages
 * before (tabs the app opened too) and clears the context's cookies and the server's local storage, so it starts signed out with nothing stored,
 * as a page in a new context does; a page kept open on the server's /healthz keeps Chromium's renderer process and
 * compiled scripts for it, which about halves the CPU of opening a page. A test that needs two pages at once, or
 * another user beside the first, takes the second from `browser.newPage()`.
 */
export class PagePool {
  private context?: BrowserContext;
  private keeper?: Page;

  constructor(private readonly browser: Browser, private readonly baseUrl: string, private readonly options: BrowserContextOptions = {}) {}

  async newPage(): Promise<Page> {
    if (this.context && this.keeper) {
      const keeper = this.keeper;
      await Promise.all(this.context.pages().filter((p) => p !== keeper).map((p) => p.close()));
    } else {
      const context = await this.browser.newContext(this.options);
      // a test that closes the context gets a new one with its next page
      context.on('close', () => { if (this.context === context) this.context = this.keeper = undefined; });
      this.context = context;
      this.keeper = await context.newPage();
      await this.keeper.goto(`${this.baseUrl}/healthz`);
    }
    await this.context.clearCookies();
    await this.keeper.evaluate(() => localStorage.clear());
    return this.context.newPage();
  }
}

/** Signs in through the real sign-in screen. */
export async function signInThroughUi(page: Page, baseUrl: string, creds: { email: string; password: string }, path = '/') {
  await page.goto(`${baseUrl}/login?ReturnUrl=${encodeURIComponent(path)}`);
  await page.getByTestId('login-email').fill(creds.email);
  await page.getByTestId('login-password').fill(creds.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === path.split('?')[0]);
}

/**
 * Whether a form field shows its red ring (Mantine marks invalid inputs with aria-invalid, and the
 * password input with data-invalid).
 */
export function isMarkedInvalid(field: Locator): Promise<boolean> {
  return field.evaluate((el) => el.getAttribute('aria-invalid') === 'true' || el.hasAttribute('data-invalid'));
}
