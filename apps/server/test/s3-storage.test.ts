import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distributorEndpoints as distributors, distributorLogoUrl } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { createServerDatabase, freshDatabase } from '../../../tests/support/database';
import { onServerPass } from '../../../tests/support/passes';
import { type ServerProcess, startServerProcess } from '../../../tests/support/process';
import { type S3StandIn, startS3StandIn } from '../../../tools/stand-ins/s3-server';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';
import { type BuiltApp, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { LocalDiskStorage } from '../src/platform/storage/local-disk';
import { S3Storage } from '../src/platform/storage/s3';
import { createStorage, readAll } from '../src/platform/storage/storage';

/**
 * The file store in an S3-compatible object store (ADR 0077), against s3rver (a Node fake of S3, started
 * here on a free port over a temporary folder): the storage's contract, the settings, and the app keeping
 * its files in the bucket so that several app servers share them.
 */
const BUCKET = 'sapwood-files';
const SECRET = 'not-to-be-seen-secret-8d1f';
let s3: S3StandIn;
const temps: string[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

function temp(): string {
  const d = mkdtempSync(join(tmpdir(), 'sapwood-s3-test-'));
  temps.push(d);
  return d;
}

beforeAll(async () => {
  s3 = await startS3StandIn([BUCKET, 'sapwood-other']);
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  await s3?.close();
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

const storageOf = (prefix?: string, bucket = BUCKET) =>
  new S3Storage({ url: s3.url, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: SECRET, prefix });

const png = (color = '#2f855a') => sharp({ create: { width: 400, height: 200, channels: 3, background: color } }).png().toBuffer();

/** Posts the distributor form with a logo, as the dialog does. */
async function uploadLogo(base: string, client: ApiClient, fields: Record<string, string>, image: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('newImage', 'true');
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'logo.png');
  const res = await fetch(base + distributors.upsert.path, { method: 'POST', body: form, headers: { cookie: client.cookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function fetchLogo(base: string, client: ApiClient, url: string) {
  const res = await fetch(base + url, { headers: { cookie: client.cookie } });
  return { status: res.status, data: Buffer.from(await res.arrayBuffer()) };
}

const logoKey = (saved: { imagePath: string; imageHash: string }, low = false) => `distributors/${saved.imagePath}-${saved.imageHash}${low ? '-low' : ''}.png`;

// no database: run in the PGlite pass only (tests/support/passes.ts)
describe.skipIf(onServerPass)('the S3 file store (S3Storage against s3rver)', () => {
  it('puts, gets, lists and deletes objects under its prefix; a missing key is null, deleting one is no error', async () => {
    const store = storageOf('lab-a');
    await store.verify();
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 7919) % 256;
    await store.put('reports/carbohydrate/1.pdf', bytes);
    await store.put('distributors/ab12-cd34.png', Buffer.from('first'));
    await store.put('distributors/ab12-cd34.png', Buffer.from('second, replacing the first'));

    expect((await readAll(store, 'reports/carbohydrate/1.pdf'))?.equals(bytes)).toBe(true);
    expect((await readAll(store, 'distributors/ab12-cd34.png'))?.toString()).toBe('second, replacing the first');
    expect(await store.get('distributors/no-such.png')).toBeNull();
    expect(await store.get('../outside/x.png')).toBeNull();
    await expect(store.put('Not/A Key', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    expect(await store.list()).toEqual(['distributors/ab12-cd34.png', 'reports/carbohydrate/1.pdf']);

    // the objects sit under the prefix in the bucket; another prefix does not see them
    expect(await storageOf().list()).toEqual(['lab-a/distributors/ab12-cd34.png', 'lab-a/reports/carbohydrate/1.pdf']);
    expect(await storageOf('lab-b').list()).toEqual([]);
    expect(await storageOf('lab-b').get('distributors/ab12-cd34.png')).toBeNull();

    await store.delete('distributors/ab12-cd34.png');
    await store.delete('distributors/ab12-cd34.png');
    await store.delete('distributors/never-there.png');
    expect(await store.get('distributors/ab12-cd34.png')).toBeNull();
    expect(await store.list()).toEqual(['reports/carbohydrate/1.pdf']);
    await store.delete('reports/carbohydrate/1.pdf');
    expect(await store.list()).toEqual([]);
    store.close();
  });

  it('lists more than one page of objects (ListObjects paged by marker)', async () => {
    const store = storageOf('many');
    const keys = Array.from({ length: 1005 }, (_, i) => `files/k${String(i).padStart(4, '0')}.txt`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => store.put(k, Buffer.from(k))));
    expect(await store.list()).toEqual(keys);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => store.delete(k)));
    store.close();
  }, 60_000);

  it('answers a 503 error when the store cannot be reached, and tells the log without the secret', async () => {
    const lines: object[] = [];
    const down = new S3Storage(
      { url: 'http://127.0.0.1:9', bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: SECRET },
      { error: (obj, msg) => lines.push({ ...obj, msg }) },
    );
    for (const call of [() => down.put('distributors/a-b.png', Buffer.from('x')), () => down.get('distributors/a-b.png'), () => down.delete('distributors/a-b.png'), () => down.list()]) {
      await expect(call()).rejects.toMatchObject({ status: 503, code: 'StorageUnavailable' });
    }
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatchObject({ msg: 'file store request failed', op: 'put', key: 'distributors/a-b.png' });
    expect(JSON.stringify(lines)).not.toContain(SECRET);
    await expect(down.verify()).rejects.toThrow(/The file store S3 bucket sapwood-files at http:\/\/127\.0\.0\.1:9 cannot be used: it did not answer/);
    down.close();
  });
});

describe.skipIf(onServerPass)('the S3 settings', () => {
  const base = { DATA_DIR: '/tmp/unused' };
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
      return '';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('S3_BUCKET chooses the bucket, otherwise the folder; the settings are checked together', () => {
    expect(createStorage(loadConfig(base))).toBeInstanceOf(LocalDiskStorage);
    const config = loadConfig({ ...base, ...s3.env(BUCKET, 'lab-a') });
    expect(config.S3_REGION).toBe('us-east-1');
    const store = createStorage(config);
    expect(store).toBeInstanceOf(S3Storage);
    expect(store.description).toBe(`S3 bucket ${BUCKET}/lab-a at ${s3.url}`);
    store.close?.();

    expect(problem({ S3_BUCKET: BUCKET })).toContain('S3_URL: required with S3_BUCKET');
    expect(problem({ S3_BUCKET: BUCKET, S3_URL: 'ftp://x' })).toContain('S3_URL: must be an http:// or https:// URL');
    expect(problem({ S3_BUCKET: 'Not_A_Bucket', S3_URL: s3.url })).toContain('S3_BUCKET: not a bucket name');
    expect(problem({ S3_BUCKET: BUCKET, S3_URL: s3.url, S3_SECRET_ACCESS_KEY: SECRET })).toContain('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither');
    expect(problem({ ...s3.env(BUCKET), FILES_DIR: '/srv/files' })).toContain('FILES_DIR: not used with S3_BUCKET');
    expect(problem({ ...s3.env(BUCKET), S3_PREFIX: 'a b' })).toContain('S3_PREFIX');
    // S3 settings without a bucket would silently keep files in the folder: refused
    expect(problem({ S3_URL: s3.url, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: SECRET })).toContain('S3_BUCKET: required when S3_URL, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set');
    // no message repeats the secret
    expect(problem({ S3_SECRET_ACCESS_KEY: SECRET })).not.toContain(SECRET);
    expect(problem({ S3_BUCKET: 'Bad', S3_URL: 'nope', S3_SECRET_ACCESS_KEY: SECRET })).not.toContain(SECRET);
    // the AWS SDK's default credential chain when neither key is set
    expect(problem({ S3_BUCKET: BUCKET, S3_URL: s3.url })).toBe('');
  });

  it('a missing bucket or an unknown access key stops the server at start with a clear message', async () => {
    const start = (env: Record<string, string>) => buildApp(loadConfig({ DATA_DIR: temp(), LOG_LEVEL: 'silent', ...env }), { logger: false });
    await expect(start(s3.env('no-such-bucket'))).rejects.toThrow(`The file store S3 bucket no-such-bucket at ${s3.url} cannot be used: the bucket does not exist.`);
    await expect(start({ ...s3.env(BUCKET), S3_ACCESS_KEY_ID: 'SOMEONE-ELSE' })).rejects.toThrow('cannot be used: the store refused the credentials (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY)');
  });
});

describe('the app with its files in S3', () => {
  let server: TestServer;
  let admin: ApiClient;
  let dataDir: string;
  const store = () => storageOf('app');

  beforeAll(async () => {
    dataDir = temp();
    server = await startTestServer({ DATA_DIR: dataDir, ...s3.env(BUCKET, 'app'), S3_SECRET_ACCESS_KEY: SECRET });
    admin = await signedIn(server.url, ADMIN);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps an uploaded logo in the bucket, not on disk, and serves it from there', async () => {
    const image = await png();
    const r = await uploadLogo(server.url, admin, { name: 'Bucket Agri' }, image);
    expect(r.status).toBe(200);
    const saved = r.body as { id: number; imagePath: string; imageHash: string };
    const served = await fetchLogo(server.url, admin, distributorLogoUrl(saved, 'full') ?? '');
    expect(served.status).toBe(200);
    expect((await readAll(store(), logoKey(saved)))?.equals(served.data)).toBe(true);
    expect(await readAll(store(), logoKey(saved, true))).not.toBeNull();
    expect(existsSync(join(dataDir, 'files'))).toBe(false);

    // a changed logo is a new object, and the old ones go from the bucket
    const changed = await uploadLogo(server.url, admin, { id: String(saved.id), name: 'Bucket Agri', rowVersion: String((r.body as { rowVersion: number }).rowVersion) }, await png('#c53030'));
    expect(changed.status).toBe(200);
    const now = changed.body as { imagePath: string; imageHash: string };
    expect(now.imageHash).not.toBe(saved.imageHash);
    const keys = await store().list();
    expect(keys).toContain(logoKey(now));
    expect(keys).not.toContain(logoKey(saved));
    expect(keys).not.toContain(logoKey(saved, true));
  });

  it('a second app server on the same database, with its own DATA_DIR, serves the logo from the bucket', async () => {
    // two apps in this process over one database handle (PGlite is single-process; the PostgreSQL test
    // below runs two real server processes)
    const db = await freshDatabase();
    const apps: BuiltApp[] = [];
    cleanups.push(async () => {
      for (const a of apps) await a.close();
      await db.drop();
    });
    const urls: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const config = loadConfig({ DATA_DIR: temp(), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...s3.env(BUCKET, 'shared') });
      const built = await buildApp(config, { database: db.handle });
      apps.push(built);
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      urls.push(`http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`);
    }
    const [a, b] = urls;
    const viaA = await signedIn(a, ADMIN);
    const r = await uploadLogo(a, viaA, { name: 'Shared Agri' }, await png('#2b6cb0'));
    expect(r.status).toBe(200);
    const url = distributorLogoUrl(r.body as { id: number; imagePath: string; imageHash: string }, 'full') ?? '';
    const fromA = await fetchLogo(a, viaA, url);
    const fromB = await fetchLogo(b, await signedIn(b, ADMIN), url);
    expect(fromB.status).toBe(200);
    expect(fromB.data.equals(fromA.data)).toBe(true);
    for (const d of temps) expect(existsSync(join(d, 'files'))).toBe(false);

    // both say they use the one bucket; a server with another bucket, prefix or a folder refuses to start (ADR 0108)
    const ready = await Promise.all(apps.map(async (a) => (await a.app.inject({ url: '/readyz' })).json()));
    expect(ready[0]).toEqual({ status: 'ok', fileStore: { kind: 'bucket', id: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect(ready[1]).toEqual(ready[0]);
    const base = { DATA_DIR: temp(), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent' };
    for (const env of [s3.env('sapwood-other', 'shared'), s3.env(BUCKET, 'elsewhere'), { FILES_DIR: temp() }]) {
      await expect(buildApp(loadConfig({ ...base, ...env }), { database: db.handle })).rejects.toThrow(/S3 bucket sapwood-files\/shared .*FILES_DIR .*S3_BUCKET/s);
    }
  });
});

describe('the app when the object store goes away', () => {
  let own: S3StandIn;
  let server: TestServer;
  let admin: ApiClient;
  const log: string[] = [];

  beforeAll(async () => {
    own = await startS3StandIn(['flaky']);
    server = await startTestServer({ ...own.env('flaky'), S3_SECRET_ACCESS_KEY: SECRET, LOG_LEVEL: 'warn' }, {}, { logStream: { write: (line) => log.push(line) } });
    admin = await signedIn(server.url, ADMIN);
  });
  afterAll(async () => {
    await server?.close();
    await own?.close();
  });

  it('uploads and logo downloads answer 503 with the error body, the rest of the app keeps serving, and it recovers', async () => {
    const first = await uploadLogo(server.url, admin, { name: 'Before' }, await png());
    expect(first.status).toBe(200);
    const url = distributorLogoUrl(first.body as { id: number; imagePath: string; imageHash: string }, 'full') ?? '';
    expect((await fetchLogo(server.url, admin, url)).status).toBe(200);

    await own.stop();
    const failed = await uploadLogo(server.url, admin, { name: 'During' }, await png('#805ad5'));
    expect(failed).toEqual({ status: 503, body: { error: 'StorageUnavailable', message: 'The file store cannot be reached just now. Please try again in a moment.' } });
    const logo = await fetch(server.url + url, { headers: { cookie: admin.cookie } });
    expect(logo.status).toBe(503);
    expect(await logo.json()).toMatchObject({ error: 'StorageUnavailable' });
    // the rest of the app is unaffected, and nothing was saved for the failed upload
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const list = await admin.call(distributors.paged, {});
    expect(list.status).toBe(200);
    expect(list.body.rows.map((d: { name: string }) => d.name)).toEqual(['Before']);
    const said = log.join('');
    expect(said).toContain('file store request failed');
    expect(said).toContain('ECONNREFUSED');
    expect(said).not.toContain(SECRET);

    await own.start();
    expect((await fetchLogo(server.url, admin, url)).status).toBe(200);
    expect((await uploadLogo(server.url, admin, { name: 'After' }, await png('#805ad5'))).status).toBe(200);
  });
});

/**
 * Two real server processes on one PostgreSQL database with no shared folder, only the bucket: what
 * several-servers.test.ts proves with FILES_DIR, here with S3. Runs with TEST_DATABASE_URL (CI sets it).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two app server processes sharing files through S3', () => {
  const processes: ServerProcess[] = [];
  let drop: (() => Promise<void>) | undefined;

  afterAll(async () => {
    for (const p of processes) await p.stop();
    await drop?.();
  });

  it('a logo uploaded through A is served by B byte for byte, from the bucket', async () => {
    const created = await createServerDatabase(process.env.TEST_DATABASE_URL ?? '');
    drop = created.drop;
    const env = { DATABASE_URL: created.url, ...s3.env(BUCKET, 'processes'), S3_SECRET_ACCESS_KEY: SECRET };
    const dirs = [temp(), temp()];
    processes.push(await startServerProcess({ ...env, DATA_DIR: dirs[0] }));
    processes.push(await startServerProcess({ ...env, DATA_DIR: dirs[1] }));
    const [a, b] = processes;
    const viaA = await signedIn(a.url, ADMIN);
    const r = await uploadLogo(a.url, viaA, { name: 'Process Agri' }, await png('#dd6b20'));
    expect(r.status).toBe(200);
    const saved = r.body as { id: number; imagePath: string; imageHash: string };
    const fromB = await fetchLogo(b.url, await signedIn(b.url, ADMIN), distributorLogoUrl(saved, 'full') ?? '');
    expect(fromB.status).toBe(200);
    expect(fromB.data.equals((await readAll(storageOf('processes'), logoKey(saved))) ?? Buffer.alloc(0))).toBe(true);
    for (const d of dirs) expect(existsSync(join(d, 'files'))).toBe(false);
    for (const p of processes) expect(p.output.join('')).not.toContain(SECRET);
  }, 120_000);
});
