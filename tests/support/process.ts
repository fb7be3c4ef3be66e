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
 * compiled server that `npm start` runs: ['apps/server/dist/main.mjs']), resolved once /api/auth/initial answers.
 * It listens on PORT=0 and tells its port over the IPC channel: a port asked for first and released could be taken
 * by another test's server in between, and the readiness check would then reach that server instead.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000, args = ['--import', 'tsx', 'apps/server/src/main.ts']): Promise<ServerProcess> {
  const output: string[] = [];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'admin-password-1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  let port = 0;
  child.on('message', (m: unknown) => {
    if (typeof m === 'object' && m !== null && (m as { sapwood?: unknown }).sapwood === 'listening') port = Number((m as { port?: unknown }).port);
  });
  // the channel must not keep this (test) process waiting on a child that was left running
  child.channel?.unref();
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server process exited (${child.exitCode}):\n${output.join('')}`);
    if (port) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/auth/initial`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        if (res.ok) break;
      } catch {
        /* not answering yet */
      }
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`server process did not answer within ${timeoutMs} ms:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, child, output, stop };
}
