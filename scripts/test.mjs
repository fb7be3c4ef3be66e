// npm test: every check, in order, on a fresh clone with nothing run first.
//   type check and lint (side by side) → unit → API (PGlite) → API (PostgreSQL server, when TEST_DATABASE_URL is set) → browser
// It installs what it lacks (npm dependencies; Debian's Chromium when run as root) or says what to install.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();

// Debian packages the tests use as real readers and drivers: Chromium (browser tests), pdftotext (report PDFs),
// LibreOffice Calc (a second reader of the Excel downloads), pg_dump/pg_restore (backup and restore on a PostgreSQL server).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const onPath = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;
const needed = [
  [existsSync(chromium), 'chromium'],
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

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failures.push(name);
  return r.status === 0;
}

function vitest(name, project, env = {}, workers = 2) {
  const file = `${out}/${name.replace(/\W+/g, '-')}.json`;
  const ok = step(name, process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', project, `--maxWorkers=${workers}`, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env);
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

const [tsc, lint] = await together([
  ['type check', process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.']],
  ['lint', process.execPath, ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0']],
]);
vitest('unit', 'unit');
const { TEST_DATABASE_URL, ...envWithoutServer } = process.env;
process.env = envWithoutServer;
vitest('api (PGlite)', 'api');
// the same suite again on the server; its generated-input searches (the no-5xx property and the like) run 15
// inputs an endpoint there: the 50 of the PGlite run explore the inputs, this run the server's behaviour (CI time)
if (TEST_DATABASE_URL) vitest('api (PostgreSQL server)', 'api', { TEST_DATABASE_URL, PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? '15' });
else console.log('\n(TEST_DATABASE_URL not set: API tests ran on PGlite only)');
// two browser test files at a time on CI's two cores (BROWSER_WORKERS sets it): four, tried in a fresh-clone CI run,
// took 929 s (two took about 660 s the run before, with fewer tests) and timed out opening the big grids
vitest('browser', 'browser', {}, Number(process.env.BROWSER_WORKERS ?? 2));

console.log('\n=== summary ===');
if (!tsc) console.log('type check failed');
if (!lint) console.log('lint failed');
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
for (const t of failedTests) console.log(`FAILED ${t}`);
console.log(`${passed} passed, ${failed + (tsc ? 0 : 1) + (lint ? 0 : 1)} failed`);
process.exit(failures.length ? 1 : 0);
