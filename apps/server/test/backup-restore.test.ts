import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { carbohydrateReportEndpoints as ep } from '@sapwood/contracts';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { listFiles } from '../src/ops/archive';
import { userTables } from '../src/ops/ops-common';
import { createStorage, readAll } from '../src/platform/storage/storage';
import type { ApiClient } from '../../../tests/support/api-client';
import { controlsOptional, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { createServerDatabase } from '../../../tests/support/database';
import { onServerPass } from '../../../tests/support/passes';
import { startS3StandIn } from '../../../tools/stand-ins/s3-server';
import { ADMIN } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const temps: string[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of drops) await d().catch(() => undefined);
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

function temp(): string {
  const d = mkdtempSync(join(tmpdir(), 'sapwood-backup-test-'));
  temps.push(d);
  return d;
}

function envOf(dataDir: string, url?: string): Record<string, string> {
  return { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' };
}

/** Runs the real command (npm run backup/restore, or the same tool through node) and collects its output. */
function tool(cmd: 'npm' | 'node', name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const argv = cmd === 'npm' ? ['run', '-s', name, '--', ...args] : ['--import', 'tsx', `apps/server/src/ops/${name}.ts`, ...args];
  const child = spawn(cmd === 'npm' ? 'npm' : process.execPath, argv, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? -1, out })));
}

