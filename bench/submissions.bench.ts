// npm run bench:submissions — issue 14's two targets, on the app as `npm start` runs it (a real server process,
// production mode) over a PostgreSQL server database:
// 1. saving a 500-sample × 17-value manual leaf submission (updatemanualsubmission, submit: true): the first
//    save (every result new) and a second save changing every value (each result a new version with its
//    audit record); target under 1 s. BENCH_SAVES rounds, each on a fresh submission, medians and max.
// 2. the Results tab (pagedresults) at 100,000 submissions, 20 connections: page 1, the next page deep in the
//    list, a client search and the list sorted by client; target p95 under 100 ms. BENCH_REQUESTS requests a
//    round, BENCH_ROUNDS rounds interleaved across the scenarios, medians.
// 3. (issue 36) a 25,000-sample submission in one request: time and the server's memory growth.
// BENCH_ONLY_SUBMIT=1 stops after 3. BENCH_KEEP_DB=name keeps the loaded database between runs.
import { readFileSync } from 'node:fs';
import { LEAF_BOUNDS, LEAF_RESULT_VALUES, type LeafResultCode, MAX_GROUPS, MAX_SAMPLES_A_GROUP, type ManualEntrySheet, submissionEndpoints as ep, submissionResultEndpoints as rep } from '@sapwood/contracts';
import pg from 'pg';
import { createServerDatabase } from '../tests/support/database';
import type { ServerProcess } from '../tests/support/process';
import { keptDatabase } from './bench-db';
import { BenchClient, seekTo, startBenchServer } from './bench-server';
import { median, round } from './load-round';
import { type Reference, countSubmissions, loadReference, loadSubmissions } from './submissions-data';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENCY = 20;
const SIZE = 50;
const SAMPLES = 500;
const SAVES = Number(process.env.BENCH_SAVES ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const log = (s: string) => console.log(s);

async function reference(url: string): Promise<Reference & { languageId: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const ref = await loadReference(c);
    const languageId = (await c.query<{ id: number }>('select id from languages order by id limit 1')).rows[0].id;
    return { ...ref, languageId };
  } finally {
    await c.end();
  }
}

async function json<T>(client: BenchClient, path: string, body: unknown): Promise<T> {
  const r = await client.request('POST', path, body);
  if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
  return JSON.parse(r.text) as T;
}

/** A Manual leaf submission of SAMPLES hand-added samples; answers its manual entry sheet. */
async function manualSubmission(client: BenchClient, ref: Reference & { languageId: number }, n: number): Promise<ManualEntrySheet> {
  const rows = Array.from({ length: SAMPLES }, (_, i) => ({
    testDataId: 0, sampleNumber: `M${n}-${String(i + 1).padStart(3, '0')}`, blockNumber: `B${1 + (i % 12)}`, cropId: ref.cropId,
    cultivars: [ref.cultivarId], growthStage: 'Flowering', organTypeEnum: 'Normal', test: 'StandardItestLeaf',
  }));
  const { id } = await json<{ id: number }>(client, ep.submit.path, {
    clientName: `Bench client ${n}`, farmName: 'Bench farm', agentId: ref.agentId, depotId: ref.depotId, agronomistId: ref.agronomistId,
    languageId: ref.languageId, dateSent: '2026-11-20', dateSampled: '2026-11-18', lab: 'Manual', samples: [rows],
  });
  return json<ManualEntrySheet>(client, rep.sampleNumbers.path, { submissionId: id });
}

/**
 * Every sample with all 17 values, each inside its element's usual range (LEAF_BOUNDS: a value outside it would
 * need the user's confirmation), spread over the range from sample to sample.
 */
function manualResult(sheet: ManualEntrySheet, seed: number) {
  const within = (code: LeafResultCode, step: number) => {
    const b = LEAF_BOUNDS[code];
    return Number((b.usualMin + ((b.usualMax - b.usualMin) * (step % 40 + 1)) / 42).toFixed(2));
  };
  return sheet.rows.map((row, i) => ({
    sampleId: row.sampleId, labNumber: `LAB-${seed}-${i}`, na: false, rowVersion: row.rowVersion,
    values: Object.fromEntries(LEAF_RESULT_VALUES.map((v, k) => [v.code, within(v.code, i * 17 + k + seed)])),
  }));
}

async function timed<T>(f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await f();
  return { ms: performance.now() - t, value };
}

async function manualSaves(client: BenchClient, ref: Reference & { languageId: number }) {
  const first: number[] = [];
  const second: number[] = [];
  for (let n = 0; n < SAVES; n++) {
    const sheet = await manualSubmission(client, ref, Date.now() % 1_000_000 + n);
    const a = await timed(() => json<{ rows: { sampleId: number; rowVersion: number }[]; state: string }>(client, rep.updateManual.path, {
      submissionId: sheet.submissionId, manualResult: manualResult(sheet, 1), submit: true,
    }));
    if (a.value.state !== 'Results' || a.value.rows.length !== SAMPLES) throw new Error(`the first save answered ${JSON.stringify(a.value).slice(0, 200)}`);
    first.push(a.ms);
    const versions = new Map(a.value.rows.map((r) => [r.sampleId, r.rowVersion]));
    const again = { ...sheet, rows: sheet.rows.map((r) => ({ ...r, rowVersion: versions.get(r.sampleId) ?? 0 })) };
    const b = await timed(() => json(client, rep.updateManual.path, { submissionId: sheet.submissionId, manualResult: manualResult(again, 2), submit: true }));
    second.push(b.ms);
  }
  const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
  log(`\nmanual save of ${SAMPLES} samples × ${LEAF_RESULT_VALUES.length} values, ${SAVES} submissions (target under 1,000 ms):`);
  log(`  first save (every result new):      ${fmt(first)}`);
  log(`  second save (every value changed):  ${fmt(second)}`);
}

