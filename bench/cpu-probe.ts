// Profiling aid (not a benchmark): CPU milliseconds per list call, split between the app server and
// PostgreSQL, over sequential calls on one connection. Needs a database loaded by
// `BENCH_KEEP_DB=name npm run bench:carbohydrates`; then `BENCH_KEEP_DB=name npx tsx bench/cpu-probe.ts`.
// BENCH_ONLY=<regex> picks scenarios, PROBE_N the calls each, PROBE_NODE_OPTIONS the server's NODE_OPTIONS
// (Node 20 refuses --cpu-prof in NODE_OPTIONS: use a `--require` hook that starts node:inspector's profiler and
// writes the profile on SIGTERM before the app's own handler exits).
import { carbohydratesEndpoints as ep } from '@sapwood/contracts';
import { BenchClient, startBenchServer } from './bench-server';
import { cpuMs, postgresCpuMs } from './proc-cpu';

const url = `postgres://postgres@127.0.0.1:5432/${process.env.BENCH_KEEP_DB ?? 'bench_carb'}`;

const server = await startBenchServer(url, process.env.PROBE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.PROBE_NODE_OPTIONS } : {});
const client = new BenchClient(server.url, 1);
await client.signIn();
const search = (i: number) => `client ${String((i * 37) % 2000).padStart(4, '0')}`;
const scenarios: [string, string, (i: number) => unknown][] = [
  ['page 1', ep.paged.path, () => ({ page: 1, rowsPerPage: 20 })],
  ['grouped page 1', ep.pagedgroupedlocation.path, () => ({ page: 1, rowsPerPage: 20 })],
  ['search', ep.paged.path, (i) => ({ page: 1, rowsPerPage: 20, search: search(i) })],
  ['crop+stage', ep.paged.path, (i) => ({ page: 1, rowsPerPage: 20, cropId: 1 + (i % 10), cropGrowthId: 1 + (i % 10) * 6 + (i % 6) })],
  ['grouped crop+stage', ep.pagedgroupedlocation.path, (i) => ({ page: 1, rowsPerPage: 20, cropId: 1 + (i % 10), cropGrowthId: 1 + (i % 10) * 6 + (i % 6) })],
  ['crop+client+block', ep.paged.path, (i) => ({ page: 1, rowsPerPage: 20, cropId: 1 + (i % 10), client: 'client 1', fieldBlockNumber: 'b3' })],
  ['grouped crop+client+block', ep.pagedgroupedlocation.path, (i) => ({ page: 1, rowsPerPage: 20, cropId: 1 + (i % 10), client: 'client 1', fieldBlockNumber: 'b3' })],
  ['sample sort 100', ep.paged.path, () => ({ page: 2, rowsPerPage: 100, sortBy: 'sampleNumber' })],
];
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const n = Number(process.env.PROBE_N ?? 200);
const pid = server.child.pid ?? 0;
try {
  for (const [name, path, body] of scenarios) {
    if (only && !only.test(name)) continue;
    for (let i = 0; i < 20; i++) await client.request('POST', path, body(i + 1000));
    const s0 = cpuMs(pid);
    const p0 = postgresCpuMs();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await client.request('POST', path, body(i));
    const wall = (performance.now() - t0) / n;
    const own = process.cpuUsage(c0);
    console.log(`${name.padEnd(28)} wall ${wall.toFixed(2)} ms  server CPU ${((cpuMs(pid) - s0) / n).toFixed(2)} ms  postgres CPU ${((postgresCpuMs() - p0) / n).toFixed(2)} ms  client CPU ${((own.user + own.system) / 1000 / n).toFixed(2)} ms`);
  }
} finally {
  await server.stop();
  client.close();
}
