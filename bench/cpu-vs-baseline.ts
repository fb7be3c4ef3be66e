// Profiling aid (not a benchmark): the app's and the baseline's CPU milliseconds per request (read from /proc, so
// less sensitive to other load on the machine than throughput), interleaved rounds of 20 connections, for the
// /leafs page 1 and the carbohydrate list page 1. Needs a loaded database: `BENCH_KEEP_DB=name npx tsx bench/cpu-vs-baseline.ts`.
// PROBE_N the requests a round, PROBE_ROUNDS the rounds.
import { carbohydratesEndpoints as ep } from '@sapwood/contracts';
import { startBaselineProcess } from './baseline-server';
import { BenchClient, startBenchServer } from './bench-server';
import { LEAFS_BASE_PATH, LEAFS_PATH } from './leafs-scenarios';
import { median, round } from './load-round';
import { cpuMs } from './proc-cpu';

const url = `postgres://postgres@127.0.0.1:5432/${process.env.BENCH_KEEP_DB ?? 'bench_carb'}`;
const n = Number(process.env.PROBE_N ?? 3000);
const rounds = Number(process.env.PROBE_ROUNDS ?? 3);
const app = await startBenchServer(url, process.env.FILES_DIR ? { FILES_DIR: process.env.FILES_DIR } : {});
const base = await startBaselineProcess(url);
const a = new BenchClient(app.url, 20);
const b = new BenchClient(base.url, 20);
await a.signIn();
const scenarios = [
  { name: 'leafs page 1', app: [LEAFS_PATH, { page: 1, rowsPerPage: 50 }], base: [LEAFS_BASE_PATH, { scenario: 'page1', size: 50 }] },
  { name: 'carbohydrates page 1', app: [ep.paged.path, { page: 1, rowsPerPage: 50 }], base: ['/paged', { scenario: 'page1' }] },
] as const;
const perRequest = async (c: BenchClient, pid: number, [path, body]: readonly [string, unknown]) => {
  const c0 = cpuMs(pid);
  await round(() => c.request('POST', path, body), n, 20);
  return (cpuMs(pid) - c0) / n;
};
try {
  for (const s of scenarios) {
    await round(() => a.request('POST', s.app[0], s.app[1]), 2000, 20);
    await round(() => b.request('POST', s.base[0], s.base[1]), 2000, 20);
    const xs: number[] = [];
    const ys: number[] = [];
    for (let r = 0; r < rounds; r++) {
      xs.push(await perRequest(a, app.child.pid ?? 0, s.app));
      ys.push(await perRequest(b, base.pid, s.base));
    }
    console.log(`${s.name.padEnd(24)} app ${median(xs).toFixed(3)} ms  base ${median(ys).toFixed(3)} ms  ratio ${(median(xs) / median(ys)).toFixed(2)}  (app ${xs.map((x) => x.toFixed(3)).join(' ')}; base ${ys.map((x) => x.toFixed(3)).join(' ')})`);
  }
} finally {
  a.close();
  b.close();
  await app.stop();
  await base.close();
}
