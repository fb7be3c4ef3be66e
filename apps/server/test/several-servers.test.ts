import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiFeatures, authEndpoints, carbohydrateReportEndpoints as reports, distributorEndpoints as distributors, distributorLogoUrl } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { controlsOptional, seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { createServerDatabase } from '../../../tests/support/database';
import { POSTGRES_SERVER_URL, type ServerProcess, startServerProcess } from '../../../tests/support/process';
import { ADMIN } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { type DatabaseHandle, openDatabase } from '../src/db/database';

/**
 * Several app servers on one PostgreSQL server (ADR 0077): two server processes on one fresh database,
 * each with its own DATA_DIR and one shared FILES_DIR, as behind a load balancer. Every check makes a
 * change through A and looks at it through B. Sessions are kept for a minute (SESSION_CACHE_SECONDS=60),
 * so only the database's notice can explain an answer on B that changes sooner.
 * PGlite is single-process, so this runs only with TEST_DATABASE_URL (CI sets it).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('several app servers on one PostgreSQL server', () => {
  let drop: () => Promise<void>;
  let url: string;
  let database: DatabaseHandle;
  let filesDir: string;
  const dataDirs: string[] = [];
  const processes: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  async function start(version: string): Promise<ServerProcess> {
    const dataDir = await mkdtemp(join(tmpdir(), 'sapwood-several-data-'));
    dataDirs.push(dataDir);
    const p = await startServerProcess({ DATABASE_URL: url, DATA_DIR: dataDir, FILES_DIR: filesDir, SESSION_CACHE_SECONDS: '60', APP_VERSION: version });
    processes.push(p);
    return p;
  }

  beforeAll(async () => {
    ({ url, drop } = await createServerDatabase(POSTGRES_SERVER_URL));
    filesDir = await mkdtemp(join(tmpdir(), 'sapwood-several-files-'));
    a = await start('1.0.0');
    b = await start('1.0.0');
    database = await openDatabase({ url });
  }, 120_000);
  afterAll(async () => {
    for (const p of processes) await p.stop();
    await database?.close();
    await drop?.();
    for (const dir of [filesDir, ...dataDirs]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** the same session (cookie) on process B */
  const onB = (client: ApiClient) => Object.assign(new ApiClient(b.url), { cookie: client.cookie });
  const soon = { timeout: 2_000, interval: 50 };

  it('a session made on A is valid on B, and a logout on A is seen by B at once', async () => {
    const viaA = await signedIn(a.url, ADMIN);
    const viaB = onB(viaA);
    expect((await viaB.call(apiFeatures.users.index)).status).toBe(200);
    expect((await viaB.call(apiFeatures.users.index)).status).toBe(200); // now kept in B's session cache
    expect((await viaA.call(authEndpoints.logout)).status).toBe(200);
    await expect.poll(async () => (await viaB.call(apiFeatures.users.index)).status, soon).toBe(401);
  });

  it('a role changed on A is enforced by B', async () => {
    const admin = await signedIn(a.url, ADMIN);
    const role = (await admin.call(apiFeatures.roles.upsert, { id: 0, name: 'Several servers', permissions: ['Roles', 'Users'] })).body.id as number;
    const creds = await createUser(database.db, []);
    await database.db.updateTable('users').set({ role_id: role }).where('id', '=', creds.id).execute();
    const them = await signedIn(b.url, creds);
    expect((await them.call(apiFeatures.users.paged, {})).status).toBe(200);
    expect((await them.call(apiFeatures.users.paged, {})).status).toBe(200);
    const current = (await admin.call(apiFeatures.roles.paged, { search: 'Several servers' })).body.rows[0];
    const changed = await admin.call(apiFeatures.roles.upsert, { id: role, name: 'Several servers', permissions: ['Roles'], rowVersion: current.rowVersion });
    expect(changed.status).toBe(200);
    await expect.poll(async () => (await them.call(apiFeatures.users.paged, {})).status, soon).toBe(403);
    expect((await them.call(apiFeatures.roles.paged, {})).status).toBe(200);
  });

  let logo: { id: number; url: string };
  it('a logo uploaded through A is served by B byte for byte, from the shared files folder', async () => {
    const admin = await signedIn(a.url, ADMIN);
    const image = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#2f855a' } }).png().toBuffer();
    const form = new FormData();
    form.append('name', 'Shared Agri');
    form.append('newImage', 'true');
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'logo.png');
    const res = await fetch(a.url + distributors.upsert.path, { method: 'POST', body: form, headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { id: number; imagePath: string; imageHash: string };
    logo = { id: saved.id, url: distributorLogoUrl(saved, 'full') ?? '' };

    const get = async (base: string) => {
      const r = await fetch(base + logo.url, { headers: { cookie: admin.cookie } });
      expect(r.status).toBe(200);
      return Buffer.from(await r.arrayBuffer());
    };
    const fromA = await get(a.url);
    const fromB = await get(b.url);
    expect(fromB.equals(fromA)).toBe(true);
    expect(fromB.equals(await readFile(join(filesDir, 'distributors', `${saved.imagePath}-${saved.imageHash}.png`)))).toBe(true);
    for (const dir of dataDirs) expect(await readdir(dir)).not.toContain('files');
  });

  it('both report one file store on /readyz; a server with its own DATA_DIR and no FILES_DIR refuses to start, naming FILES_DIR and S3_BUCKET', async () => {
    const ready = async (base: string) => (await fetch(`${base}/readyz`)).json();
    const fromA = await ready(a.url);
    expect(fromA).toEqual({ status: 'ok', fileStore: { kind: 'folder', id: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect(await ready(b.url)).toEqual(fromA);
    const dataDir = await mkdtemp(join(tmpdir(), 'sapwood-several-data-'));
    dataDirs.push(dataDir);
    const refused = startServerProcess({ DATABASE_URL: url, DATA_DIR: dataDir });
    await expect(refused).rejects.toThrow(/server process exited[\s\S]*is not the file store the other servers of this database use[\s\S]*FILES_DIR[\s\S]*S3_BUCKET/);
  }, 60_000);

  it('background jobs (carbohydrate reports) requested through A run once each, with both servers taking jobs', async () => {
    const admin = await signedIn(a.url, ADMIN);
    const db = database.db;
    const ref = await seedCarbohydrateReference(db);
    // the job queue, not quality control: the run carries no controls (ADR 0253)
    await controlsOptional(db);
    const job = await seedLabJob(db, ref, { samples: [
      { sampleNumber: 'S-1', sugar: 5.1, starch: 20.5 },
      { sampleNumber: 'S-2', sugar: 3.2, starch: 12.7 },
    ] });
    const lang = await db.selectFrom('languages').select('id').where('name', '=', 'English').executeTakeFirstOrThrow();
    const address = await db.insertInto('addresses').values({ name: 'Sapwood Labs', address_line: '1 Lab Road', area: 'Stellenbosch', code: '7600', number: '021 555 0101', email: 'lab@sapwood.test', website: 'sapwood.test', file_prefix: 'SWL', logo_word: 'SAPWOOD', is_default: true }).returning('id').executeTakeFirstOrThrow();
    const request = {
      result: job.entries.map((e) => `Riverside,${e.id}`).join(';'), langId: lang.id, client: 'Green Valley Farms', farm: 'Riverside',
      agriculturist: 'Dr Nel', agent: 'Agent Smith', distributor: logo.id, addressId: address.id, lowImageQuality: true, includeSummary: false,
    };
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const r = await admin.call(reports.startReport, request);
      expect(r.status).toBe(200);
      ids.push(r.body.id as number);
    }
    const viaB = onB(admin);
    for (const id of ids) {
      await expect.poll(async () => (await viaB.call(reports.reportStatus, { id })).body.status, { timeout: 30_000, interval: 100 }).toBe('done');
    }
    const rows = await db.selectFrom('carbohydrate_reports').innerJoin('background_jobs', 'background_jobs.id', 'carbohydrate_reports.job_id')
      .select(['carbohydrate_reports.id', 'carbohydrate_reports.file_key', 'background_jobs.status', 'background_jobs.attempts'])
      .where('carbohydrate_reports.id', 'in', ids).execute();
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) expect(row).toMatchObject({ status: 'done', attempts: 1, file_key: `reports/carbohydrate/${row.id}.pdf` });
    expect((await readdir(join(filesDir, 'reports', 'carbohydrate'))).sort()).toEqual(ids.map((id) => `${id}.pdf`).sort());
    // generated by whichever process took the job, downloadable from either
    const pdf = await fetch(`${b.url}${reports.reportFile.path}?id=${ids[0]}`, { headers: { cookie: admin.cookie } });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).equals(await readFile(join(filesDir, 'reports', 'carbohydrate', `${ids[0]}.pdf`)))).toBe(true);
  }, 45_000);

  it('the live version message reaches websocket clients of both when a newer server starts', async () => {
    // a signed-in page of the server's own origin (only such a page may open /messages)
    const listen = async (base: string) => {
      const { cookie } = await signedIn(base, ADMIN);
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/messages`, { origin: base, headers: { cookie } });
      const versions: string[] = [];
      socket.on('message', (raw: Buffer) => versions.push((JSON.parse(raw.toString()) as { version: string }).version));
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      return { socket, versions };
    };
    const onA = await listen(a.url);
    const onBSocket = await listen(b.url);
    await expect.poll(() => onA.versions.at(-1)).toBe('1.0.0');
    await expect.poll(() => onBSocket.versions.at(-1)).toBe('1.0.0');
    await start('1.1.0');
    await expect.poll(() => onA.versions.at(-1), { timeout: 10_000 }).toBe('1.1.0');
    await expect.poll(() => onBSocket.versions.at(-1), { timeout: 10_000 }).toBe('1.1.0');
    onA.socket.close();
    onBSocket.socket.close();
  }, 60_000);
});
