// Diagnostic (not a benchmark), issue 36: where a key press in bench:web's 500-row manual grid spends its time. Types
// as bench:web does (PROBE_ROWS rows, 4 figures and Enter each) under a Chromium performance trace, then prints the
// main thread's work by event over all key presses, and the slowest presses with theirs (ms, inclusive: nested
// events count in each). Over BENCH_KEEP_DB (sapwood_bench_lists); BENCH_WEB_DIST and FILES_DIR as bench:web.
//   BENCH_KEEP_DB=sapwood_bench_lists FILES_DIR=/work/main/data/files npx tsx bench/web-typing-probe.ts
//   PROBE_PLAIN=1 types without a trace and prints the delays by the character's place in its row.
//   PROBE_TRACE=file.json keeps the trace (DevTools' Performance panel); PROBE_CATEGORIES the trace's categories
//   (default devtools.timeline,disabled-by-default-v8.gc; add toplevel for the tasks). Tracing slows the page: its
//   delays are not bench:web's. PROBE_PROFILE=1 a CPU profile instead (PROBE_FN=a,b: those functions' callers).
import { writeFileSync } from 'node:fs';
import { launchBrowser, signInThroughUi } from '../tests/support/browser';
import { keptDatabase } from './bench-db';
import { BENCH_ADMIN, BenchClient, startBenchServer } from './bench-server';
import { manualSubmission, openManualEntry, typingDelays } from './web-typing';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.PROBE_ROWS ?? 30);
const CATEGORIES = (process.env.PROBE_CATEGORIES ?? 'devtools.timeline,disabled-by-default-v8.gc').split(',');

interface Ev { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { data?: { type?: string; frame?: string } } }

function byName(events: Ev[], from: number, to: number) {
  const out = new Map<string, number>();
  for (const e of events) {
    if (e.ts < from || e.ts > to || !e.dur) continue;
    const name = e.name === 'EventDispatch' ? `EventDispatch:${e.args?.data?.type}` : e.name;
    out.set(name, (out.get(name) ?? 0) + e.dur / 1000);
  }
  return [...out].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 0.5).map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(', ');
}

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }

/** PROBE_PROFILE=1: a CPU profile of the typing instead of the trace, self ms by function (a build with --minify false names them) */
async function profiled(page: import('playwright-core').Page, keys: string[]) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const delays = await typingDelays(page, keys);
  const { profile } = await cdp.send('Profiler.stop') as unknown as { profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] } };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const total = new Map<string, number>();
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const name = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    total.set(name, (total.get(name) ?? 0) + (self.get(n.id) ?? 0));
  }
  console.log(`${delays.length} presses; self ms by function:`);
  for (const [n, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${ms.toFixed(1).padStart(8)}  ${n}`);
  // PROBE_FN=a,b: the stacks (6 callers) through which those functions spent their time
  const parent = new Map<number, Node>();
  const inclusive = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const incl = (n: Node): number => inclusive.get(n.id) ?? (inclusive.set(n.id, (self.get(n.id) ?? 0) + (n.children ?? []).reduce((a, c) => a + incl(byId.get(c)!), 0)), inclusive.get(n.id)!);
  for (const fn of (process.env.PROBE_FN ?? '').split(',').filter(Boolean)) {
    const stacks = new Map<string, number>();
    for (const n of profile.nodes) {
      if (n.callFrame.functionName !== fn || (parent.get(n.id)?.callFrame.functionName === fn)) continue;
      const chain: string[] = [];
      for (let p = parent.get(n.id), k = 0; p && k < 6; p = parent.get(p.id), k++) chain.push(`${p.callFrame.functionName || '(anon)'}:${p.callFrame.lineNumber}`);
      const key = chain.join(' < ');
      stacks.set(key, (stacks.get(key) ?? 0) + incl(n));
    }
    console.log(`\n${fn} (inclusive ms) by callers:`);
    for (const [k, ms] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${ms.toFixed(1).padStart(8)}  ${k}`);
  }
}

