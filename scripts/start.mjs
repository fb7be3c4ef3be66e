// npm start: installs what is missing, builds the web app, then runs the server (migrations and demo
// data are applied by the server at start). One port serves the web app and the API.
import { spawn, execFileSync } from 'node:child_process';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();
console.log('Building the web app…');
execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
child.on('exit', (code) => process.exit(code ?? 0));
