// npm run dev: the API with reload on change (tsx watch) and the web app with hot reload (Vite),
// Vite proxying /api and /messages to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();
const env = { IS_DEV: 'true', ...process.env };
const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env });
const web = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'apps/web/vite.config.ts'], { stdio: 'inherit', env });
const stop = () => {
  api.kill();
  web.kill();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