/** The server process's resident memory in MB (/proc: it runs apart from the bench). */
function rssMB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:')) ?? '';
  return Number(/\d+/.exec(line)?.[0] ?? 0) / 1024;
}

/** Issue 36: a submission at its contract's maximum (50 groups of 500 samples) in one request; target under 3 s, memory growth under 200 MB. */
async function largestSubmit(client: BenchClient, ref: Reference & { languageId: number }, pid: number) {
  const samples = Array.from({ length: MAX_GROUPS }, (_, g) => Array.from({ length: MAX_SAMPLES_A_GROUP }, (_, i) => ({
    testDataId: 0, sampleNumber: `BIG-${g}-${i}`, blockNumber: `B${1 + (i % 12)}`, cropId: ref.cropId, cultivars: [ref.cultivarId],
    growthStage: 'Flowering', organTypeEnum: 'Normal', test: 'StandardItestLeaf',
  })));
  const times: number[] = [];
  const growth: number[] = [];
  for (let n = 0; n < Math.max(1, Math.min(SAVES, 3)); n++) {
    const before = rssMB(pid);
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, rssMB(pid)); }, 10);
    const t = await timed(() => json<{ id: number }>(client, ep.submit.path, {
      clientName: `Big client ${n}`, farmName: 'Big farm', agentId: ref.agentId, depotId: ref.depotId, agronomistId: ref.agronomistId,
      languageId: ref.languageId, dateSent: '2026-11-20', dateSampled: '2026-11-18', lab: 'Manual', samples,
    }));
    clearInterval(sampler);
    times.push(t.ms);
    growth.push(Math.max(peak, rssMB(pid)) - before);
  }
  log(`\nsubmit of ${MAX_GROUPS * MAX_SAMPLES_A_GROUP} samples (${MAX_GROUPS} groups × ${MAX_SAMPLES_A_GROUP}) in one request, ${times.length} rounds (target under 3,000 ms, memory growth under 200 MB):`);
  log(`  time: median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; server memory growth: median ${median(growth).toFixed(0)} MB, max ${Math.max(...growth).toFixed(0)} MB`);
}

async function resultsTab(client: BenchClient, listed: number) {
  const send = (body: Record<string, unknown>) => client.request('POST', ep.results.path, body);
  const deep = Math.floor(listed / SIZE / 2);
  const at = await seekTo(send, deep, SIZE, 10_000);
  const client4 = (i: number) => `client ${String((i * 37) % 2000).padStart(4, '0')}`;
  const scenarios = [
    { name: 'page 1', body: () => ({ page: 1, rowsPerPage: SIZE }) },
    { name: `page ${deep + 1} (Next from ${deep})`, body: () => ({ page: deep + 1, rowsPerPage: SIZE, anchor: { page: deep, first: at.firstKey, last: at.lastKey } }) },
    { name: "search ('client 0nnn')", body: (i: number) => ({ page: 1, rowsPerPage: SIZE, search: client4(i) }) },
    { name: 'sorted by client', body: () => ({ page: 1, rowsPerPage: SIZE, sortBy: 'clientName', ascending: true }) },
  ];
  const results = scenarios.map(() => [] as { rps: number; p50: number; p95: number }[]);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [k, s] of scenarios.entries()) results[k].push(await round((i) => send(s.body(i)), REQUESTS, CONCURRENCY));
  }
  log(`\nResults tab (pagedresults), ${listed} listed, ${CONCURRENCY} connections, ${SIZE}-row pages, ${ROUNDS} rounds of ${REQUESTS} (target p95 under 100 ms); medians:`);
  log(`${'scenario'.padEnd(34)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`);
  for (const [k, s] of scenarios.entries()) {
    const xs = results[k];
    log(`${s.name.padEnd(34)}${median(xs.map((x) => x.rps)).toFixed(0).padStart(9)}${median(xs.map((x) => x.p50)).toFixed(1).padStart(9)}${median(xs.map((x) => x.p95)).toFixed(1).padStart(9)}`);
  }
}

async function main() {
  const kept = process.env.BENCH_KEEP_DB;
  const { url, drop } = kept ? await keptDatabase(SERVER_URL, kept) : await createServerDatabase(SERVER_URL);
  let server: ServerProcess | null = null;
  let client: BenchClient | null = null;
  try {
    server = await startBenchServer(url);
    client = new BenchClient(server.url, CONCURRENCY);
    await client.signIn();
    const have = await countSubmissions(url);
    const listed = have > 0 ? have : await loadSubmissions(url, log);
    const ref = await reference(url);
    await largestSubmit(client, ref, server.child.pid!);
    if (process.env.BENCH_ONLY_SUBMIT) return;
    await manualSaves(client, ref);
    await resultsTab(client, listed);
  } finally {
    client?.close();
    await server?.stop();
    await drop();
  }
}

await main();
