// npm run bench:web — the browser's side over a million rows (issue 36): Chromium (playwright-core) on the app as
// `npm start` serves it (production, the built web app), over the database `npm run bench:lists` loads
// (BENCH_KEEP_DB names it; loaded here when missing). Prints medians of BENCH_WEB_ROUNDS (5):
// - navigation to rows: from going to /leafs or /carbohydrates (signed in) to the first rows painted
//   (target under 500 ms); /carbohydrates opens on its grouped tab (GROUPED BY LOCATION), its plain list is
//   measured too (?tab=results);
// - the next page and a search: from the click or Enter to the new rows painted (target under 300 ms);
// - typing into the manual grid of a 500-sample Manual submission (opened from Waiting for Lab): the delay from
//   each key press to the frame that shows it, measured inside the page (target p95 under 50 ms);
// - the sign-in page's JavaScript and CSS as transferred (web.dev's budget: 170 KB).
// Times are read around playwright's waits (a few ms of the DevTools protocol each), except the typing delays.
// BENCH_WEB_ONLY=typing runs the typing part alone (no lists, no sign-in transfer), BENCH_WEB_ONLY=lists all but it; BENCH_WEB_DIST serves another
// build of the web app (WEB_DIST: to compare two builds in the same conditions, run alternately); FILES_DIR is
// passed on to the server (a kept database remembers the file store of the checkout that loaded it).
import type { Page } from 'playwright-core';
import { launchBrowser, signInThroughUi } from '../tests/support/browser';
import { createServerDatabase } from '../tests/support/database';
import { keptDatabase } from './bench-db';
import { BENCH_ADMIN, BenchClient, startBenchServer } from './bench-server';
import { countCaptures, loadCaptures } from './captures-data';
import { countData, loadData } from './carbohydrates-data';
import { median, pct } from './load-round';
import { TYPED_SAMPLES, manualSubmission, openManualEntry, typingDelays } from './web-typing';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_WEB_ROUNDS ?? 5);
/** rows typed into (a figure of four characters each, then Enter to the row below) */
const TYPED_ROWS = Number(process.env.BENCH_TYPED_ROWS ?? 60);
const ONLY_TYPING = process.env.BENCH_WEB_ONLY === 'typing';
const ONLY_LISTS = process.env.BENCH_WEB_ONLY === 'lists';
const log = (s: string) => console.log(s);

const firstRowId = (page: Page, table: string) =>
  page.getByTestId(table).locator('tbody tr[data-row-id]').first().getAttribute('data-row-id', { timeout: 30_000 });

/** ms from `act` until the table's first row is another than `before` (or any, when null) */
async function untilRows(page: Page, table: string, before: string | null, act: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await act();
  await page.waitForFunction(([sel, old]) => {
    const row = document.querySelector(`[data-testid="${sel}"] tbody tr[data-row-id]`);
    return !!row && row.getAttribute('data-row-id') !== old;
  }, [table, before] as const, { timeout: 30_000, polling: 'raf' }).catch(async (err: unknown) => {
    const shown = await page.evaluate(() => document.body.innerText.slice(0, 400)).catch(() => '');
    throw new Error(`no new rows on ${page.url()} (${String(err).split('\n')[0]}); the page shows: ${shown}`);
  });
  return performance.now() - t;
}

/** The sign-in page's JavaScript and CSS as transferred: in all, and their bodies alone (without the HTTP headers). */
async function signInTransfer(page: Page, url: string): Promise<{ total: number; bodies: number }> {
  const sizes = new Map<string, number>();
  const headers = new Map<string, number>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map<string, string>();
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.response.mimeType);
    // over HTTP/1.1 the bytes received when the headers are in: the headers
    headers.set(e.requestId, e.response.encodedDataLength);
  });
  cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
  await cdp.detach();
  const assets = [...sizes].filter(([id]) => /javascript|css/.test(types.get(id) ?? ''));
  return {
    total: assets.reduce((n, [, b]) => n + b, 0),
    bodies: assets.reduce((n, [id, b]) => n + b - (headers.get(id) ?? 0), 0),
  };
}

