// npm run bench:platform — the platform's figures, bounded to well under two minutes:
//   cold start to first answer (PGlite and the PostgreSQL server), /api/auth/initial throughput and p95
//   with 20 connections, sign-in p95, and the gzip size of the JavaScript the sign-in page loads.
// Everything runs against 127.0.0.1 only. PostgreSQL: TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createServerDatabase } from '../tests/support/database';
import { POSTGRES_SERVER_URL, type ServerProcess, startServerProcess } from '../tests/support/process';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };
const CONNECTIONS = 20;
const LOAD_SECONDS = 5;
const LOAD_MAX_REQUESTS = 20_000;
const SIGN_INS = 60;
const SIGN_IN_CONCURRENCY = 4;

const rows: [string, string][] = [];
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

interface Answer {
  status: number;
  body: string;
  setCookie?: string[];
}

function request(agent: http.Agent, url: string, path: string, body: string, cookie = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(path, url);
    const req = http.request(
      { agent, host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), setCookie: res.headers['set-cookie'] }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function coldStart(label: string, env: Record<string, string>): Promise<ServerProcess> {
  const t0 = performance.now();
  const proc = await startServerProcess(env, 90_000);
  rows.push([`cold start to first answer, ${label}`, ms(performance.now() - t0)]);
  return proc;
}

/** Bounded load: CONNECTIONS workers, each looping until LOAD_SECONDS or LOAD_MAX_REQUESTS in total. */
async function load(label: string, url: string, cookie: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let failures = 0;
  let sent = 0;
  const until = performance.now() + LOAD_SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until && sent < LOAD_MAX_REQUESTS) {
        sent += 1;
        const s = performance.now();
        const r = await request(agent, url, '/api/auth/initial', '{}', cookie);
        latencies.push(performance.now() - s);
        if (r.status !== 200 || !r.body.includes('"authenticated":true')) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  rows.push([`/api/auth/initial (signed in), ${label}: throughput, ${CONNECTIONS} connections`, `${(latencies.length / seconds).toFixed(0)} req/s (${latencies.length} in ${seconds.toFixed(1)} s${failures ? `, ${failures} failed` : ''})`]);
  rows.push([`/api/auth/initial (signed in), ${label}: p50 / p95`, `${ms(p(latencies, 0.5))} / ${ms(p(latencies, 0.95))}`]);
}

async function signIns(label: string, url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SIGN_IN_CONCURRENCY });
  const latencies: number[] = [];
  let left = SIGN_INS;
  let failures = 0;
  await Promise.all(
    Array.from({ length: SIGN_IN_CONCURRENCY }, async () => {
      while (left-- > 0) {
        const s = performance.now();
        const r = await request(agent, url, '/api/auth/login', JSON.stringify(ADMIN));
        latencies.push(performance.now() - s);
        if (r.body !== '"Success"') failures += 1;
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  rows.push([`sign-in, ${label}: p50 / p95 (${SIGN_INS} sign-ins, ${SIGN_IN_CONCURRENCY} at a time)`, `${ms(p(latencies, 0.5))} / ${ms(p(latencies, 0.95))}${failures ? ` (${failures} failed)` : ''}`]);
}

async function sessionCookie(url: string): Promise<string> {
  const agent = new http.Agent();
  const r = await request(agent, url, '/api/auth/login', JSON.stringify(ADMIN));
  agent.destroy();
  if (r.body !== '"Success"') throw new Error(`benchmark sign-in failed: ${r.body}`);
  return (r.setCookie ?? [])[0]?.split(';')[0] ?? '';
}

function signInPageJs() {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  const dist = join(ROOT, 'apps/web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  for (const f of new Set(files)) {
    const data = readFileSync(join(dist, f.replace(/^\//, '')));
    raw += data.length;
    gz += gzipSync(data, { level: 9 }).length;
  }
  rows.push([`JavaScript the sign-in page loads (${files.length} file${files.length === 1 ? '' : 's'})`, `${(gz / 1024).toFixed(1)} KiB gzip (${(raw / 1024).toFixed(0)} KiB raw)`]);
}

const started = performance.now();
const dataDir = mkdtempSync(join(tmpdir(), 'sapwood-bench-'));
const common = { AUTH_RATE_LIMIT: '100000', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
const processes: ServerProcess[] = [];
let dropDb: (() => Promise<void>) | undefined;
try {
  signInPageJs();

  const lite = await coldStart('PGlite (new data directory)', { ...common, DATA_DIR: dataDir });
  processes.push(lite);
  await signIns('PGlite', lite.url);
  await load('PGlite', lite.url, await sessionCookie(lite.url));
  await lite.stop();
  const liteAgain = await coldStart('PGlite (restart, existing data)', { ...common, DATA_DIR: dataDir });
  await liteAgain.stop();

  const { url, drop } = await createServerDatabase(POSTGRES_SERVER_URL);
  dropDb = drop;
  const pgProc = await coldStart('PostgreSQL server (new database)', { ...common, DATABASE_URL: url });
  processes.push(pgProc);
  await signIns('PostgreSQL', pgProc.url);
  await load('PostgreSQL', pgProc.url, await sessionCookie(pgProc.url));
  await pgProc.stop();
} finally {
  for (const proc of processes) await proc.stop();
  await dropDb?.();
  rmSync(dataDir, { recursive: true, force: true });
}

const width = Math.max(...rows.map(([k]) => k.length));
console.log(`\nSapwood platform benchmark (node ${process.version}, ${new Date().toISOString()})\n`);
console.log(`${'measure'.padEnd(width)}  result`);
console.log(`${'-'.repeat(width)}  ${'-'.repeat(40)}`);
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
console.log(`\n(total ${((performance.now() - started) / 1000).toFixed(0)} s)`);
