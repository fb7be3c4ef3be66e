// npm run dev: the API with reload on change (tsx watch) and the web app with hot reload (Vite),
// Vite proxying /api and /messages to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { askForDemoData } from './demo-data.mjs';
import { ensureDeps } from './ensure-deps.mjs';
import { startStandIns, standInsReady } from './stand-ins.mjs';

ensureDeps();
// Stand-ins for the farm-management system and the two labs, so 'Upload to MFW' and the lab crop sync work.
const standIns = await startStandIns();
// demo data on a new embedded database, as npm start (demo-data.mjs)
const env = { IS_DEV: 'true', ...standIns.env, ...process.env, ...askForDemoData(process.env, process.cwd()) };
await standInsReady(env);
const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env });
const web = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'apps/web/vite.config.ts'], { stdio: 'inherit', env });
const stop = () => {
  api.kill();
  web.kill();
  standIns.stop();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
