// Profiling aid (not a benchmark): Linux `perf record` (cpu-clock: CPU time, not wall time) of the app's and the
// baseline's processes while each answers /leafs page 1 (bench:lists' scenario), with node's --perf-basic-prof so that
// JIT-compiled JavaScript is named (PROBE_SORTED=1: the list sorted by client; PROBE_DEEP=N: page N + 1 sought from page N; PROBE_CARBS_FIRST=N: the carbohydrate
// list's scenarios N requests each first). Needs a loaded database and Debian's linux-perf:
// `BENCH_KEEP_DB=name FILES_DIR=… npx tsx bench/perf-probe.ts`, then for example
// `perf report -i /tmp/perf-app.data --no-children --sort dso -g none` (and /tmp/perf-base.data). PROBE_N the requests.
// V8's own --cpu-prof samples wall time: a process preempted inside a socket write shows there as `writev`.
import { spawn } from 'node:child_process';
import { MAX_PAGE_SKIP } from '@sapwood/contracts';
import { startBaselineProcess } from './baseline-server';
import { BENCH_ADMIN, BenchClient, seekTo } from './bench-server';
import { countData } from './carbohydrates-data';
import { LEAFS_BASE_PATH, LEAFS_PATH } from './leafs-scenarios';
import { carbohydrateScenarios } from './list-scenarios';
import { round } from './load-round';
import { startServerProcess } from '../tests/support/process';
const url = `postgres://postgres@127.0.0.1:5432/${process.env.BENCH_KEEP_DB}`;
const n = Number(process.env.PROBE_N ?? 20000);
const app = await startServerProcess({ DATABASE_URL: url, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, LOG_LEVEL: 'warn', NODE_ENV: 'production', DB_POOL_MAX: '20', AUTH_RATE_LIMIT: '1000', FILES_DIR: process.env.FILES_DIR ?? '' }, 300_000, ['--perf-basic-prof', 'apps/server/dist/main.mjs']);
const a = new BenchClient(app.url, 20);
await a.signIn();
const base = await startBaselineProcess(url, 20, {}, ['--perf-basic-prof']);
const b = new BenchClient(base.url, 20);
// PROBE_SORTED=1: /leafs page 1 sorted by client instead (bench:lists' 'leafs sorted by client'); PROBE_DEEP=N: page N + 1 sought from page N
const sorted = process.env.PROBE_SORTED === '1';
const deep = Number(process.env.PROBE_DEEP ?? 0);
const at = deep > 0 ? await seekTo((body) => a.request('POST', LEAFS_PATH, body), deep, 50, MAX_PAGE_SKIP) : null;
const appBody = at ? { page: deep + 1, rowsPerPage: 50, anchor: { page: deep, first: at.firstKey, last: at.lastKey } }
  : sorted ? { page: 1, rowsPerPage: 50, sortBy: 'clientName', ascending: true } : { page: 1, rowsPerPage: 50 };
const baseBody = at ? { scenario: 'deep', size: 50, afterId: at.rows[at.rows.length - 1].id } : { scenario: sorted ? 'sort' : 'page1', size: 50 };
// PROBE_CARBS_FIRST=N: the app first answers N requests of each carbohydrate list scenario, bench:lists' own (list-scenarios.ts)
const carbsFirst = Number(process.env.PROBE_CARBS_FIRST ?? 0);
if (carbsFirst > 0) {
  for (const s of await carbohydrateScenarios(a, (await countData(url)).results)) await round((i) => a.request('POST', s.path, s.app(i)), carbsFirst, 20);
}
for (const [name, pid, c, path, body] of [['app', app.child.pid ?? 0, a, LEAFS_PATH, appBody], ['base', base.pid, b, LEAFS_BASE_PATH, baseBody]] as const) {
  await round(() => c.request('POST', path, body), 3000, 20);
  const rec = spawn('perf', ['record', '-e', 'cpu-clock', '-F', '2000', '-g', '-t', String(pid), '-o', `/tmp/perf-${name}.data`], { stdio: 'inherit' });
  await new Promise((r) => setTimeout(r, 500));
  await round(() => c.request('POST', path, body), n, 20);
  rec.kill('SIGINT');
  await new Promise((r) => rec.once('exit', r));
}
a.close(); b.close(); await base.close(); await app.stop();
