import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Browser tests run against the production build of the web app, built once per run. */
export default function setup() {
  if (process.env.SKIP_WEB_BUILD === '1') return;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}
