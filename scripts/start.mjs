// npm start: installs what is missing, builds the web app and the server where their sources changed
// (build-server.mjs, ADR 0115), then runs the compiled server with plain node (migrations and demo
// data are applied by the server at start; demo data on a new embedded database only, demo-data.mjs). One port
// serves the web app and the API. The outside systems' stand-ins (MFW and the two labs) run next to it unless
// their URLs are set, so the demo works end to end.
import { spawn } from 'node:child_process';
import { buildServer, buildWeb } from './build-server.mjs';
import { askForDemoData } from './demo-data.mjs';
import { ensureDeps } from './ensure-deps.mjs';
import { startStandIns, standInsReady } from './stand-ins.mjs';

ensureDeps();
if (await buildWeb()) console.log('Built the web app.');
if (await buildServer()) console.log('Built the server.');
const standIns = await startStandIns();
const env = { NODE_ENV: 'production', ...standIns.env, ...process.env, ...askForDemoData(process.env, process.cwd()) };
if (env.SEED_DEMO === 'true' && process.env.SEED_DEMO === undefined) console.log('A new embedded database: demo data will be seeded (SEED_DEMO=false starts it empty).');
await standInsReady(env);
const child = spawn(process.execPath, ['apps/server/dist/main.mjs'], { stdio: 'inherit', env });
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => { child.kill(s); standIns.stop(); });
child.on('exit', (code) => { standIns.stop(); process.exit(code ?? 0); });
