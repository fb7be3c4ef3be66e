// npm run bench:lists — every million-row list against a bare server, side by side (issue 19). Next to the app
// (a real server process, production mode) a baseline in a process of its own (bench/baseline-server.ts: node:http
// + pg, one prepared statement a page, the same rows) answers the same pages over the same database. Each scenario
// runs interleaved, A B A B A B, and prints req/s and p95 of each with their ratio (target, issue 36: ≥ 0.9× the
// throughput, ≤ 1.15× the p95). BENCH_KEEP_DB=name keeps the loaded database between runs; BENCH_REQUESTS and
// BENCH_ROUNDS change the size of a round and their number (BENCH_LEAF_REQUESTS the /leafs list's alone),
// BENCH_WARM_UP the unmeasured requests to each server before a scenario;
// BENCH_LISTS=carbohydrates,leafs picks the lists and their order (both, carbohydrates first, by default).
import { createServerDatabase } from '../tests/support/database';
import type { ServerProcess } from '../tests/support/process';
import { startBaselineProcess } from './baseline-server';
import { keptDatabase } from './bench-db';
import { BenchClient, startBenchServer } from './bench-server';
import { countCaptures, loadCaptures } from './captures-data';
import { countData, loadData } from './carbohydrates-data';
import { LEAFS_BASE_PATH, LEAFS_PATH, leafScenarios } from './leafs-scenarios';
import { type Scenario, carbohydrateScenarios, checkSameRows } from './list-scenarios';
import { median, round } from './load-round';
import { cpuMs, postgresCpuMs } from './proc-cpu';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENCY = 20;
const SIZE = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
// five rounds: with three, two quiet runs minutes apart flipped /leafs scenarios both ways across the target (medians of three moved ±15 %)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** unmeasured requests to each server before a scenario's rounds: both run their hot code optimized when measured */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 1000);
// the /leafs list answers three times as fast: rounds as long as the other lists' take more requests
const LEAF_REQUESTS = Number(process.env.BENCH_LEAF_REQUESTS ?? 2000);
const LISTS = (process.env.BENCH_LISTS ?? 'carbohydrates,leafs').split(',');
const log = (s: string) => console.log(s);

const rate = (rps: number) => rps.toFixed(rps < 10 ? 1 : 0);

/** a round's req/s and p95, and the CPU milliseconds a request its server and PostgreSQL used */
type Measured = { rps: number; p95: number; server: number; pg: number; client: number };
async function measured(pid: number, n: number, run: () => Promise<{ rps: number; p95: number }>): Promise<Measured> {
  const [s0, p0, c0] = [cpuMs(pid), postgresCpuMs(), process.cpuUsage()];
  const r = await run();
  const c = process.cpuUsage(c0);
  return { ...r, server: (cpuMs(pid) - s0) / n, pg: (postgresCpuMs() - p0) / n, client: (c.user + c.system) / 1000 / n };
}
const cpuOf = (xs: Measured[], k: 'server' | 'pg' | 'client') => median(xs.map((x) => x[k])).toFixed(3).padStart(8);


