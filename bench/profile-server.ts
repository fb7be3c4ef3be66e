// Profiling aid (not a benchmark): the compiled server (as `npm start` runs it) under --cpu-prof while a load of
// list pages runs, then its CPU profile summed by function (self time) and by package. Needs a database loaded by
// `BENCH_KEEP_DB=name npm run bench:lists`; then `BENCH_KEEP_DB=name npx tsx bench/profile-server.ts`.
// PROFILE_PATH / PROFILE_BODY pick the request (the /leafs Not Completed page 1 by default), PROFILE_N the requests,
// PROFILE_DIR where the .cpuprofile goes; PROFILE_SCENARIO=N profiles bench:lists' N-th /leafs scenario instead
// (0 page 1, 1 Next deep, 2 search, 3 sorted by client), its body built as that benchmark builds it.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_ADMIN, BenchClient } from './bench-server';
import { LEAFS_PATH, leafScenarios } from './leafs-scenarios';
import { round } from './load-round';
import { cpuMs } from './proc-cpu';
import { freePort } from '../tests/support/process';

const url = `postgres://postgres@127.0.0.1:5432/${process.env.BENCH_KEEP_DB ?? 'bench_carb'}`;
const path = process.env.PROFILE_PATH ?? LEAFS_PATH;
const body = JSON.parse(process.env.PROFILE_BODY ?? '{"page":1,"rowsPerPage":50}') as unknown;
const n = Number(process.env.PROFILE_N ?? 4000);
const dir = process.env.PROFILE_DIR ?? '/tmp/sapwood-profile';
mkdirSync(dir, { recursive: true });

const { buildServer } = await import('../scripts/build-server.mjs');
await buildServer();
const port = await freePort();
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, 'apps/server/dist/main.mjs'], {
  env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'false', HOST: '127.0.0.1', PORT: String(port),
    DATABASE_URL: url, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, DB_POOL_MAX: '20', AUTH_RATE_LIMIT: '1000', ...(process.env.FILES_DIR && { FILES_DIR: process.env.FILES_DIR }) },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const client = new BenchClient(`http://127.0.0.1:${port}`, 20);
for (;;) {
  try {
    await client.signIn();
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 200));
  }
}
const scenario = process.env.PROFILE_SCENARIO;
const at = scenario === undefined ? null
  : (await leafScenarios((b) => client.request('POST', LEAFS_PATH, b), Number(process.env.PROFILE_ROWS ?? 665_429), 50))[Number(scenario)];
const bodyOf = (i: number) => (at ? at.app(i) : body);
if (at) console.log(`profiling ${at.name}`);
await round((i) => client.request('POST', path, bodyOf(i)), 1000, 20);
const c0 = cpuMs(child.pid ?? 0);
const r = await round((i) => client.request('POST', path, bodyOf(i)), n, 20);
console.log(`${r.rps.toFixed(0)} req/s, p95 ${r.p95.toFixed(1)} ms, server CPU ${((cpuMs(child.pid ?? 0) - c0) / n).toFixed(3)} ms a request`);
client.close();
const before = new Set(readdirSync(dir));
child.kill('SIGTERM');
await new Promise((res) => child.once('exit', res));
const file = readdirSync(dir).find((f) => !before.has(f) && f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
const prof = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(prof.nodes.map((x) => [x.id, x]));
const self = new Map<number, number>();
prof.samples.forEach((s, i) => self.set(s, (self.get(s) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fn = new Map<string, number>();
const pkg = new Map<string, number>();
for (const [id, t] of self) {
  const f = byId.get(id)?.callFrame;
  if (!f) continue;
  const where = f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/');
  fn.set(`${f.functionName || '(anon)'} ${where}:${f.lineNumber + 1}`, (fn.get(`${f.functionName || '(anon)'} ${where}:${f.lineNumber + 1}`) ?? 0) + t);
  const p = f.url.includes('node_modules/') ? f.url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1') : f.url.startsWith('node:') ? 'node:' : f.url ? 'app' : f.functionName;
  pkg.set(p, (pkg.get(p) ?? 0) + t);
}
const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}%  ${name}`).join('\n');
console.log(`\nprofile ${join(dir, file)}\n\nby package:\n${top(pkg, 25)}\n\nby function (self):\n${top(fn, 60)}`);
