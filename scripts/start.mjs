// npm start: installs what is missing, builds the web app, then runs the server (migrations and demo
// data are applied by the server at start; demo data on a new embedded database only, demo-data.mjs). One port
// serves the web app and the API. The outside systems' stand-ins (MFW and the two labs) run next to it unless
// their URLs are set, so the demo works end to end.
import { spawn, execFileSync } from 'node:child_process';
import { askForDemoData } from './demo-data.mjs';
import { ensureDeps } from './ensure-deps.mjs';
import { startStandIns, standInsReady } from './stand-ins.mjs';

ensureDeps();
console.log('Building the web app…');
execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
const standIns = startStandIns();
const env = { NODE_ENV: 'production', ...standIns.env, ...process.env, ...askForDemoData(process.env, process.cwd()) };
if (env.SEED_DEMO === 'true' && process.env.SEED_DEMO === undefined) console.log('A new embedded database: demo data will be seeded (SEED_DEMO=false starts it empty).');
await standInsReady(env);
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit', env });
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => { child.kill(s); standIns.stop(); });
child.on('exit', (code) => { standIns.stop(); process.exit(code ?? 0); });