async function main() {
  const kept = process.env.BENCH_KEEP_DB;
  const { url, drop, loaded } = kept ? await keptDatabase(SERVER_URL, kept) : { ...(await createServerDatabase(SERVER_URL)), loaded: false };
  let server: ServerProcess | null = null;
  let baseline: Awaited<ReturnType<typeof startBaselineProcess>> | null = null;
  let appClient: BenchClient | null = null;
  let baseClient: BenchClient | null = null;
  try {
    server = await startBenchServer(url);
    appClient = new BenchClient(server.url, CONCURRENCY);
    const carbs = LISTS.includes('carbohydrates');
    const counts = loaded || !carbs ? await countData(url) : await loadData(url, log);
    const have = LISTS.includes('leafs') ? await countCaptures(url) : null;
    const captures = have && have.captures === 0 ? await loadCaptures(url, log) : have;
    log(`${counts.results} results${captures ? `, ${captures.captures} captures (${captures.leafNotCompleted} in the /leafs list)` : ''}; app at ${server.url}`);
    await appClient.signIn();
    baseline = await startBaselineProcess(url, CONCURRENCY);
    baseClient = new BenchClient(baseline.url, CONCURRENCY);
    const a = appClient;
    const b = baseClient;

    // each list's scenarios, run in the order BENCH_LISTS names the lists
    const byList: Record<string, Scenario[]> = {};
    if (carbs) byList.carbohydrates = await carbohydrateScenarios(a, counts.results);
    if (captures) {
      const leafs = await leafScenarios((body) => a.request('POST', LEAFS_PATH, body), captures.leafNotCompleted, SIZE, LEAF_REQUESTS);
      byList.leafs = leafs.map((s) => ({ ...s, path: LEAFS_PATH, basePath: LEAFS_BASE_PATH }));
    }
    const scenarios: Scenario[] = LISTS.flatMap((l) => byList[l] ?? []);

    // the same rows from both, first
    await checkSameRows(scenarios, a, b);

    log(`\n${CONCURRENCY} connections, ${SIZE}-row pages, ${ROUNDS} interleaved rounds (A B A B …) of ${REQUESTS} requests (/leafs: ${LEAF_REQUESTS}); medians`);
    log(`${'scenario'.padEnd(34)}${'app req/s'.padStart(11)}${'base req/s'.padStart(12)}${'ratio'.padStart(8)}${'app p95'.padStart(10)}${'base p95'.padStart(10)}${'ratio'.padStart(8)}`);
    const appPid = server.child.pid ?? 0;
    const basePid = baseline.pid;
    const cpu: string[] = [];
    // a first pass over every scenario, unmeasured: a fresh process (the app's start leaves garbage for its first
    // full collection, and its code unoptimized) is not counted against whichever scenario comes first
    const warmUp = async (s: Scenario) => {
      await round((i) => a.request('POST', s.path, s.app(i)), WARM_UP, CONCURRENCY);
      await round((i) => b.request('POST', s.basePath, s.base(i)), WARM_UP, CONCURRENCY);
    };
    for (const s of scenarios) await warmUp(s);
    for (const s of scenarios) {
      const appR: Measured[] = [];
      const baseR: Measured[] = [];
      const n = s.requests ?? REQUESTS;
      // and an unmeasured round each just before: both servers have this scenario's code and pages hot
      await warmUp(s);
      for (let r = 0; r < ROUNDS; r++) {
        appR.push(await measured(appPid, n, () => round((i) => a.request('POST', s.path, s.app(i)), n, CONCURRENCY)));
        baseR.push(await measured(basePid, n, () => round((i) => b.request('POST', s.basePath, s.base(i)), n, CONCURRENCY)));
      }
      cpu.push(`${s.name.padEnd(34)}${cpuOf(appR, 'server')}${cpuOf(baseR, 'server')}${cpuOf(appR, 'pg')}${cpuOf(baseR, 'pg')}${cpuOf(appR, 'client')}${cpuOf(baseR, 'client')}`);
      const [ar, br] = [median(appR.map((x) => x.rps)), median(baseR.map((x) => x.rps))];
      const [ap, bp] = [median(appR.map((x) => x.p95)), median(baseR.map((x) => x.p95))];
      const ok = ar / br >= 0.9 && ap / bp <= 1.15 ? '' : '   ** below target **';
      log(`${s.name.padEnd(34)}${rate(ar).padStart(11)}${rate(br).padStart(12)}${(ar / br).toFixed(2).padStart(7)}×${ap.toFixed(1).padStart(10)}${bp.toFixed(1).padStart(10)}${(ap / bp).toFixed(2).padStart(7)}×${ok}`);
    }
    log(`\nCPU ms a request (medians): the server's process, PostgreSQL's while each was measured, and this client's (it sends and reads every request)`);
    log(`${'scenario'.padEnd(34)}${'app'.padStart(8)}${'base'.padStart(8)}${'pg app'.padStart(8)}${'pg base'.padStart(8)}${'cl app'.padStart(8)}${'cl base'.padStart(8)}`);
    for (const line of cpu) log(line);
  } finally {
    appClient?.close();
    baseClient?.close();
    await baseline?.close();
    await server?.stop();
    await drop();
  }
}

await main();