async function startApp(config: Config) {
  const built = await buildApp(config);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  return { built, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

async function downloadReport(url: string, client: ApiClient, id: number): Promise<Buffer> {
  const res = await fetch(`${url}${ep.reportFile.path}?id=${id}`, { headers: { cookie: client.cookie } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Demo data, a distributor logo and a generated carbohydrate report; returns the report's id and bytes. */
async function buildSource(config: Config): Promise<{ reportId: number; pdf: Buffer }> {
  const { built, url } = await startApp(config);
  try {
    const db = built.deps.db;
    const admin = await signedIn(url, ADMIN);
    const ref = await seedCarbohydrateReference(db, ' (backup)');
    await controlsOptional(db);
    const job = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'B-1', sugar: 5.5, starch: 12, farm: 'Riverside' }, { sampleNumber: 'B-2', sugar: 3.25, starch: 20.5, farm: 'Riverside' }] });
    const noise = Buffer.alloc(200 * 100 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
    await createStorage(config).put('distributors/backup-h1.png', await sharp(noise, { raw: { width: 200, height: 100, channels: 3 } }).png().toBuffer());
    const distributor = await db.insertInto('distributors').values({ name: 'Backup AgriCo', image_path: 'backup', image_hash: 'h1' }).returning('id').executeTakeFirstOrThrow();
    const lang = await db.selectFrom('languages').select('id').where('name', '=', 'English').executeTakeFirstOrThrow();
    const address = await db.selectFrom('addresses').select('id').orderBy('id').executeTakeFirstOrThrow();
    const start = await admin.call(ep.startReport, {
      result: job.entries.map((e) => `Riverside,${e.id}`).join(';'),
      langId: lang.id, client: 'Green Valley Farms', farm: 'Riverside', agriculturist: 'Dr Nel', agent: 'Agent Smith',
      distributor: distributor.id, addressId: address.id, lowImageQuality: false, includeSummary: true,
    });
    expect(start.status).toBe(200);
    for (let i = 0; ; i += 1) {
      const s = await admin.call(ep.reportStatus, { id: start.body.id });
      if (s.body.status === 'done') break;
      if (s.body.status === 'failed' || i > 300) throw new Error(`report not generated: ${JSON.stringify(s.body)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { reportId: start.body.id, pdf: await downloadReport(url, admin, start.body.id) };
  } finally {
    await built.close();
  }
}

type Query = { query: (sql: string) => Promise<{ rows: unknown[] }> };

/** Every table's row count and a checksum of its rows, read with the server stopped. */
async function tableSums(config: Config): Promise<Record<string, string>> {
  const sums = async (c: Query) => {
    const out: Record<string, string> = {};
    for (const t of await userTables(c)) {
      const r = await c.query(`select count(*)::int as n, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as sum from ${t} x`);
      const row = r.rows[0] as { n: number; sum: string };
      out[t] = `${row.n}:${row.sum}`;
    }
    return out;
  };
  if (config.DATABASE_URL) {
    const c = new pg.Client({ connectionString: config.DATABASE_URL });
    await c.connect();
    try {
      return await sums(c);
    } finally {
      await c.end();
    }
  }
  const lite = await PGlite.create(join(config.DATA_DIR, 'pglite'));
  try {
    return await sums(lite);
  } finally {
    await lite.close();
  }
}

async function fileBytes(config: Config): Promise<Record<string, string>> {
  const dir = join(config.DATA_DIR, 'files');
  const out: Record<string, string> = {};
  for (const f of await listFiles(dir)) out[f] = readFileSync(join(dir, f)).toString('base64');
  return out;
}

async function roundTrip(serverUrl?: string) {
  const [srcUrl, tgtUrl] = serverUrl ? await Promise.all([createServerDatabase(serverUrl), createServerDatabase(serverUrl)]) : [];
  if (srcUrl && tgtUrl) drops.push(srcUrl.drop, tgtUrl.drop);
  const srcEnv = envOf(temp(), srcUrl?.url);
  const tgtEnv = envOf(temp(), tgtUrl?.url);
  const src = loadConfig({ ...srcEnv, SEED_DEMO: 'true' });
  const tgt = loadConfig({ ...tgtEnv, SEED_DEMO: 'false' });
  const { reportId, pdf } = await buildSource(src);
  const sums = await tableSums(src);
  const files = await fileBytes(src);
  expect(Object.keys(files)).toContain('distributors/backup-h1.png');
  expect(Object.keys(files).some((f) => f.startsWith('reports/'))).toBe(true); // the report's PDF
  expect(Object.keys(files)).toContain('sapwood/file-store-id'); // the store's mark goes along (ADR 0108)
  expect(Object.values(sums).some((s) => !s.startsWith('0:'))).toBe(true);

  const archive = join(temp(), 'sapwood.backup');
  const b = await tool(serverUrl ? 'node' : 'npm', 'backup', [archive], srcEnv);
  expect(b.out).toMatch(/Backed up .* and \d+ file\(s\)/);
  expect(b.code).toBe(0);
  const r = await tool('node', 'restore', [archive], tgtEnv);
  expect(r.out).toContain(`Restored ${Object.keys(sums).length} table(s)`);
  expect(r.out).toContain(`${Object.keys(files).length} file(s)`);
  expect(r.code).toBe(0);
  const again = await tool('node', 'restore', [archive], tgtEnv);
  expect(again.code).toBe(1);
  expect(again.out).toContain('not empty');
  expect(again.out).toContain('--force');
  if (serverUrl) {
    const forced = await tool('node', 'restore', [archive, '--force'], tgtEnv);
    expect(forced.out).toContain('Restored');
    expect(forced.code).toBe(0);
  }

  expect(await tableSums(tgt)).toEqual(sums);
  expect(await fileBytes(tgt)).toEqual(files);
  const { built, url } = await startApp(tgt);
  try {
    const admin = await signedIn(url, ADMIN);
    expect((await downloadReport(url, admin, reportId)).equals(pdf)).toBe(true);
    if (!serverUrl) {
      const refused = await tool('node', 'backup', [join(temp(), 'while-running.backup')], tgtEnv);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('stop the server first');
    }
  } finally {
    await built.close();
  }
}

/** Every file of the configured file store (the folder or the S3 bucket), as base64 by key. */
async function storeBytes(config: Config): Promise<Record<string, string>> {
  const storage = createStorage(config);
  const out: Record<string, string> = {};
  for (const key of await storage.list()) out[key] = (await readAll(storage, key))?.toString('base64') ?? '(missing)';
  storage.close?.();
  return out;
}

/** The embedded database with its files in an S3 bucket (s3rver): backed up, restored into another bucket and into a folder. */
async function roundTripS3() {
  const s3 = await startS3StandIn(['backup-src', 'backup-tgt']);
  drops.push(() => s3.close());
  const srcEnv = { ...envOf(temp()), ...s3.env('backup-src', 'lab') };
  const tgtEnv = { ...envOf(temp()), ...s3.env('backup-tgt') };
  const folderEnv = envOf(temp());
  const src = loadConfig({ ...srcEnv, SEED_DEMO: 'true' });
  const tgt = loadConfig({ ...tgtEnv, SEED_DEMO: 'false' });
  const { reportId, pdf } = await buildSource(src);
  const sums = await tableSums(src);
  const objects = await storeBytes(src);
  expect(Object.keys(objects)).toContain('distributors/backup-h1.png');
  expect(Object.keys(objects).some((f) => f.startsWith('reports/'))).toBe(true);
  expect(existsSync(join(src.DATA_DIR, 'files'))).toBe(false);
  const n = Object.keys(objects).length;

  const archive = join(temp(), 'sapwood-s3.backup');
  const b = await tool('node', 'backup', [archive], srcEnv);
  expect(b.out).toContain(`Backed up the embedded database and ${n} file(s) of the file store (S3 bucket backup-src/lab at ${s3.url})`);
  expect(b.code).toBe(0);

  const r = await tool('node', 'restore', [archive], tgtEnv);
  expect(r.out).toContain(`${n} file(s) into the file store (S3 bucket backup-tgt at ${s3.url})`);
  expect(r.code).toBe(0);
  expect(await storeBytes(tgt)).toEqual(objects);
  // a non-empty bucket is refused without --force; with it, objects not in the backup go
  const again = await tool('node', 'restore', [archive], tgtEnv);
  expect(again.code).toBe(1);
  expect(again.out).toContain(`the file store (S3 bucket backup-tgt at ${s3.url}) holds ${n} file(s)`);
  await createStorage(tgt).put('distributors/stray-x1.png', Buffer.from('not in the backup'));
  const forced = await tool('node', 'restore', [archive, '--force'], tgtEnv);
  expect(forced.out).toContain('Restored');
  expect(forced.code).toBe(0);
  expect(await storeBytes(tgt)).toEqual(objects);
  expect(await tableSums(tgt)).toEqual(sums);

  // the same backup restores into a folder too (a way from the bucket to a folder, and back)
  const toFolder = await tool('node', 'restore', [archive], folderEnv);
  expect(toFolder.code).toBe(0);
  expect(await fileBytes(loadConfig(folderEnv))).toEqual(objects);

  const { built, url } = await startApp(tgt);
  try {
    const admin = await signedIn(url, ADMIN);
    expect((await downloadReport(url, admin, reportId)).equals(pdf)).toBe(true);
  } finally {
    await built.close();
  }
}

describe('backup and restore', () => {
  // embedded: the same whichever database server the pass runs on (tests/support/passes.ts)
  it.skipIf(onServerPass)('the embedded database with its file store: every row, every file, the report byte for byte', () => roundTrip(), 300_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL server database (pg_dump / pg_restore) with its file store', () => roundTrip(process.env.TEST_DATABASE_URL), 300_000);

  it.skipIf(onServerPass)('the embedded database with its file store in an S3 bucket: every object backed up, and put back into a bucket or a folder', () => roundTripS3(), 360_000);
});
