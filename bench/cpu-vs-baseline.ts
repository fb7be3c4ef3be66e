// Profiling aid (not a benchmark): the CPU milliseconds per request of the app, of the baseline and of the PostgreSQL
// processes serving each (read from /proc, so less sensitive to other load on the machine than throughput),
// interleaved rounds of 20 connections: /leafs page 1, Next deep in /leafs, /leafs sorted by client, the carbohydrate
// list page 1 and its search. Needs a loaded database: `BENCH_KEEP_DB=name FILES_DIR=… npx tsx bench/cpu-vs-baseline.ts`.
// PROBE_N the requests a round, PROBE_ROUNDS the rounds, PROBE_ONLY=leafs,carbohydrates picks scenarios by name;
// PROBE_BEFORE=path/main.mjs runs another build of the server too (a copy of apps/server/dist), in the same rounds;
// PROBE_REVERSE=1 runs the scenarios last to first; PROBE_FLAGS='--v8-flag …' runs the app and the baseline once more each with those node flags, in the same rounds.
import { MAX_PAGE_SKIP, carbohydratesEndpoints as ep } from '@sapwood/contracts';
import pg from 'pg';
import { type ServerProcess, startServerProcess } from '../tests/support/process';
import { startBaselineProcess } from './baseline-server';
import { BENCH_ADMIN, BenchClient, seekTo } from './bench-server';
import { LEAFS_BASE_PATH, LEAFS_PATH } from './leafs-scenarios';
import { median, round } from './load-round';
import { cpuMs } from './proc-cpu';

const url = `postgres://postgres@127.0.0.1:5432/${process.env.BENCH_KEEP_DB ?? 'bench_carb'}`;
const n = Number(process.env.PROBE_N ?? 3000);
const rounds = Number(process.env.PROBE_ROUNDS ?? 3);
const only = process.env.PROBE_ONLY?.split(',');
const files: Record<string, string> = process.env.FILES_DIR ? { FILES_DIR: process.env.FILES_DIR } : {};
const SIZE = 50;
/** the compiled server, as `npm start` runs it (built first when its sources changed) */
const APP = 'apps/server/dist/main.mjs';

/** a server measured: its process, a client, and the application name its PostgreSQL connections carry */
interface Measured { name: string; pid: number; client: BenchClient; appName: string; stop(): Promise<void> }

async function appServer(name: string, args: string[]): Promise<Measured> {
  const appName = `probe_${name}`;
  const env: Record<string, string> = { ...files, PGAPPNAME: appName };
  const s: ServerProcess = await startServerProcess({ DATABASE_URL: url, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, LOG_LEVEL: 'warn', NODE_ENV: 'production', DB_POOL_MAX: '20', AUTH_RATE_LIMIT: '1000', ...env }, 300_000, args);
  const client = new BenchClient(s.url, 20);
  await client.signIn();
  return { name, pid: s.child.pid ?? 0, client, appName, stop: () => s.stop() };
}

await (await import('../scripts/build-server.mjs')).buildServer();
const flags = process.env.PROBE_FLAGS?.split(' ') ?? [];
const servers: Measured[] = [await appServer('app', [APP])];
if (process.env.PROBE_BEFORE) servers.unshift(await appServer('before', [process.env.PROBE_BEFORE]));
const baselineOf = async (name: string, f: readonly string[]): Promise<Measured> => {
  const b = await startBaselineProcess(url, 20, { PGAPPNAME: `probe_${name}` }, f);
  return { name, pid: b.pid, client: new BenchClient(b.url, 20), appName: `probe_${name}`, stop: () => b.close() };
};
const baseline = await baselineOf('base', []);
// with PROBE_FLAGS: the app and the baseline with them, each compared with the baseline with them
const flagged = flags.length > 0 ? [await appServer('app+flags', [...flags, APP]), await baselineOf('base+flags', flags)] : [];
const stats = new pg.Client({ connectionString: url });
await stats.connect();

/** CPU milliseconds used so far by the PostgreSQL processes of a server's connections */
async function pgCpu(appName: string): Promise<Map<number, number>> {
  const pids = (await stats.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [appName])).rows;
  return new Map(pids.map(({ pid }) => [pid, cpuMs(pid)]));
}
const used = (a: Map<number, number>, b: Map<number, number>) => [...b].reduce((s, [pid, ms]) => s + ms - (a.get(pid) ?? 0), 0);

