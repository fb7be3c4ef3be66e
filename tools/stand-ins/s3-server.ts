import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * A stand-in for an S3-compatible object store: s3rver (npm, a Node fake of S3; a devDependency, unmaintained
 * since 2021, so for tests and development only). Used by the tests and, on demand, for trying the app's S3
 * file store by hand (ADR 0077):
 *   node --import tsx tools/stand-ins/s3-server.ts     (S3_STANDIN_PORT, default 4569; objects under data/s3)
 * It checks only the access key id (S3RVER), not request signatures, and knows one account.
 */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

// s3rver ships no types: the part used here is declared above
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver's one account */
export const S3_STAND_IN_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3StandIn {
  url: string;
  /** the folder s3rver keeps its buckets in */
  directory: string;
  /** the app's settings for one of its buckets */
  env(bucket: string, prefix?: string): Record<string, string>;
  /** stops answering (the port closes); start() answers again on the same port with the same objects */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** stops it, and removes its folder when it made a temporary one */
  close(): Promise<void>;
}

/** s3rver on 127.0.0.1 (a free port unless given) over a folder (a new temporary one unless given), with these buckets. */
export async function startS3StandIn(buckets: string[], opts: { port?: number; directory?: string } = {}): Promise<S3StandIn> {
  const directory = opts.directory ? resolve(opts.directory) : mkdtempSync(join(tmpdir(), 'sapwood-s3-'));
  mkdirSync(directory, { recursive: true });
  let port = opts.port ?? 0;
  let running: S3rverInstance | null = null;
  const start = async () => {
    if (running) return;
    const server = new S3rver({ port, address: '127.0.0.1', directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
    port = (await server.run()).port;
    running = server;
  };
  const stop = async () => {
    const server = running;
    running = null;
    if (server) await server.close();
  };
  await start();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    directory,
    env: (bucket, prefix) => ({
      S3_URL: url,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3_STAND_IN_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_STAND_IN_KEY.secretAccessKey,
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    start,
    stop,
    async close() {
      await stop();
      if (!opts.directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const s = await startS3StandIn(['sapwood'], { port: Number(process.env.S3_STANDIN_PORT ?? 4569), directory: process.env.S3_STANDIN_DIR ?? 'data/s3' });
  const settings = Object.entries(s.env('sapwood')).map(([k, v]) => `${k}=${v}`).join(' ');
  console.log(`S3 stand-in (s3rver) listening on ${s.url}, objects under ${s.directory}. Start the app with:\n  ${settings} npm start`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void s.close().finally(() => process.exit(0)));
}
