// npm run bench:carbohydrates — the carbohydrate results screen over a million results on the
// PostgreSQL server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
// A fresh database is created, migrated by the app itself (a real server process), loaded, measured
// and dropped again. Only 127.0.0.1 is spoken to.
import { readFileSync } from 'node:fs';
import { type JobData, MAX_PAGE_SKIP, carbohydratesEndpoints as ep, labEndpoints as labEp } from '@sapwood/contracts';
import { createServerDatabase } from '../tests/support/database';
import type { ServerProcess } from '../tests/support/process';
import { keptDatabase } from './bench-db';
import { BenchClient, seekTo, startBenchServer } from './bench-server';
import { JOBS, SAMPLES_PER_JOB, countData, loadData, loadDialogJob } from './carbohydrates-data';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENCY = 20;
const DIALOG_ROWS = 500;
const REQUESTS = 400;
const log = (s: string) => console.log(s);
let api: BenchClient | undefined;
const request = (method: 'GET' | 'POST', path: string, body?: unknown) => {
  if (!api) throw new Error('the server is not started');
  return api.request(method, path, body);
};

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** REQUESTS calls over CONCURRENCY connections (after a warm-up of 3 calls a connection); answers p50 and p95 in ms. */
async function measure(path: string, body: (i: number) => unknown, n = REQUESTS, concurrency = CONCURRENCY) {
  let warm = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (warm < 3 * concurrency) await request('POST', path, body(100_000 + warm++));
  }));
  const times: number[] = [];
  let next = 0;
  let rows = 0;
  let total = '';
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) {
      const i = next++;
      const t = performance.now();
      const r = await request('POST', path, body(i));
      times.push(performance.now() - t);
      if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${r.text.slice(0, 200)}`);
      if (i === 0) {
        const j = JSON.parse(r.text) as { rows: unknown[]; total: number; estimated: boolean };
        rows = j.rows.length;
        total = `${j.estimated ? '≈' : ''}${j.total}`;
      }
    }
  }));
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), rows, total };
}

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Excel: ~100,000 rows (one crop), streamed; the server process's RSS sampled every 20 ms. */
async function measureExcel(pid: number, excelRows: number): Promise<string> {
  const base = rssOf(pid);
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const t = performance.now();
  const xl = await request('GET', `${ep.pagedexcel.path}?cropId=1`);
  const excelMs = performance.now() - t;
  clearInterval(timer);
  peak = Math.max(peak, rssOf(pid));
  return `Excel pagedexcel, ~${Math.round(excelRows)} rows: ${(excelMs / 1000).toFixed(2)} s, ${(xl.bytes / 1e6).toFixed(1)} MB, server RSS growth ${((peak - base) / 1e6).toFixed(0)} MB (from ${(base / 1e6).toFixed(0)} MB)`;
}

async function main() {
  const started = Date.now();
  const kept = process.env.BENCH_KEEP_DB;
  const { url, drop, loaded } = kept ? await keptDatabase(SERVER_URL, kept) : { ...(await createServerDatabase(SERVER_URL)), loaded: false };
  let server: ServerProcess | null = null;
  try {
    log(`database ${new URL(url).pathname.slice(1)}; starting the app (it runs the migrations)…`);
    server = await startBenchServer(url);
    api = new BenchClient(server.url, CONCURRENCY);
    if (!loaded) log(`loading ${JOBS} jobs × ${SAMPLES_PER_JOB} samples…`);
    const counts = loaded ? await countData(url) : await loadData(url, log);
    log(`  ${counts.entries} entries, ${counts.results} results, loaded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    await api.signIn();

    const lines: string[] = [];
    // Each scenario: 20 connections (the target), then one connection (the cost of one call alone).
    // BENCH_ONLY=<regular expression>: only the list scenarios whose name matches, and no Excel or save (for profiling).
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    const report = (name: string, r: { p50: number; p95: number; rows: number; total: string }, alone: { p50: number }) => {
      const line = `${name.padEnd(58)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   (1 connection p50 ${alone.p50.toFixed(1)} ms)   rows ${r.rows}, total ${r.total}${r.p95 < 100 ? '' : '   ** over 100 ms **'}`;
      lines.push(line);
      log(line);
    };
    const scenario = async (name: string, path: string, body: (i: number) => unknown, n = REQUESTS) => {
      if (!only || only.test(name)) report(name, await measure(path, body, n), await measure(path, body, 40, 1));
    };
    const client = (i: number) => `client ${String((i * 37) % 2000).padStart(4, '0')}`;
    const deepPage = Math.floor((counts.results / 20) / 2);
    for (const [name, e] of [['paged', ep.paged], ['pagedgroupedlocation', ep.pagedgroupedlocation]] as const) {
      await scenario(`${name}: page 1`, e.path, () => ({ page: 1, rowsPerPage: 20 }));
      const at = await seekTo((body) => request('POST', e.path, body), deepPage, 20, MAX_PAGE_SKIP);
      const anchor = { page: deepPage, first: at.firstKey, last: at.lastKey };
      await scenario(`${name}: deep page ${deepPage + 1} (next/previous from ${deepPage})`, e.path, (i) => ({ page: i % 2 ? deepPage + 1 : deepPage - 1, rowsPerPage: 20, anchor }));
      await scenario(`${name}: deep page ${deepPage} again (a refresh, its own anchor)`, e.path, () => ({ page: deepPage, rowsPerPage: 20, anchor }));
      const p1 = JSON.parse((await request('POST', e.path, { page: 1, rowsPerPage: 20 })).text) as { firstKey: string; lastKey: string; total: number };
      const lastPage = Math.ceil(p1.total / 20);
      await scenario(`${name}: last page ${lastPage} (the pager's Last, from page 1)`, e.path, () => ({ page: lastPage, rowsPerPage: 20, anchor: { page: 1, first: p1.firstKey, last: p1.lastKey } }));
      await scenario(`${name}: search text ('client 0nnn')`, e.path, (i) => ({ page: 1, rowsPerPage: 20, search: client(i) }));
      await scenario(`${name}: search text page 3 ('client 0nnn', 20 a page)`, e.path, (i) => ({ page: 3, rowsPerPage: 20, search: client(i) }));
      await scenario(`${name}: filters crop + growth stage`, e.path, (i) => ({ page: 1, rowsPerPage: 20, cropId: 1 + (i % 10), cropGrowthId: 1 + (i % 10) * 6 + (i % 6) }));
      await scenario(`${name}: filters crop + client + block`, e.path, (i) => ({ page: 1, rowsPerPage: 20, cropId: 1 + (i % 10), client: 'client 1', fieldBlockNumber: 'b3' }));
      await scenario(`${name}: sorted by sample number, page 2 of 100 rows`, e.path, () => ({ page: 2, rowsPerPage: 100, sortBy: 'sampleNumber' }));
      // a page typed deeper than this is refused (ADR 0080): this is the deepest a typed page reads by OFFSET
      const typed = MAX_PAGE_SKIP / 20 + 1;
      await scenario(`${name}: (info) page ${typed} typed, no anchor (OFFSET ${MAX_PAGE_SKIP})`, e.path, () => ({ page: typed, rowsPerPage: 20 }), 60);
    }

    if (only) return;
    const excelLine = await measureExcel(server.child.pid ?? 0, counts.results / 10);
    lines.push(excelLine);
    log(excelLine);

    // 500-row results save: the job card results dialog's Submit, POST /api/lab/updateresults with
    // every row changed (one transaction, 500 version checks and 500 audit records), five times.
    const jobId = await loadDialogJob(url, DIALOG_ROWS);
    const saves: number[] = [];
    for (let round = 0; round < 5; round++) {
      const open = JSON.parse((await request('POST', labEp.jobData.path, { id: jobId })).text) as JobData;
      const entries = open.testCarbohydrateLabResults.map((r, i) => ({
        id: r.id, rowVersion: r.rowVersion, sugar: 4 + ((i + round) % 7) / 3, starch: 9 + ((i + round) % 5) / 2, na: false,
      }));
      if (entries.length !== DIALOG_ROWS) throw new Error(`the dialog has ${entries.length} rows`);
      const t0 = performance.now();
      const r = await request('POST', labEp.updateResults.path, { jobId, entries, reason: round ? 'benchmark: values measured again' : undefined });
      saves.push(performance.now() - t0);
      if (r.status !== 200) throw new Error(`updateresults answered ${r.status}: ${r.text.slice(0, 200)}`);
    }
    saves.sort((a, b) => a - b);
    const saveLine = `500-row results save (POST ${labEp.updateResults.path}): median ${saves[2].toFixed(0)} ms, max ${saves[4].toFixed(0)} ms`;
    lines.push(saveLine);
    log(saveLine);
    log(`\ntotal run time ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await server?.stop();
    api?.close();
    await drop();
    if (!kept) log('benchmark database dropped');
  }
}

await main();