type Body = (i: number) => unknown;
const client = (i: number) => `client ${String((i * 37) % 2000).padStart(4, '0')}`;
const app = servers[servers.length - 1].client;
const leafsDeep = async () => {
  const first = JSON.parse((await app.request('POST', LEAFS_PATH, { page: 1, rowsPerPage: SIZE })).text) as { total: number };
  const deep = Math.floor(first.total / SIZE / 2);
  const at = await seekTo((b) => app.request('POST', LEAFS_PATH, b), deep, SIZE, MAX_PAGE_SKIP);
  return { app: () => ({ page: deep + 1, rowsPerPage: SIZE, anchor: { page: deep, first: at.firstKey, last: at.lastKey } }), base: () => ({ scenario: 'deep', size: SIZE, afterId: at.rows[at.rows.length - 1].id }) };
};
const scenarios: { name: string; path: string; basePath: string; app: Body; base: Body }[] = [
  { name: 'leafs page 1', path: LEAFS_PATH, basePath: LEAFS_BASE_PATH, app: () => ({ page: 1, rowsPerPage: SIZE }), base: () => ({ scenario: 'page1', size: SIZE }) },
  ...(only && !only.some((o) => 'leafs deep'.includes(o)) ? [] : [{ name: 'leafs deep', path: LEAFS_PATH, basePath: LEAFS_BASE_PATH, ...(await leafsDeep()) }]),
  { name: 'leafs sorted by client', path: LEAFS_PATH, basePath: LEAFS_BASE_PATH, app: () => ({ page: 1, rowsPerPage: SIZE, sortBy: 'clientName', ascending: true }), base: () => ({ scenario: 'sort', size: SIZE }) },
  { name: 'carbohydrates page 1', path: ep.paged.path, basePath: '/paged', app: () => ({ page: 1, rowsPerPage: SIZE }), base: () => ({ scenario: 'page1' }) },
  { name: 'carbohydrates search', path: ep.paged.path, basePath: '/paged', app: (i: number) => ({ page: 1, rowsPerPage: SIZE, search: client(i) }), base: (i: number) => ({ scenario: 'search', search: client(i) }) },
].filter((s) => !only || only.some((o) => s.name.includes(o)));
// PROBE_REVERSE=1: the carbohydrate scenarios first (the order bench:lists runs them in)
if (process.env.PROBE_REVERSE === '1') scenarios.reverse();

const perRequest = async (m: Measured, path: string, body: Body, count: number) => {
  const [c0, p0] = [cpuMs(m.pid), await pgCpu(m.appName)];
  await round((i) => m.client.request('POST', path, body(i)), count, 20);
  return { cpu: (cpuMs(m.pid) - c0) / count, pg: used(p0, await pgCpu(m.appName)) / count };
};
const f = (x: number) => x.toFixed(3);
try {
  for (const s of scenarios) {
    // searches cost ten times a page: fewer requests a round
    const count = s.name.includes('search') ? Math.ceil(n / 6) : n;
    const all = [...servers, baseline, ...flagged];
    const at = (m: Measured) => (m.name.startsWith('base') ? [s.basePath, s.base] as const : [s.path, s.app] as const);
    for (const m of all) await round((i) => m.client.request('POST', at(m)[0], at(m)[1](i)), Math.ceil(count / 2), 20);
    const got = new Map(all.map((m) => [m, { cpu: [] as number[], pg: [] as number[] }]));
    for (let r = 0; r < rounds; r++) {
      for (const m of all) {
        const x = await perRequest(m, at(m)[0], at(m)[1], count);
        got.get(m)?.cpu.push(x.cpu);
        got.get(m)?.pg.push(x.pg);
      }
    }
    const line = all.map((m) => {
      const g = got.get(m) ?? { cpu: [1], pg: [1] };
      const against = m.name.endsWith('+flags') ? flagged[1] : baseline;
      const b = got.get(against) ?? g;
      const ratio = m === against ? '' : ` (${(median(g.cpu) / median(b.cpu)).toFixed(2)}×, pg ${(median(g.pg) / median(b.pg)).toFixed(2)}×)`;
      return `${m.name} ${f(median(g.cpu))} pg ${f(median(g.pg))}${ratio}`;
    });
    console.log(`${s.name.padEnd(24)} ${line.join('  |  ')}`);
    console.log(`${''.padEnd(24)} rounds: ${all.map((m) => `${m.name} ${(got.get(m)?.cpu ?? []).map(f).join(' ')}`).join('; ')}`);
  }
} finally {
  for (const m of [...servers, baseline, ...flagged]) m.client.close();
  await stats.end();
  for (const m of [...servers, baseline, ...flagged]) await m.stop();
}
