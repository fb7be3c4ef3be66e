// npm run bench:start — how long the server takes from its start to its first answer, as `npm start` runs it
// (the compiled server, apps/server/dist/main.mjs, built first if its sources changed: ADR 0115). Medians of
// BENCH_STARTS (5) starts of each: a new embedded database (a fresh DATA_DIR: migrations and the administrator),
// a restart over that database, and a start over a PostgreSQL server's database (already migrated).
// Targets (issue 36): at most 5 s, 2 s and 1.5 s. SEED_DEMO is false (the demo data's seeding is not a start).
// BENCH_START_BEFORE=<another compiled main.mjs> (an older build, say) starts it too, interleaved with this one (A B A B),
// so that a busy machine slows both alike. Each start also reports the CPU its process used up to the first answer.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServerDatabase } from '../tests/support/database';
import { freePort } from '../tests/support/process';
import { median } from './load-round';
import { cpuMs } from './proc-cpu';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const log = (s: string) => console.log(s);

const BEFORE = process.env.BENCH_START_BEFORE;
const SERVERS: [string, string][] = [['', 'apps/server/dist/main.mjs'], ...(BEFORE ? [['before', BEFORE] as [string, string]] : [])];

interface Start { ms: number; cpu: number }

/** Starts the compiled server `entry` with `env`, answers the milliseconds to its first answer and the CPU its process used until then, then stops it. */
async function timedStart(entry: string, env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ADMIN_EMAIL: 'bench@bench.local', ADMIN_PASSWORD: 'bench-password-1', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api/auth/initial`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        if (r.ok) return { ms: performance.now() - t0, cpu: cpuMs(child.pid ?? 0) };
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function main() {
  const { buildServer } = await import('../scripts/build-server.mjs');
  if (await buildServer()) log('Built the server.');
  const fresh = new Map<string, Start[]>(SERVERS.map(([name]) => [name, []]));
  const again = new Map<string, Start[]>(SERVERS.map(([name]) => [name, []]));
  const server = new Map<string, Start[]>(SERVERS.map(([name]) => [name, []]));
  for (let i = 0; i < STARTS; i++) {
    for (const [name, entry] of SERVERS) {
      const dir = mkdtempSync(join(tmpdir(), 'sapwood-start-'));
      try {
        fresh.get(name)?.push(await timedStart(entry, { DATA_DIR: dir }));
        again.get(name)?.push(await timedStart(entry, { DATA_DIR: dir }));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  const { url, drop } = await createServerDatabase(SERVER_URL);
  try {
    // every server of a database keeps its files in one store (ADR 0108): one folder for these starts
    const dir = mkdtempSync(join(tmpdir(), 'sapwood-start-'));
    await timedStart(SERVERS[0][1], { DATABASE_URL: url, DATA_DIR: dir });
    for (let i = 0; i < STARTS; i++) {
      for (const [name, entry] of SERVERS) server.get(name)?.push(await timedStart(entry, { DATABASE_URL: url, DATA_DIR: dir }));
    }
    rmSync(dir, { recursive: true, force: true });
  } finally {
    await drop();
  }
  const row = (label: string, xs: Start[], target: number) => {
    const ms = xs.map((x) => x.ms);
    log(`${label.padEnd(42)}${(median(ms) / 1000).toFixed(2).padStart(8)} s  (min ${(Math.min(...ms) / 1000).toFixed(2)}, max ${(Math.max(...ms) / 1000).toFixed(2)}; target ≤ ${target} s)  CPU ${(median(xs.map((x) => x.cpu)) / 1000).toFixed(2)} s`);
  };
  log(`\nstart to first answer, medians of ${STARTS}${BEFORE ? ` (interleaved with ${BEFORE})` : ''}:`);
  for (const [name] of SERVERS) {
    const tag = name ? ` (${name})` : '';
    row(`new embedded database${tag}`, fresh.get(name) ?? [], 5);
    row(`restart (embedded database)${tag}`, again.get(name) ?? [], 2);
    row(`PostgreSQL server database${tag}`, server.get(name) ?? [], 1.5);
  }
}

await main();
