// npm run bench:intake — capture intake at scale (issue 12), on the PostgreSQL server (BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/postgres); only 127.0.0.1 is spoken to.
// 1. A sync of 10,000 new leaf captures (BENCH_SYNC_CAPTURES) from the capture stand-in into an empty captures
//    table through the app's sync (CapturesService.sync, what the sync job runs), each run in a process of its
//    own (bench/intake-sync.ts), on PostgreSQL and on an in-memory PGlite: wall time, the pull's share, peak
//    RSS and heap growth; medians of 3 runs.
// 2. A million captures (bench/captures-data.ts) and the /leafs Not Completed list (POST /api/leaf/notcompleted)
//    at 20 connections: page 1, a deep page, a search and a sort by Client; req/s, p50 and p95, medians of
//    BENCH_ROUNDS (3) rounds of BENCH_REQUESTS (100) requests, the scenarios interleaved.
// 3. The same sync into the table of a million (the sync first reads what is stored of the kind).
// BENCH_KEEP_DB=name keeps the million-capture database (2, 3) between runs; bench:lists can share it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { createServerDatabase } from '../tests/support/database';
import type { ServerProcess } from '../tests/support/process';
import { type CaptureStandIn, startCaptureStandIn } from '../tools/stand-ins/capture-server';
import { keptDatabase } from './bench-db';
import { BenchClient, startBenchServer } from './bench-server';
import { STAND_IN_CROPS, countCaptures, loadCaptures } from './captures-data';
import { LEAFS_PATH, leafScenarios } from './leafs-scenarios';
import { median, round } from './load-round';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SYNC = Number(process.env.BENCH_SYNC_CAPTURES ?? 10_000);
const RUNS = 3;
const CONCURRENCY = 20;
const SIZE = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const API_KEY = 'bench-capture-key';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const log = (s: string) => console.log(s);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

interface SyncFigures { ms: number; pullMs: number; importMs: number; added: number; refused: number; rssBefore: number; rssPeak: number; maxRss: number; heapBefore: number; heapPeak: number }

/** One sync in a process of its own (bench/intake-sync.ts); `databaseUrl` empty: an in-memory PGlite. */
function syncRun(databaseUrl: string, captureUrl: string): Promise<SyncFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/intake-sync.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', DATABASE_URL: databaseUrl, CAPTURE_URL: captureUrl, CAPTURE_API_KEY: API_KEY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`the sync process ended ${code}:\n${out}\n${err}`));
      else resolve(JSON.parse(line) as SyncFigures);
    });
  });
}

async function sql(url: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text, values);
  } finally {
    await c.end();
  }
}

/** RUNS syncs, `before` each (emptying or trimming the table); prints their medians as one line. */
async function syncs(label: string, databaseUrl: string, app: CaptureStandIn, before: () => Promise<void>) {
  const runs: SyncFigures[] = [];
  for (let r = 0; r < RUNS; r++) {
    await before();
    runs.push(await syncRun(databaseUrl, app.url));
  }
  const m = (f: (x: SyncFigures) => number) => median(runs.map(f));
  log(`${label.padEnd(44)}${(m((x) => x.ms) / 1000).toFixed(2).padStart(8)} s  (pull ${(m((x) => x.pullMs) / 1000).toFixed(2)} s, import ${(m((x) => x.importMs) / 1000).toFixed(2)} s)` +
    `  added ${runs[0].added}, refused ${runs[0].refused}` +
    `  RSS +${mb(m((x) => x.rssPeak - x.rssBefore))} MB (peak ${mb(m((x) => x.maxRss))} MB)  heap +${mb(m((x) => x.heapPeak - x.heapBefore))} MB` +
    `   runs: ${runs.map((x) => (x.ms / 1000).toFixed(2)).join(', ')} s`);
}