/** The typing delays in a 500-row manual grid, BENCH_WEB_ROUNDS rounds on fresh submissions: medians of p50 and p95. */
async function typing(page: Page, base: string, dbUrl: string) {
  const client = new BenchClient(base, 1);
  const p50: number[] = [];
  const p95: number[] = [];
  try {
    await client.signIn();
    for (let r = 0; r < ROUNDS; r++) {
      const sub = await manualSubmission(dbUrl, client);
      await openManualEntry(page, base, sub);
      await page.keyboard.press('Tab'); // from Lab Number to the first value
      // N figures within its usual range (0.5–7 %): one outside asks before its row saves, and the keys after it
      // would land in that question instead of the grid
      const keys = Array.from({ length: TYPED_ROWS }, (_, i) => [...`${1 + (i % 6)}.${String(10 + (i % 90))}`, 'Enter']).flat();
      const delays = (await typingDelays(page, keys)).sort((a, b) => a - b);
      p50.push(pct(delays, 50));
      p95.push(pct(delays, 95));
    }
  } catch (err) {
    log(`typing: stopped after ${p95.length} rounds: ${String(err).slice(0, 300)}`);
  } finally {
    client.close();
  }
  const m = (xs: number[]) => (xs.length ? median(xs).toFixed(1) : '–');
  log(`\ntyping into a ${TYPED_SAMPLES}-row manual grid (${TYPED_ROWS * 4} key presses a round, ms from key press to painted frame; target p95 < 50):`);
  log(`  p50 ${m(p50)}   p95 ${m(p95)}   (medians of ${p95.length} rounds; each round's p95: ${p95.map((x) => x.toFixed(1)).join(', ')})`);
}

/** BENCH_WEB_DIST as the server's WEB_DIST; FILES_DIR passed on (a kept database loaded from another checkout knows its file store) */
function serverEnv(): Record<string, string> {
  const { BENCH_WEB_DIST, FILES_DIR } = process.env;
  return { ...(BENCH_WEB_DIST ? { WEB_DIST: BENCH_WEB_DIST } : {}), ...(FILES_DIR ? { FILES_DIR } : {}) };
}

async function main() {
  // the web app as npm start serves it, built first when its sources changed (a fresh clone has none)
  await (await import('../scripts/build-server.mjs')).buildWeb();
  const kept = process.env.BENCH_KEEP_DB;
  const { url, drop } = kept ? await keptDatabase(SERVER_URL, kept) : await createServerDatabase(SERVER_URL);
  const server = await startBenchServer(url, serverEnv());
  const browser = await launchBrowser({ reducedMotion: false });
  try {
    if ((await countData(url)).results === 0) await loadData(url, log);
    if ((await countCaptures(url)).captures === 0) await loadCaptures(url, log);
    const page = await (await browser.newContext()).newPage();
    const transfer = ONLY_TYPING ? null : await signInTransfer(page, server.url);
    await signInThroughUi(page, server.url, BENCH_ADMIN);
    if (ONLY_TYPING) return await typing(page, server.url, url);
    const lists = [
      { path: '/leafs', table: 'leafs-table', search: 'L0' },
      // the page opens on its grouped tab; its sample numbers are C0000001…
      { path: '/carbohydrates', table: 'grouped-table', search: 'C0' },
      { path: '/carbohydrates?tab=results', table: 'results-table', search: 'C0' },
    ];
    log(`\nbrowser figures, medians of ${ROUNDS} (ms; targets: navigation < 500, next page and search < 300):`);
    log(`${'list'.padEnd(28)}${'navigation'.padStart(12)}${'next page'.padStart(12)}${'search'.padStart(12)}`);
    for (const l of lists) {
      const nav: number[] = [];
      const next: number[] = [];
      const search: number[] = [];
      try {
        for (let r = 0; r < ROUNDS; r++) {
          await page.goto(`${server.url}/`);
          nav.push(await untilRows(page, l.table, null, () => page.goto(`${server.url}${l.path}`)));
          const first = await firstRowId(page, l.table);
          next.push(await untilRows(page, l.table, first, () => page.locator('[aria-label="Pages"]').getByRole('button', { name: '2', exact: true }).click()));
          const second = await firstRowId(page, l.table);
          const box = page.getByLabel('Search', { exact: true });
          await box.fill(`${l.search}${r}`);
          search.push(await untilRows(page, l.table, second, () => box.press('Enter')));
        }
      } catch (err) {
        log(`${l.path}: stopped after ${nav.length} rounds: ${String(err).slice(0, 200)}`);
      }
      const m = (xs: number[]) => (xs.length ? median(xs).toFixed(0) : '–').padStart(12);
      log(`${l.path.padEnd(28)}${m(nav)}${m(next)}${m(search)}`);
    }
    if (!ONLY_LISTS) await typing(page, server.url, url);
    if (transfer) log(`\nsign-in page: ${(transfer.bodies / 1000).toFixed(1)} kB of JavaScript and CSS as sent (brotli bodies; budget 170 kB), ${(transfer.total / 1000).toFixed(1)} kB with the HTTP headers`);
  } finally {
    await browser.close();
    await server.stop();
    if (!kept) await drop();
  }
}

await main();