/** the delays by the character's place in its row's figure (the first follows Enter: the row below, the save of the row left) */
function byPlace(delays: number[]) {
  const q = (d: number[], p: number) => d[Math.min(d.length - 1, Math.floor(d.length * p))]?.toFixed(1);
  const all = [...delays].sort((a, b) => a - b);
  const at = (k: number) => delays.filter((_, i) => i % 4 === k).sort((a, b) => a - b);
  console.log(`${delays.length} presses p50/p95 ${q(all, 0.5)}/${q(all, 0.95)}; by place in the row: ${[0, 1, 2, 3].map((k) => `${k + 1}: ${q(at(k), 0.5)}/${q(at(k), 0.95)}`).join(', ')}`);
}

async function main() {
  const { url } = await keptDatabase(SERVER_URL, process.env.BENCH_KEEP_DB ?? 'sapwood_bench_lists');
  const { BENCH_WEB_DIST, FILES_DIR } = process.env;
  const server = await startBenchServer(url, { ...(BENCH_WEB_DIST ? { WEB_DIST: BENCH_WEB_DIST } : {}), ...(FILES_DIR ? { FILES_DIR } : {}) });
  const browser = await launchBrowser({ reducedMotion: false });
  const client = new BenchClient(server.url, 1);
  try {
    const page = await (await browser.newContext()).newPage();
    await signInThroughUi(page, server.url, BENCH_ADMIN);
    await client.signIn();
    const sub = await manualSubmission(url, client);
    await openManualEntry(page, server.url, sub);
    await page.keyboard.press('Tab');
    const keys = Array.from({ length: ROWS }, (_, i) => [...`${1 + (i % 6)}.${String(10 + (i % 90))}`, 'Enter']).flat();
    if (process.env.PROBE_PROFILE === '1') return await profiled(page, keys);
    if (process.env.PROBE_PLAIN === '1') return byPlace(await typingDelays(page, keys));
    await browser.startTracing(page, { categories: CATEGORIES });
    const delays = await typingDelays(page, keys);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Ev[] };
    if (process.env.PROBE_TRACE) writeFileSync(process.env.PROBE_TRACE, JSON.stringify(trace));
    const all = trace.traceEvents;
    const downs = all.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
    const main = downs[0] ? all.filter((e) => e.tid === downs[0].tid && e.pid === downs[0].pid) : [];
    const presses: { key: string; from: number; delay: number | null }[] = [];
    let c = 0;
    downs.forEach((d, i) => presses.push({ key: keys[i], from: d.ts, delay: keys[i]?.length === 1 ? delays[c++] : null }));
    const sorted = [...delays].sort((a, b) => a - b);
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
    console.log(`${delays.length} presses: p50 ${pct(50)} p95 ${pct(95)} max ${pct(100)}; keydowns in trace ${downs.length}`);
    byPlace(delays);
    const first = presses[0]?.from ?? 0;
    const last = (presses.at(-1)?.from ?? 0) + 200_000;
    console.log(`\nall presses (main thread, ms): ${byName(main, first, last)}`);
    console.log(`other threads (ms): ${byName(all.filter((e) => e.tid !== downs[0]?.tid), first, last)}`);
    const slow = presses.map((p, i) => ({ ...p, to: presses[i + 1]?.from ?? p.from + 200_000 })).filter((p) => p.delay !== null).sort((a, b) => b.delay! - a.delay!);
    console.log('\nslowest presses (from this keydown to the next):');
    for (const p of slow.slice(0, 8)) {
      console.log(`  ${p.key} ${p.delay!.toFixed(1)} ms: ${byName(main, p.from, p.to)}`);
      // the tasks of the press, from its keydown: when each started, how long, and what it held
      for (const t of main.filter((e) => e.name.endsWith('RunTask') && e.ts >= p.from - 50_000 && e.ts <= p.from + p.delay! * 1000 && (e.dur ?? 0) > 3000)) {
        console.log(`     +${((t.ts - p.from) / 1000).toFixed(1)} ${(t.dur! / 1000).toFixed(1)} ms: ${byName(main.filter((e) => e !== t), t.ts, t.ts + t.dur!).slice(0, 300)}`);
      }
    }
    console.log('\na median press:');
    const mid = slow[Math.floor(slow.length / 2)];
    if (mid) console.log(`  ${mid.key} ${mid.delay!.toFixed(1)} ms: ${byName(main, mid.from, mid.to)}`);
  } finally {
    client.close();
    await browser.close();
    await server.stop();
  }
}

await main();
