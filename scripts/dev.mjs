// npm run dev: the API with reload on change (tsx watch) and the web app with hot reload (Vite),
// Vite proxying /api and /messages to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();
const mfwPort = process.env.MFW_STANDIN_PORT ?? '4010';
const env = { IS_DEV: 'true', MFW_URL: `http://127.0.0.1:${mfwPort}`, MFW_API_KEY: 'dev-key', ...process.env };
// A stand-in for the farm-management system, so 'Upload to MFW' works in development.
const mfw = spawn(process.execPath, ['--import', 'tsx', 'tools/stand-ins/mfw-server.ts'], { stdio: 'inherit', env: { ...env, MFW_STANDIN_PORT: mfwPort } });
const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env });
const web = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'apps/web/vite.config.ts'], { stdio: 'inherit', env });
const stop = () => {
  api.kill();
  web.kill();
  mfw.kill();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