/** A new database with the app's tables and the stand-in's crops, for the syncs into an empty table. */
async function emptyDatabase() {
  const created = await createServerDatabase(SERVER_URL);
  const handle = await openDatabase({ url: created.url });
  try {
    await migrateToLatest(handle.db);
    await handle.db.insertInto('crops').values(STAND_IN_CROPS.map((name) => ({ name, factor: 1 }))).execute();
  } finally {
    await handle.close();
  }
  return created;
}

async function main() {
  const started = Date.now();
  const app = await startCaptureStandIn({ apiKey: API_KEY, leaf: SYNC, soil: 0 });
  let server: ServerProcess | null = null;
  let client: BenchClient | null = null;
  let empty: Awaited<ReturnType<typeof createServerDatabase>> | null = null;
  const kept = process.env.BENCH_KEEP_DB;
  const million = kept ? await keptDatabase(SERVER_URL, kept) : { ...(await createServerDatabase(SERVER_URL)), loaded: false };
  try {
    log(`1. a sync of ${SYNC} new leaf captures from the capture stand-in (${Math.ceil(SYNC / 50)} pages), into an empty table; medians of ${RUNS} runs`);
    empty = await emptyDatabase();
    const emptyUrl = empty.url;
    await syncs('PostgreSQL', emptyUrl, app, async () => void (await sql(emptyUrl, 'truncate captures restart identity cascade')));
    await syncs('PGlite (in memory, migrated in the process)', '', app, async () => undefined);

    log(`\n2. the /leafs Not Completed list at ${CONCURRENCY} connections over a million captures`);
    server = await startBenchServer(million.url);
    client = new BenchClient(server.url, CONCURRENCY);
    const have = await countCaptures(million.url);
    const counts = have.captures > 0 ? have : await loadCaptures(million.url, log);
    log(`  ${counts.captures} captures, ${counts.leafNotCompleted} in the list; database ${new URL(million.url).pathname.slice(1)}`);
    await client.signIn();
    const c = client;
    const send = (body: unknown) => c.request('POST', LEAFS_PATH, body);
    const scenarios = await leafScenarios(send, counts.leafNotCompleted, SIZE);
    for (const s of scenarios) {
      const r = await send(s.app(7));
      if (r.status !== 200) throw new Error(`${s.name}: ${r.status} ${r.text.slice(0, 300)}`);
    }
    const results = scenarios.map(() => [] as { rps: number; p50: number; p95: number }[]);
    for (let r = 0; r < ROUNDS; r++) {
      for (const [k, s] of scenarios.entries()) results[k].push(await round((i) => send(s.app(i)), REQUESTS, CONCURRENCY));
    }
    log(`  ${ROUNDS} rounds of ${REQUESTS} requests a scenario, interleaved; medians; ${SIZE}-row pages`);
    log(`  ${'scenario'.padEnd(36)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}   (1 connection: p50)`);
    for (const [k, s] of scenarios.entries()) {
      const alone = await round((i) => send(s.app(i)), 10, 1);
      const m = (f: (x: { rps: number; p50: number; p95: number }) => number) => median(results[k].map(f));
      log(`  ${s.name.padEnd(36)}${m((x) => x.rps).toFixed(1).padStart(8)}${m((x) => x.p50).toFixed(0).padStart(9)}${m((x) => x.p95).toFixed(0).padStart(9)}   (${alone.p50.toFixed(1)} ms)`);
    }

    log(`\n3. the same sync into the table of ${counts.captures} captures (the new rows removed after each run)`);
    await sql(million.url, 'insert into crops (name, factor) select n, 1 from unnest($1::text[]) n where not exists (select 1 from crops c where c.name = n)', [STAND_IN_CROPS]);
    const top = Number((await sql(million.url, 'select coalesce(max(id), 0) as id from captures')).rows[0].id);
    const trim = async () => void (await sql(million.url, 'delete from captures where id > $1', [top]));
    try {
      await syncs('PostgreSQL', million.url, app, trim);
    } finally {
      await trim();
      await sql(million.url, 'vacuum analyze captures');
    }
    log(`\ntotal run time ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    client?.close();
    await server?.stop();
    await app.close();
    await empty?.drop();
    await million.drop();
  }
}

await main();
