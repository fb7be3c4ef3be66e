// Measuring aid (not a benchmark): instructions a request in the app's and the baseline's server processes, counted by
// valgrind's callgrind, which counts the same for the same code whatever else the machine is doing (a shared machine's
// timings vary by ±15 % between rounds; these do not). Each server runs under callgrind with instrumentation off, answers
// PROBE_WARM requests (its code optimized as under load), then PROBE_N requests over 20 connections with instrumentation on.
// Needs a loaded database (bench:lists with BENCH_KEEP_DB) and valgrind:
// `BENCH_KEEP_DB=name FILES_DIR=… npx tsx bench/instructions-probe.ts` (PROBE_SCENARIOS=page1,deep,search,sort: bench:lists'
// /leafs scenarios, leafs-scenarios.ts, made on the app, which is probed first; PROBE_WHO=app,base).
// The report: instructions a request of each server's main thread (its other threads, V8's compiler and collector,
// depend on when they happen to run). The app keeps a session a minute (SESSION_CACHE_SECONDS=60, the most it allows):
// under callgrind a request takes a millisecond or more, and a look-up every few seconds would be counted in. The dumps
// (/tmp/cg-app.out.N-01, /tmp/cg-base.out.N-01) read with callgrind_annotate; node's --perf-basic-prof names JavaScript
// functions in /tmp/perf-PID.map, to which callgrind's addresses of JIT code belong.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BENCH_ADMIN, BenchClient } from './bench-server';
import { countCaptures } from './captures-data';
import { LEAFS_BASE_PATH, LEAFS_PATH, type ListScenario, leafScenarios } from './leafs-scenarios';
import { round } from './load-round';

const db = `postgres://postgres@127.0.0.1:5432/${process.env.BENCH_KEEP_DB}`;
const N = Number(process.env.PROBE_N ?? 2000);
const WARM = Number(process.env.PROBE_WARM ?? 4000);
const SCENARIOS = (process.env.PROBE_SCENARIOS ?? 'page1,deep,sort').split(',');
/** bench:lists' /leafs scenarios (leafScenarios) in their order, by the short names PROBE_SCENARIOS uses */
const NAMES = ['page1', 'deep', 'search', 'sort'];
const WHO = (process.env.PROBE_WHO ?? 'app,base').split(',');
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** who valgrind and its control (vgdb) say the process runs as: the same names on both sides, or vgdb finds no pipe */
const VGDB_ENV = { USER: 'probe', LOGNAME: 'probe', HOST: '127.0.0.1', HOSTNAME: 'probe' };

interface Served { url: string; child: ChildProcess; stop(): Promise<void> }

/** A server under callgrind (instrumentation off), resolved when it tells its port: the app over IPC, the baseline on stdout. */
async function underCallgrind(name: string, args: string[], env: Record<string, string>): Promise<Served> {
  for (const f of readdirSync('/tmp').filter((x) => x.startsWith(`cg-${name}.out`))) rmSync(`/tmp/${f}`, { force: true });
  const child = spawn('valgrind', ['--tool=callgrind', '--smc-check=all', ...(process.env.PROBE_CACHE === '1' ? ['--cache-sim=yes', '--branch-sim=yes'] : []), '--instr-atstart=no', '--separate-threads=yes', `--callgrind-out-file=/tmp/cg-${name}.out`, process.execPath, '--perf-basic-prof', ...args], {
    cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...VGDB_ENV, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  child.stderr?.on('data', (d: Buffer) => { out += d.toString(); });
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (m: unknown) => {
      const port = (m as { sapwood?: string; port?: number }).sapwood === 'listening' ? (m as { port: number }).port : 0;
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.stdout?.on('data', (d: Buffer) => {
      const m = /listening (\S+)\n/.exec(d.toString());
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${out.slice(-2000)}`)));
  });
  child.channel?.unref();
  return { url, child, stop: () => new Promise<void>((r) => { if (child.exitCode !== null) return r(); child.once('exit', () => r()); child.kill('SIGTERM'); }) };
}

/** The instructions counted while `run` ran (instrumentation switched on and off by callgrind_control). */
async function counted(pid: number, who: string, run: () => Promise<unknown>): Promise<Record<string, number>> {
  const control = (...args: string[]) => execFileSync('callgrind_control', [...args, String(pid)], { env: { ...process.env, ...VGDB_ENV } });
  control('-z');
  control('-i', 'on');
  await run();
  control('-i', 'off');
  control('-d');
  // one file a thread (--separate-threads): the main thread's (-01) is the request's work; V8's compiler and collector
  // threads, whose share depends on when the optimizing compiler happens to run, are left out
  const dumps = readdirSync('/tmp').filter((f) => f.startsWith(`cg-${who}.out.`));
  const last = Math.max(...dumps.map((f) => Number(/\.out\.(\d+)-/.exec(f)?.[1] ?? 0)));
  const text = readFileSync(`/tmp/cg-${who}.out.${last}-01`, 'utf8');
  const events = (/^events: (.*)$/m.exec(text)?.[1] ?? 'Ir').split(' ');
  const totals = (/^totals: (.*)$/m.exec(text)?.[1] ?? '0').split(' ').map(Number);
  return Object.fromEntries(events.map((e, i) => [e, totals[i] ?? 0]));
}

const results: string[] = [];
let scenarios: ListScenario[] | null = null;
for (const who of WHO) {
  const server = who === 'app'
    ? await underCallgrind('app', ['apps/server/dist/main.mjs'], { DATABASE_URL: db, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, LOG_LEVEL: 'warn', NODE_ENV: 'production', DB_POOL_MAX: '20', AUTH_RATE_LIMIT: '1000', SEED_DEMO: 'false', SESSION_CACHE_SECONDS: '60', FILES_DIR: process.env.FILES_DIR ?? '' })
    : await underCallgrind('base', ['--no-allocation-site-pretenuring', '--import', 'tsx', 'bench/baseline-server.ts'], { BASELINE_DATABASE_URL: db, BASELINE_CONNECTIONS: '20' });
  const c = new BenchClient(server.url, 20);
  if (who === 'app') {
    for (let i = 0; ; i++) {
      try { await c.signIn(); break; } catch (e) { if (i > 100) throw e; await new Promise((r) => setTimeout(r, 2000)); }
    }
  }
  const app = who === 'app';
  const send = (body: object) => c.request('POST', app ? LEAFS_PATH : LEAFS_BASE_PATH, body);
  // the scenarios are made on the app (its deep page sought as the pager's Next seeks it); the baseline is asked theirs
  if (app) scenarios = await leafScenarios(send, (await countCaptures(db)).leafNotCompleted, 50);
  if (!scenarios) throw new Error('the baseline is probed after the app, whose pages make the scenarios (PROBE_WHO=app,base)');
  for (const s of SCENARIOS) {
    const scenario = scenarios[NAMES.indexOf(s)];
    if (!scenario) throw new Error(`PROBE_SCENARIOS: '${s}' is none of ${NAMES.join(', ')}`);
    const body = (i: number) => (app ? scenario.app(i) : scenario.base(i)) as object;
    await round((i) => send(body(i)), WARM, 20);
    const ir = await counted(server.child.pid ?? 0, who, () => round((i) => send(body(i)), N, 20));
    results.push(`${who.padEnd(5)} ${s.padEnd(6)} ${Object.entries(ir).map(([e, v]) => `${e} ${(v / N / 1000).toFixed(2)}k`).join('  ')} (a request)`);
    console.log(results.at(-1));
  }
  c.close();
  await server.stop();
}
console.log(results.join('\n'));
