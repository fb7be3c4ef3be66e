import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addressEndpoints } from '@sapwood/contracts';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';

// With a built web app present the server registers static files too; the API's error answers must
// still be its own (400 naming the fields), not Fastify's default ones.
let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'sapwood-web-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Sapwood</title>');
  server = await startTestServer({ WEB_DIST: webDist });
});
afterAll(async () => {
  await server.close();
  await rm(webDist, { recursive: true, force: true });
});

it('answers a 400 naming the fields when the web app is served too', async () => {
  const admin = await signedIn(server.url, ADMIN);
  const r = await admin.call(addressEndpoints.upsert, { name: '' });
  expect(r.status).toBe(400);
  expect(r.body.fields).toContainEqual({ field: 'name', message: 'Name required' });
  const page = await fetch(`${server.url}/addresses`);
  expect(await page.text()).toContain('<title>Sapwood</title>');
});

it('answers 404 for a missing file (a script chunk of an older build), the app page for a screen path', async () => {
  for (const path of ['/assets/index-old1234.js', '/assets/missing.css', '/favicon-missing.png']) {
    const r = await fetch(`${server.url}${path}`);
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).not.toContain('text/html');
  }
  const screen = await fetch(`${server.url}/carbohydratesgrowths?x=1.5`);
  expect(screen.status).toBe(200);
  expect(await screen.text()).toContain('<title>Sapwood</title>');
});
