// Diagnostic (not a benchmark), issue 36: where the time of bench:web's list actions goes. For each action (navigation,
// Next page, search) the API requests it caused (start → end and time to first byte, ms from the action), the main
// thread's work (CDP Performance metrics) and when the new rows appeared. Over BENCH_KEEP_DB (sapwood_bench_lists).
//   npx tsx bench/web-probe.ts            PROBE_LIST=/leafs (one list)  BENCH_WEB_ROUNDS=3
//   PROBE_ALL=1 every request (assets too); PROBE_PROFILE=1 a CPU profile of each action (self and total ms by
//   function; build the web app with --minify false for names); PROBE_FN=name the stacks through one function;
//   PROBE_DOM=1 the mounted dropdowns and portals after navigation. BENCH_WEB_DIST and FILES_DIR as bench:web takes them.
import type { Page, Request } from 'playwright-core';
import { launchBrowser, signInThroughUi } from '../tests/support/browser';
import { keptDatabase } from './bench-db';
import { BENCH_ADMIN, startBenchServer } from './bench-server';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_WEB_ROUNDS ?? 3);
const log = (s: string) => console.log(s);

async function timed(page: Page, table: string, before: string | null, label: string, act: () => Promise<unknown>) {
  const reqs: { r: Request; start: number; end?: number }[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const m0 = await metrics();
  const profile = process.env.PROBE_PROFILE === '1';
  if (profile) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start'); }
  const t0 = performance.now();
  const onReq = (r: Request) => { if (process.env.PROBE_ALL || r.url().includes('/api/')) reqs.push({ r, start: performance.now() - t0 }); };
  const onDone = (r: Request) => { const x = reqs.find((q) => q.r === r); if (x) x.end = performance.now() - t0; };
  page.on('request', onReq);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  // in the page's own clock: the input event (the click's press, the Enter), the API requests, the rows in the DOM
  // (a string: tsx would wrap a named function in a helper the page lacks)
  await page.evaluate(`delete window.probeInput;
    for (const type of ['pointerdown', 'keydown']) addEventListener(type, (e) => { window.probeInput ??= e.timeStamp; }, { capture: true, once: true });`);
  await act();
  const acted = performance.now() - t0;
  const inPage = await page.waitForFunction(([sel, old]) => {
    const row = document.querySelector(`[data-testid="${sel}"] tbody tr[data-row-id]`);
    return !!row && row.getAttribute('data-row-id') !== old ? performance.now() : 0;
  }, [table, before] as const, { timeout: 30_000, polling: 'raf' }).then((h) => h.jsonValue());
  const rows = performance.now() - t0;
  const timeline = await page.evaluate((shown) => {
    const input = (window as unknown as { probeInput?: number }).probeInput;
    if (input === undefined) return '';
    const api = performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/') && r.startTime >= input) as PerformanceResourceTiming[];
    return `from the input event: ${api.map((r) => `${new URL(r.name).pathname} ${(r.startTime - input).toFixed(0)} → ${(r.responseEnd - input).toFixed(0)}`).join(', ')}; rows at ${(shown - input).toFixed(0)}`;
  }, inPage);
  const m1 = await metrics();
  if (profile) summarize(label, (await cdp.send("Profiler.stop")).profile as Prof);
  const d = (k: string) => ((m1[k] - m0[k]) * 1000).toFixed(0);
  log(`  ${label} main thread ms: cpu ${d('ThreadTime')} (renderer ${d('ProcessTime')}) task ${d('TaskDuration')} script ${d('ScriptDuration')} layout ${d('LayoutDuration')} style ${d('RecalcStyleDuration')} (layouts ${m1.LayoutCount - m0.LayoutCount}, style recalcs ${m1.RecalcStyleCount - m0.RecalcStyleCount}, nodes ${m1.Nodes})`);
  await cdp.detach();
  await page.waitForTimeout(300);
  page.off('request', onReq);
  page.off('requestfinished', onDone);
  page.off('requestfailed', onDone);
  log(`  ${label}: rows at ${rows.toFixed(0)} ms (action returned at ${acted.toFixed(0)}); in the page, ${timeline}`);
  for (const q of reqs) {
    const timing = q.r.timing();
    const u = new URL(q.r.url());
    log(`    ${q.start.toFixed(0).padStart(5)} → ${(q.end ?? NaN).toFixed(0).padStart(5)}  ttfb ${timing.responseStart.toFixed(0).padStart(4)}  ${q.r.method()} ${u.pathname}${u.search.slice(0, 120)}`);
  }
}

type Prof = { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[]; samples: number[]; timeDeltas: number[] };
function summarize(label: string, p: Prof) {
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number) => { const f = byId.get(id)!.callFrame; return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`; };
  const selfBy = new Map<string, number>();
  const totalBy = new Map<string, number>();
  for (const [id, ms] of self) {
    selfBy.set(name(id), (selfBy.get(name(id)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) { const k = name(x); if (!seen.has(k)) { seen.add(k); totalBy.set(k, (totalBy.get(k) ?? 0) + ms); } }
  }
  const fn = process.env.PROBE_FN;
  if (fn) {
    const stacks = new Map<string, number>();
    for (const [id, ms] of self) {
      const chain: string[] = [];
      for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) chain.push(name(x));
      const at = chain.findIndex((c) => c.startsWith(`${fn} `));
      if (at < 0) continue;
      const k = chain.slice(at, at + 40).filter((c) => !/index-.*\.js/.test(c)).slice(0, 14).join(' < ');
      stacks.set(k, (stacks.get(k) ?? 0) + ms);
    }
    log([...stacks].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `   ${v.toFixed(0)}: ${k}`).join('\n'));
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `      ${v.toFixed(0).padStart(6)} ${k}`).join('\n');
  log(`   ${label} self:\n${top(selfBy, 25)}\n   ${label} total:\n${top(new Map([...totalBy].filter(([k]) => !/index-\S*\.js/.test(k))), 60)}`);
}

const firstRowId = (page: Page, table: string) =>
  page.getByTestId(table).locator('tbody tr[data-row-id]').first().getAttribute('data-row-id', { timeout: 30_000 });

async function main() {
  const { url } = await keptDatabase(SERVER_URL, process.env.BENCH_KEEP_DB ?? 'sapwood_bench_lists');
  const { BENCH_WEB_DIST, FILES_DIR } = process.env;
  const server = await startBenchServer(url, { ...(BENCH_WEB_DIST ? { WEB_DIST: BENCH_WEB_DIST } : {}), ...(FILES_DIR ? { FILES_DIR } : {}) });
  const browser = await launchBrowser({ reducedMotion: false });
  try {
    const page = await (await browser.newContext()).newPage();
    await signInThroughUi(page, server.url, BENCH_ADMIN);
    const only = process.env.PROBE_LIST;
    const lists = [
      { path: '/leafs', table: 'leafs-table', search: 'L0' },
      { path: '/carbohydrates', table: 'grouped-table', search: 'C0' },
      { path: '/carbohydrates?tab=results', table: 'results-table', search: 'C0' },
    ].filter((l) => !only || l.path === only);
    for (const l of lists) {
      for (let r = 0; r < ROUNDS; r++) {
        log(`${l.path} round ${r}`);
        await page.goto(`${server.url}/`);
        await timed(page, l.table, null, 'navigation', () => page.goto(`${server.url}${l.path}`));
        const first = await firstRowId(page, l.table);
        if (process.env.PROBE_DOM) log(await page.evaluate(() => {
          const portals = [...document.querySelectorAll('[data-portal]')].map((p) => p.innerHTML.slice(0, 300));
          const floating = [...document.querySelectorAll('[class*="dropdown"], [class*="Tooltip-tooltip"], [class*="Popover"]')].map((e) => `${e.className} ${e.getAttribute('style')}`.slice(0, 200));
          return JSON.stringify({ portals, floating, nodes: document.getElementsByTagName('*').length }, null, 1);
        }));
        await timed(page, l.table, first, 'next page', () => page.locator('[aria-label="Pages"]').getByRole('button', { name: '2', exact: true }).click());
        const second = await firstRowId(page, l.table);
        const box = page.getByLabel('Search', { exact: true });
        await box.fill(`${l.search}${r}`);
        await timed(page, l.table, second, 'search', () => box.press('Enter'));
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
