import { type Server, createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startStandIns, standInsReady } from '../../../scripts/stand-ins.mjs';

/**
 * `npm start` and `npm run dev` start the outside systems' stand-ins on their default ports (scripts/stand-ins.mjs).
 * A second app beside the first (another checkout's demo) found those ports taken: its stand-in died with a stack
 * trace and the app talked to the other one's stand-in. A taken default port is now swapped for a free one.
 */
let holder: Server | null = null;
let stop: (() => void) | null = null;
afterAll(() => {
  stop?.();
  holder?.close();
});

/** Makes sure something listens on the port: this test, or whatever already holds it. */
async function held(port: number): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve) => {
    server.once('error', () => resolve());
    server.listen(port, '127.0.0.1', () => {
      holder = server;
      resolve();
    });
  });
}

describe('stand-ins beside another app', () => {
  it('start on a free port when the default one is taken, and answer there', async () => {
    await held(4010);
    // only the MFW stand-in: the others' URLs are set
    const started = await startStandIns({ PATH: process.env.PATH, HOME: process.env.HOME, NVIROTEK_URL: 'http://127.0.0.1:9', WYNLAND_URL: 'http://127.0.0.1:9', CAPTURE_URL: 'http://127.0.0.1:9' });
    stop = started.stop;
    expect(Object.keys(started.env).sort()).toEqual(['MFW_API_KEY', 'MFW_URL']);
    expect(started.env.MFW_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(started.env.MFW_URL).not.toBe('http://127.0.0.1:4010');
    await standInsReady(started.env);
    const answer = await fetch(`${started.env.MFW_URL}/__received`);
    expect(answer.status).toBe(200);
  }, 30_000);
});
