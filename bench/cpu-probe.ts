// Profiling aid (not a benchmark): CPU milliseconds per list call, split between the app server and
// PostgreSQL, over sequential calls. Usage: BENCH_KEEP_DB=bench_carb (already loaded) tsx bench/cpu-probe.ts
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { carbohydratesEndpoints as ep } from '@sapwood/contracts';

const url = `postgres://postgres@127.0.0.1:5432/${process.env.BENCH_KEEP_DB ?? 'bench_carb'}`;
const PORT = 3950;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let cookie = '';
function request(path: string, body: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port: PORT, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...(cookie ? { cookie } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const set = res.headers['set-cookie']?.[0];
        if (set) cookie = set.split(';')[0];
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}
const ticks = (pid: number) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
};
const pgCpu = () => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).reduce((s, d) => {
  try {
    return readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres') ? s + ticks(Number(d)) : s;
  } catch {
    return s;
  }
}, 0);

const child = spawn(process.execPath, [...(process.env.PROBE_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'apps/server/src/main.ts'], {
  env: { ...process.env, DATABASE_URL: url, PORT: String(PORT), HOST: '127.0.0.1', ADMIN_EMAIL: 'bench@bench.local', ADMIN_PASSWORD: 'bench-password-1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', AUTH_RATE_LIMIT: '1000' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
for (let i = 0; i < 300; i++) {
  if (await request('/api/auth/initial', {}).then(() => true, () => false)) break;
  await new Promise((r) => setTimeout(r, 200));
}
await request('/api/auth/login', { email: 'bench@bench.local', password: 'bench-password-1' });
const client = (i: number) => `client ${String((i * 37) % 2000).padStart(4, '0')}`;
const scenarios: [string, string, (i: number) => unknown][] = [
  ['page 1', ep.paged.path, () => ({ page: 1, rowsPerPage: 20 })],
  ['grouped page 1', ep.pagedgroupedlocation.path, () => ({ page: 1, rowsPerPage: 20 })],
  ['search', ep.paged.path, (i) => ({ page: 1, rowsPerPage: 20, search: client(i) })],
  ['crop+stage', ep.paged.path, (i) => ({ page: 1, rowsPerPage: 20, cropId: 1 + (i % 10), cropGrowthId: 1 + (i % 10) * 6 + (i % 6) })],
  ['grouped crop+stage', ep.pagedgroupedlocation.path, (i) => ({ page: 1, rowsPerPage: 20, cropId: 1 + (i % 10), cropGrowthId: 1 + (i % 10) * 6 + (i % 6) })],
  ['crop+client+block', ep.paged.path, (i) => ({ page: 1, rowsPerPage: 20, cropId: 1 + (i % 10), client: 'client 1', fieldBlockNumber: 'b3' })],
  ['grouped crop+client+block', ep.pagedgroupedlocation.path, (i) => ({ page: 1, rowsPerPage: 20, cropId: 1 + (i % 10), client: 'client 1', fieldBlockNumber: 'b3' })],
  ['sample sort 100', ep.paged.path, () => ({ page: 2, rowsPerPage: 100, sortBy: 'sampleNumber' })],
];
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
for (const [name, path, body] of scenarios) {
  if (only && !only.test(name)) continue;
  for (let i = 0; i < 20; i++) await request(path, body(i + 1000));
  const n = Number(process.env.PROBE_N ?? 200);
  const s0 = ticks(child.pid ?? 0);
  const p0 = pgCpu();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await request(path, body(i));
  const wall = (performance.now() - t0) / n;
  const server = (ticks(child.pid ?? 0) - s0) / n;
  const pgms = (pgCpu() - p0) / n;
  console.log(`${name.padEnd(28)} wall ${wall.toFixed(2)} ms  server CPU ${server.toFixed(2)} ms  postgres CPU ${pgms.toFixed(2)} ms`);
}
child.kill('SIGTERM');
agent.destroy();
