import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distributorEndpoints as ep, distributorLogoUrl } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

let server: TestServer;
let dataDir: string;
let admin: ApiClient;
let clerk: ApiClient;
let viewer: ApiClient;

const png = (w: number, h: number, color = '#2f855a') =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } }).png().toBuffer();

/** Posts the distributor form as multipart, as the dialog does. */
async function upsert(client: ApiClient, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('image', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const res = await fetch(server.url + ep.upsert.path, { method: 'POST', body: form, headers: client.cookie ? { cookie: client.cookie } : {} });
  return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function fetchFile(client: ApiClient, url: string) {
  const res = await fetch(server.url + url, { headers: client.cookie ? { cookie: client.cookie } : {} });
  return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
}

const storedFiles = async () => (await readdir(join(dataDir, 'files', 'distributors')).catch(() => [] as string[])).sort();

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sapwood-dist-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  admin = await signedIn(server.url, ADMIN);
  clerk = await signedIn(server.url, await createUser(server.built.deps.db, ['Distributors']));
  viewer = await signedIn(server.url, await createUser(server.built.deps.db, ['Leafs']));
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('distributors', () => {
  it('requires a name and saves nothing without one', async () => {
    const r = await upsert(clerk, { name: '  ', id: '', newImage: 'false' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'name', message: 'Name required' }]);
    expect((await clerk.call(ep.paged, {})).body.total).toBe(0);
  });

  it('asks for the image when newImage is set without one', async () => {
    const r = await upsert(clerk, { name: 'Agri A', newImage: 'true' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'image', message: 'Choose a logo image' }]);
  });

  it('refuses a renamed text file, an SVG with script, a truncated image and an oversize file', async () => {
    const text = await upsert(clerk, { name: 'Agri A', newImage: 'true' }, { name: 'logo.png', type: 'image/png', data: Buffer.from('hello, not a picture') });
    expect(text.status).toBe(400);
    expect(text.body.fields).toEqual([{ field: 'image', message: 'The logo must be a PNG, JPEG or WebP image.' }]);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    const svgR = await upsert(clerk, { name: 'Agri A', newImage: 'true' }, { name: 'logo.svg', type: 'image/svg+xml', data: svg });
    expect(svgR.status).toBe(400);
    expect(svgR.body.fields[0].message).toBe('The logo must be a PNG, JPEG or WebP image.');

    const broken = (await png(50, 50)).subarray(0, 40);
    const brokenR = await upsert(clerk, { name: 'Agri A', newImage: 'true' }, { name: 'logo.png', type: 'image/png', data: broken });
    expect(brokenR.status).toBe(400);
    expect(brokenR.body.fields[0].message).toBe('The logo image could not be read.');

    const big = Buffer.concat([await png(10, 10), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const bigR = await upsert(clerk, { name: 'Agri A', newImage: 'true' }, { name: 'logo.png', type: 'image/png', data: big });
    expect(bigR.status).toBe(400);
    expect(bigR.body.fields[0]).toMatchObject({ field: 'image' });
    expect(bigR.body.message).toMatch(/too large/);

    expect((await clerk.call(ep.paged, {})).body.total).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  let id: number;
  let firstUrl: string;
  it('accepts a JPEG (whatever its name says), re-encodes it without metadata and serves a low-resolution PNG', async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#c53030' } })
      .jpeg().withExif({ IFD0: { Copyright: 'secret-owner' } }).toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const r = await upsert(clerk, { name: 'Agri A', id: '', newImage: 'true' }, { name: 'logo.txt', type: 'text/plain', data: jpeg });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Agri A', imagePath: expect.stringMatching(/^[a-f0-9]+$/), imageHash: expect.stringMatching(/^[a-f0-9]+$/) });
    id = r.body.id;
    firstUrl = distributorLogoUrl(r.body) ?? '';
    expect(firstUrl).toBe(`/upload/distributors/${r.body.imagePath}-${r.body.imageHash}-low.png`);

    const low = await fetchFile(clerk, firstUrl);
    expect(low.status).toBe(200);
    expect(low.headers.get('content-type')).toBe('image/png');
    expect(low.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(low.data).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 300, height: 75 });
    expect(meta.exif).toBeUndefined();
    expect(low.data.includes(Buffer.from('secret-owner'))).toBe(false);

    const full = await fetchFile(viewer, distributorLogoUrl(r.body, 'full') ?? '');
    expect(full.status).toBe(200);
    expect(await sharp(full.data).metadata()).toMatchObject({ format: 'png', width: 1200 });

    const audit = await server.built.deps.db.selectFrom('audit_log').select('action').where('entity', '=', 'distributor').where('entity_id', '=', String(id)).execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('serves logos only to signed-in users and only real logo names', async () => {
    expect((await fetch(server.url + firstUrl)).status).toBe(401);
    expect((await fetchFile(clerk, '/upload/distributors/..%2F..%2Fpglite')).status).toBe(404);
    expect((await fetchFile(clerk, '/upload/distributors/abc-def-low.png')).status).toBe(404);
  });

  it('a changed logo gets a new path and the old files go; a rename keeps the logo', async () => {
    const current = (await clerk.call(ep.all)).body.find((d: { id: number }) => d.id === id);
    const renamed = await upsert(clerk, { name: 'Agri Alpha', id: String(id), newImage: 'false', rowVersion: String(current.rowVersion) });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Agri Alpha', imageHash: current.imageHash, imagePath: current.imagePath });

    const webp = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#3182ce' } }).webp().toBuffer();
    const changed = await upsert(clerk, { name: 'Agri Alpha', id: String(id), newImage: 'true', rowVersion: String(renamed.body.rowVersion) }, { name: 'new.webp', type: 'image/webp', data: webp });
    expect(changed.status).toBe(200);
    const newUrl = distributorLogoUrl(changed.body) ?? '';
    expect(newUrl).not.toBe(firstUrl);
    expect((await fetchFile(clerk, newUrl)).status).toBe(200);
    expect((await fetchFile(clerk, firstUrl)).status).toBe(404);
    expect(await storedFiles()).toEqual([`${changed.body.imagePath}-${changed.body.imageHash}-low.png`, `${changed.body.imagePath}-${changed.body.imageHash}.png`].sort());

    const stale = await upsert(clerk, { name: 'Agri Old', id: String(id), rowVersion: String(current.rowVersion) });
    expect(stale.status).toBe(409);
  });

  it('accepts a real PNG of a few megabytes', async () => {
    const noise = Buffer.alloc(1000 * 1000 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const bigPng = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(bigPng.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const r = await upsert(admin, { name: 'Big Logo Co', newImage: 'true' }, { name: 'big.png', type: 'image/png', data: bigPng });
    expect(r.status).toBe(200);
  });

  it('lists, searches and deletes (archives) distributors', async () => {
    await upsert(clerk, { name: 'Boland Agri' });
    const paged = await clerk.call(ep.paged, { search: 'agri', sortBy: 'name', ascending: true });
    expect(paged.body.rows.map((d: { name: string }) => d.name)).toEqual(['Agri Alpha', 'Boland Agri']);
    const boland = paged.body.rows[1];
    expect(boland).toMatchObject({ imagePath: null, imageHash: null });
    expect((await clerk.call(ep.delete, { id: boland.id })).status).toBe(200);
    const all = await viewer.call(ep.all);
    expect(all.status).toBe(200);
    expect(all.body.map((d: { name: string }) => d.name)).toEqual(['Agri Alpha', 'Big Logo Co']);
    expect((await clerk.call(ep.delete, { id: boland.id })).status).toBe(404);
  });

  it('gates every call but the pick list on the Distributors permission', async () => {
    expect((await upsert(viewer, { name: 'Nope' })).status).toBe(403);
    expect((await viewer.call(ep.paged, {})).status).toBe(403);
    expect((await viewer.call(ep.delete, { id })).status).toBe(403);
    expect((await upsert(new (clerk.constructor as typeof ApiClient)(server.url), { name: 'Nope' })).status).toBe(401);
  });
});
