// The outside systems' stand-ins (tools/stand-ins/), started for `npm run dev` and `npm start`'s demo when
// their URLs are not set: the farm-management system (MFW), the two labs (Nvirotek, Wynland) and the field
// capture app. Answers the environment that points the app at them, and a stop for all of them.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

const STAND_INS = [
  { name: 'MFW', file: 'tools/stand-ins/mfw-server.ts', url: 'MFW_URL', key: 'MFW_API_KEY', portVar: 'MFW_STANDIN_PORT', port: '4010' },
  { name: 'Nvirotek', file: 'tools/stand-ins/nvirotek-server.ts', url: 'NVIROTEK_URL', key: 'NVIROTEK_API_KEY', portVar: 'NVIROTEK_STANDIN_PORT', port: '4011' },
  { name: 'Wynland', file: 'tools/stand-ins/wynland-server.ts', url: 'WYNLAND_URL', key: 'WYNLAND_API_KEY', portVar: 'WYNLAND_STANDIN_PORT', port: '4012' },
  { name: 'Capture app', file: 'tools/stand-ins/capture-server.ts', url: 'CAPTURE_URL', key: 'CAPTURE_API_KEY', portVar: 'CAPTURE_STANDIN_PORT', port: '4013' },
];

/** Whether `port` on 127.0.0.1 can be listened on now; 0 asks for any free port. Answers the port listened on, or null. */
function tryPort(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(null));
    probe.listen(Number(port), '127.0.0.1', () => {
      const { port: got } = probe.address();
      probe.close(() => resolve(String(got)));
    });
  });
}

/**
 * The stand-in's port: the one set in `env` (used as it is), else its default, else, when another program holds the
 * default (a second `npm start` or `npm run dev` beside the first), a free port, said once: the stand-in would
 * otherwise fail with a stack trace and this app would talk to the other one's stand-in.
 */
async function portOf(s, env) {
  if (env[s.portVar]) return env[s.portVar];
  if ((await tryPort(s.port)) !== null) return s.port;
  const free = await tryPort(0);
  console.log(`Port ${s.port} is in use: the ${s.name} stand-in listens on ${free} instead.`);
  return free;
}

/** Starts each stand-in whose URL is not set in `env`; answers the env to give the app and a stop. */
export async function startStandIns(env = process.env) {
  const out = {};
  const children = [];
  for (const s of STAND_INS) {
    if (env[s.url]) continue;
    const port = await portOf(s, env);
    const key = env[s.key] ?? 'dev-key';
    children.push(spawn(process.execPath, ['--import', 'tsx', s.file], { stdio: ['pipe', 'inherit', 'inherit'], env: { ...env, [s.portVar]: port, [s.key]: key } }));
    Object.assign(out, { [s.url]: `http://127.0.0.1:${port}`, [s.key]: key });
  }
  return { env: out, stop: () => children.forEach((c) => c.kill()) };
}

/** Waits (up to 10 s) until every stand-in URL of `env` answers, so the app's demo data can use them. */
export async function standInsReady(env) {
  const urls = STAND_INS.map((s) => env[s.url]).filter(Boolean);
  const deadline = Date.now() + 10_000;
  for (const url of urls) {
    for (;;) {
      try {
        await fetch(`${url}/__requests`);
        break;
      } catch {
        if (Date.now() > deadline) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
}
