// npm run bench:entry — Enter-to-next-row in the job results dialog, this checkout's web app against the one
// at BENCH_BASELINE_REF (default efe23ae, the last commit before the dense entry layout), side by side.
// Both web builds are served by this checkout's server over one fresh database; a 500-row job is opened in
// Debian's Chromium and values are typed and entered by keyboard, in interleaved rounds (A B A B ...).
// The figure is the time from the Enter key to the next row's cell having focus and the next frame painted.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchBrowser, signInThroughUi } from '../tests/support/browser';
import { seedCarbohydrateReference, seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BASELINE = process.env.BENCH_BASELINE_REF ?? 'efe23ae';
const ROWS = 500;
const ENTERS = Number(process.env.BENCH_ENTERS ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const log = (s: string) => console.log(s);

function build(configDir: string, outDir: string) {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', join(configDir, 'apps/web/vite.config.ts'),
    '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: configDir, stdio: 'inherit' });
}

/** this checkout's web app and the baseline's, each built into its own directory */
function buildBoth(tmp: string): { current: string; baseline: string } {
  const current = join(tmp, 'current');
  build(ROOT, current);
  const tree = join(tmp, 'tree');
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', tree, BASELINE], { cwd: ROOT, stdio: 'inherit' });
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
    const baseline = join(tmp, 'baseline');
    build(tree, baseline);
    return { current, baseline };
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT, stdio: 'inherit' });
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const median = (xs: number[]) => pct(xs, 50);

/** One round: a fresh job of ROWS rows, ENTERS values typed and entered; answers each Enter's latency in ms. */
async function round(browser: Browser, server: TestServer, user: { email: string; password: string }, jobId: number): Promise<{ lat: number[]; focus: number[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await signInThroughUi(page, server.url, user, `/labjobs?results=${jobId}`);
  await page.getByTestId('result-0-sugar').click();
  await page.evaluate(() => {
    const w = window as unknown as { __lat: number[]; __focus: number[]; __t0: number };
    w.__lat = [];
    w.__focus = [];
    w.__t0 = 0;
    document.addEventListener('keydown', (e) => { if (e.key === 'Enter') w.__t0 = performance.now(); }, { capture: true });
    document.addEventListener('focusin', () => {
      if (!w.__t0) return;
      const t0 = w.__t0;
      w.__t0 = 0;
      w.__focus.push(performance.now() - t0);
      requestAnimationFrame(() => setTimeout(() => w.__lat.push(performance.now() - t0), 0));
    });
  });
  for (let i = 0; i < ENTERS; i++) {
    await page.keyboard.type(String(1 + (i % 9)));
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => (window as unknown as { __lat: number[] }).__lat.length >= n, i + 1);
  }
  const lat = await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
  const focus = await page.evaluate(() => (window as unknown as { __focus: number[] }).__focus);
  await page.close();
  return { lat, focus };
}

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'sapwood-bench-entry-'));
  const browser = await launchBrowser({ reducedMotion: false });
  const servers: TestServer[] = [];
  try {
    log(`building this checkout's web app and ${BASELINE}'s …`);
    const dists = buildBoth(tmp);
    const variants = [
      { name: `baseline (${BASELINE})`, dist: dists.baseline },
      { name: 'current', dist: dists.current },
    ];
    const setups = [];
    for (const v of variants) {
      const server = await startTestServer({}, { WEB_DIST: v.dist });
      servers.push(server);
      const db = server.built.deps.db;
      const ref = await seedCarbohydrateReference(db);
      const user = await createUser(db, ['LabJobs'], { name: 'Bench Tech' });
      const jobs: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const samples = Array.from({ length: ROWS }, (_, i) => ({ sampleNumber: `E${r}-${String(i + 1).padStart(3, '0')}` }));
        jobs.push((await seedLabJob(db, ref, { samples })).jobId);
      }
      setups.push({ ...v, server, user, jobs, lat: [] as number[], focus: [] as number[] });
    }
    for (let r = 0; r < ROUNDS; r++) {
      for (const s of setups) {
        const m = await round(browser, s.server, s.user, s.jobs[r]);
        s.lat.push(...m.lat);
        s.focus.push(...m.focus);
      }
    }
    log(`\nEnter to next row, ${ROWS}-row results dialog, ${ENTERS} Enters × ${ROUNDS} interleaved rounds (ms):`);
    log('variant'.padEnd(28) + 'focus p50'.padStart(10) + 'p95'.padStart(8) + '  painted p50'.padStart(14) + 'p95'.padStart(8) + 'max'.padStart(8));
    for (const s of setups) {
      log(s.name.padEnd(28) + median(s.focus).toFixed(1).padStart(10) + pct(s.focus, 95).toFixed(1).padStart(8)
        + median(s.lat).toFixed(1).padStart(14) + pct(s.lat, 95).toFixed(1).padStart(8) + Math.max(...s.lat).toFixed(1).padStart(8));
    }
    const [a, b] = setups;
    log(`current / baseline, painted: p50 ${(median(b.lat) / median(a.lat)).toFixed(2)}×, p95 ${(pct(b.lat, 95) / pct(a.lat, 95)).toFixed(2)}×;`
      + ` focus: p50 ${(median(b.focus) / median(a.focus)).toFixed(2)}×`);
  } finally {
    await browser.close();
    for (const s of servers) await s.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
