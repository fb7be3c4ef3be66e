// npm test: every check, in order, on a fresh clone with nothing run first.
//   type check, lint and unit (side by side) → API (PGlite) → browser, with API (PostgreSQL server, when
//   TEST_DATABASE_URL is set) beside it
// It installs what it lacks (npm dependencies; Debian's Chromium when run as root) or says what to install.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();

// Debian packages the tests use as real readers and drivers: Chromium's headless shell (browser tests, ADR 0236), pdftotext (report PDFs),
// LibreOffice Calc (a second reader of the Excel downloads), pg_dump/pg_restore (backup and restore on a PostgreSQL server).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const onPath = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;
const needed = [
  [existsSync(chromium), 'chromium-headless-shell'],
  [onPath('pdftotext'), 'poppler-utils'],
  [onPath('soffice'), 'libreoffice-calc'],
  [onPath('pg_dump') && onPath('pg_restore'), 'postgresql-client'],
].filter(([present]) => !present).map(([, pkg]) => pkg);
if (needed.length) {
  if (process.getuid?.() === 0) {
    console.log(`Installing Debian packages the tests need: ${needed.join(' ')}…`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${needed.join(' ')}`, { stdio: 'inherit' });
  } else {
    console.error(`The tests need these Debian packages: sudo apt-get install -y ${needed.join(' ')}`);
    process.exit(1);
  }
}

const out = '.test-artifacts';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];
const failedTests = [];
const times = [];

/**
 * CPU seconds of this process's finished children (with theirs), from /proc/self/stat (Linux; 0 elsewhere): a step's
 * CPU against its wall time says whether it kept CI's two cores busy (ADR 0185). PostgreSQL's own processes are not
 * ours and are not counted.
 */
function childCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in clock ticks of 1/100 s
  } catch {
    return 0;
  }
}

/**
 * Runs `fn` and keeps its wall and CPU time for the summary; `alone: false` (a step with another beside it, whose CPU
 * cannot be told apart) keeps the wall time only.
 */
async function timed(name, fn, alone = true) {
  const start = Date.now();
  const cpu = childCpu();
  const result = await fn();
  times.push({ name, wall: (Date.now() - start) / 1000, cpu: alone ? childCpu() - cpu : undefined });
  return result;
}

/** Names each failed test (and a suite that failed to load) with the start of its message, for the summary. */
function collectFailures(name, report) {
  for (const file of report.testResults ?? []) {
    const where = relative(process.cwd(), file.name ?? '');
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) failedTests.push(`[${name}] ${where} > ${t.fullName}\n    ${firstLines(t.failureMessages?.join('\n'))}`);
    if (!tests.length && file.status === 'failed') failedTests.push(`[${name}] ${where}\n    ${firstLines(file.message)}`);
  }
}

function firstLines(text = '') {
  return text.split('\n').slice(0, 6).join('\n    ').slice(0, 1200);
}

/** A step with its output shown as it comes (spawned, not spawnSync: a step beside it must keep being read). */
function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (code !== 0) failures.push(name);
      resolve(code === 0);
    });
  });
}

/**
 * A step whose output goes to `log` (read it there while it runs) and is printed whole after the step it runs beside;
 * `nice` lowers its priority, so the step in front gets the CPU it asks for and this one the rest.
 */
function background(name, cmd, args, env, log) {
  const niced = onPath('nice') ? ['nice', ['-n', '5', cmd, ...args]] : [cmd, args];
  const child = spawn(niced[0], niced[1], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const file = createWriteStream(log);
  child.stdout.pipe(file, { end: false });
  child.stderr.pipe(file, { end: false });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      file.end(() => {
        console.log(`\n=== ${name} (ran beside the browser tests; its output is also in ${log}) ===`);
        process.stdout.write(readFileSync(log));
        if (code !== 0) failures.push(name);
        resolve(code === 0);
      });
    });
  });
}

function vitestArgs(project, file, workers) {
  return ['node_modules/vitest/vitest.mjs', 'run', '--project', project, `--maxWorkers=${workers}`, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
}

const reportFile = (name) => `${out}/${name.replace(/\W+/g, '-')}.json`;

async function vitest(name, project, env = {}, workers = 2) {
  const file = reportFile(name);
  count(name, file, await step(name, process.execPath, vitestArgs(project, file, workers), env));
}

/** Adds a vitest step's JSON report to the totals and the list of failures. */
function count(name, file, ok) {
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    collectFailures(name, r);
    if (!ok && (r.numFailedTests ?? 0) === 0) failed += 1; // a suite that failed to load
  } else if (!ok) failed += 1;
}

/**
 * Runs steps at the same time, each output kept and printed whole when it ends (the type check and lint are one
 * thread each: side by side on CI's two cores they take the time of the longer one).
 */
function together(steps) {
  return Promise.all(steps.map(([name, cmd, args]) => new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code) => {
      console.log(`\n=== ${name} ===`);
      process.stdout.write(Buffer.concat(chunks));
      if (code !== 0) failures.push(name);
      resolve(code === 0);
    });
  })));
}

// The unit tests run beside the type check and lint (one thread each, which leave CI's two cores room: ADR 0243).
const [[tsc, lint]] = await timed('type check ∥ lint ∥ unit', () => Promise.all([
  together([
    ['type check', process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.']],
    ['lint', process.execPath, ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0']],
  ]),
  vitest('unit', 'unit'),
]));
const { TEST_DATABASE_URL, ...envWithoutServer } = process.env;
process.env = envWithoutServer;
// three files at a time (API_WORKERS sets it): with two, the pass kept one core busy on average, its files waiting on
// timers, polls and outside stand-ins more than they compute (ADR 0243)
await timed('api (PGlite)', () => vitest('api (PGlite)', 'api', {}, Number(process.env.API_WORKERS ?? 3)));
// The same API suite again on the server runs beside the browser tests (ADR 0185): the browser step waits on pages
// more than it computes, and this pass, at a lower priority, takes the CPU it leaves. Its generated-input searches
// (the no-5xx property and the like) run 15 inputs an endpoint there: the 50 of the PGlite run explore the inputs,
// this run the server's behaviour (CI time).
const serverPass = 'api (PostgreSQL server)';
// one file at a time (SERVER_API_WORKERS sets it): two finished with the browser step but loaded it enough for two
// browser tests to lose races they had won (ADR 0243)
const serverWorkers = Number(process.env.SERVER_API_WORKERS ?? 1);
// two browser test files at a time on CI's two cores (BROWSER_WORKERS sets it): four, tried in a fresh-clone CI run,
// took 929 s (two took about 660 s the run before, with fewer tests) and timed out opening the big grids
const browser = () => vitest('browser', 'browser', {}, Number(process.env.BROWSER_WORKERS ?? 2));
if (TEST_DATABASE_URL) {
  const env = { TEST_DATABASE_URL, PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? '15' };
  await timed(`browser ∥ ${serverPass}`, async () => {
    const file = reportFile(serverPass);
    const server = background(serverPass, process.execPath, vitestArgs('api', file, serverWorkers), env, `${out}/api-PostgreSQL-server.log`);
    await timed('browser', browser, false);
    count(serverPass, file, await server);
  });
} else {
  console.log('\n(TEST_DATABASE_URL not set: API tests ran on PGlite only)');
  await timed('browser', browser);
}

console.log('\n=== summary ===');
if (!tsc) console.log('type check failed');
if (!lint) console.log('lint failed');
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
for (const t of failedTests) console.log(`FAILED ${t}`);
for (const t of times) {
  const cpu = t.cpu === undefined ? '' : `, ${Math.round(t.cpu)} CPU s (${Math.round((100 * t.cpu) / Math.max(t.wall, 1))}% of one core)`;
  console.log(`${t.name}: ${Math.round(t.wall)} s${cpu}`);
}
console.log(`${passed} passed, ${failed + (tsc ? 0 : 1) + (lint ? 0 : 1)} failed`);
process.exit(failures.length ? 1 : 0);
