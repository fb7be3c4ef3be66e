import { startBaselineProcess } from '/work/main/bench/baseline-server';
import { BENCH_ADMIN, BenchClient } from '/work/main/bench/bench-server';
import { startServerProcess } from '/work/main/tests/support/process';
import { LEAFS_PATH } from '/work/main/bench/leafs-scenarios';
const url = 'postgres://postgres@127.0.0.1:5432/sapwood_bench_lists';
const which = process.env.WHICH ?? 'app';
let target: string; let stop: () => Promise<void>;
if (which === 'app') {
  const s = await startServerProcess({ DATABASE_URL: url, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, LOG_LEVEL: 'warn', NODE_ENV: 'production', DB_POOL_MAX: '20', AUTH_RATE_LIMIT: '1000', FILES_DIR: '/work/main/data/files' }, 300_000, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', 'apps/server/dist/main.mjs']);
  target = s.url; stop = async () => { await (s as any).stop(); };
} else {
  const b = await startBaselineProcess(url, 20, {}, ['--no-allocation-site-pretenuring', '--cpu-prof', '--cpu-prof-dir=/tmp/prof']);
  target = b.url; stop = () => b.close();
}
const c = new BenchClient(target, 20); if (which === 'app') await c.signIn();
const path = which === 'app' ? LEAFS_PATH : '/leafs';
const body = which === 'app' ? { page: 1, rowsPerPage: 50 } : { scenario: 'page1', size: 50 };
const t = Date.now(); let n = 0;
await Promise.all(Array.from({ length: 20 }, async () => { while (n < 30000) { n++; await c.request('POST', path, body); } }));
console.log(which, 'req/s', Math.round(30000 / ((Date.now() - t) / 1000)));
c.close(); await stop(); process.exit(0);
