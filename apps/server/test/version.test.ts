import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createServerDatabase } from '../../../tests/support/database';
import { POSTGRES_SERVER_URL, type ServerProcess, startServerProcess } from '../../../tests/support/process';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';

/** The live version notice at /messages, on one process and across processes sharing one PostgreSQL server. */
interface Listener {
  socket: WebSocket;
  versions: string[];
}

/** A signed-in page of the server's own origin (only such a page may open /messages). */
async function connect(baseUrl: string, clientVersion?: string): Promise<Listener> {
  const { cookie } = await signedIn(baseUrl, ADMIN);
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/messages`, { origin: baseUrl, headers: { cookie } });
  const versions: string[] = [];
  socket.on('message', (raw: Buffer) => {
    const msg = JSON.parse(raw.toString()) as { type: string; version: string };
    expect(msg.type).toBe('Version');
    versions.push(msg.version);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  if (clientVersion) socket.send(JSON.stringify({ type: 'ClientVersion', version: clientVersion }));
  return { socket, versions };
}

describe('ClientVersion → Version on one process', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ APP_VERSION: '3.1.4' });
  });
  afterAll(() => server.close());

  it('answers a ClientVersion message with the server version', async () => {
    const l = await connect(server.url);
    await expect.poll(() => l.versions.length).toBeGreaterThanOrEqual(1); // pushed on connect
    const before = l.versions.length;
    l.socket.send(JSON.stringify({ type: 'ClientVersion', version: '3.0.0' }));
    await expect.poll(() => l.versions.length).toBe(before + 1);
    expect(new Set(l.versions)).toEqual(new Set(['3.1.4']));
    l.socket.close();
  });

  it('ignores messages it does not understand and keeps the connection', async () => {
    const l = await connect(server.url);
    await expect.poll(() => l.versions.length).toBe(1);
    l.socket.send('not json');
    l.socket.send(JSON.stringify({ type: 'Unknown' }));
    l.socket.send(JSON.stringify({ type: 'ClientVersion', version: '1' }));
    await expect.poll(() => l.versions.length).toBe(2);
    expect(l.socket.readyState).toBe(WebSocket.OPEN);
    l.socket.close();
  });
});

describe('across two server processes on one PostgreSQL database', () => {
  let drop: () => Promise<void>;
  let url: string;
  const processes: ServerProcess[] = [];

  let filesDir: string;

  beforeAll(async () => {
    ({ url, drop } = await createServerDatabase(POSTGRES_SERVER_URL));
    // the servers of a database share one file store (ADR 0108)
    filesDir = await mkdtemp(join(tmpdir(), 'sapwood-version-files-'));
  });
  afterAll(async () => {
    for (const p of processes) await p.stop();
    await drop?.();
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  it('a client of process A hears the version of process B when B starts', async () => {
    const a = await startServerProcess({ DATABASE_URL: url, FILES_DIR: filesDir, APP_VERSION: '1.0.0-a' });
    processes.push(a);
    const listener = await connect(a.url, '1.0.0-a');
    await expect.poll(() => listener.versions).toContain('1.0.0-a');

    const b = await startServerProcess({ DATABASE_URL: url, FILES_DIR: filesDir, APP_VERSION: '1.0.0-b' });
    processes.push(b);
    await expect.poll(() => listener.versions.at(-1), { timeout: 10_000 }).toBe('1.0.0-b');

    // A client that connects to A afterwards is told the newest version straight away.
    const late = await connect(a.url, '1.0.0-a');
    await expect.poll(() => late.versions.at(-1)).toBe('1.0.0-b');
    listener.socket.close();
    late.socket.close();
  }, 90_000);
});
