import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The PostgreSQL server for tests that need one: TEST_DATABASE_URL, or the local server CI always runs. */
export const POSTGRES_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A free TCP port on 127.0.0.1 (asked from the system, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: string[];
  stop(): Promise<void>;
}

/**
 * The real server from its sources (node --import tsx apps/server/src/main.ts), or from `args` when given (the
 * compiled server that `npm start` runs: ['apps/server/dist/main.mjs']), on a free port, resolved once
 * /api/auth/initial answers.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000, args = ['--import', 'tsx', 'apps/server/src/main.ts']): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'admin-password-1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server process exited (${child.exitCode}):\n${output.join('')}`);
    try {
      const res = await fetch(`${url}/api/auth/initial`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`server process did not answer within ${timeoutMs} ms:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output, stop };
}
