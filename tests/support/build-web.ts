import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Browser tests run against the production build of the web app, built once per run. */
export default function setup() {
  if (process.env.SKIP_WEB_BUILD === '1') return;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // vitest sets NODE_ENV=test, under which Vite builds React's development code (513 KB against 313 KB for the
    // entry, and several times slower to render): the tests use the production build a user gets
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
