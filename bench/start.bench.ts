// npm run bench:start — how long the server takes from its start to its first answer, as `npm start` runs it
// (the compiled server, apps/server/dist/main.mjs, built first if its sources changed: ADR 0115). Medians of
// BENCH_STARTS (5) starts of each: a new embedded database (a fresh DATA_DIR: migrations and the administrator),
// a restart over that database, and a start over a PostgreSQL server's database (already migrated).
// Targets (issue 36): at most 5 s, 2 s and 1.5 s. SEED_DEMO is false (the demo data's seeding is not a start).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServerDatabase } from '../tests/support/database';
import { freePort } from '../tests/support/process';
import { median } from './load-round';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const log = (s: string) => console.log(s);

/** Starts the compiled server with `env`, answers the milliseconds to its first answer of GET /api/health/live, then stops it. */
async function timedStart(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ADMIN_EMAIL: 'bench@bench.local', ADMIN_PASSWORD: 'bench-password-1', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api/auth/initial`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        if (r.ok) return performance.now() - t0;
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
  const fresh: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'sapwood-start-'));
    try {
      fresh.push(await timedStart({ DATA_DIR: dir }));
      again.push(await timedStart({ DATA_DIR: dir }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const server: number[] = [];
  const { url, drop } = await createServerDatabase(SERVER_URL);
  try {
    // every server of a database keeps its files in one store (ADR 0108): one folder for these starts
    const dir = mkdtempSync(join(tmpdir(), 'sapwood-start-'));
    await timedStart({ DATABASE_URL: url, DATA_DIR: dir });
    for (let i = 0; i < STARTS; i++) server.push(await timedStart({ DATABASE_URL: url, DATA_DIR: dir }));
    rmSync(dir, { recursive: true, force: true });
  } finally {
    await drop();
  }
  const row = (name: string, xs: number[], target: number) =>
    log(`${name.padEnd(34)}${(median(xs) / 1000).toFixed(2).padStart(8)} s  (min ${(Math.min(...xs) / 1000).toFixed(2)}, max ${(Math.max(...xs) / 1000).toFixed(2)}; target ≤ ${target} s)`);
  log(`\nstart to first answer, medians of ${STARTS}:`);
  row('new embedded database', fresh, 5);
  row('restart (embedded database)', again, 2);
  row('PostgreSQL server database', server, 1.5);
}

await main();
