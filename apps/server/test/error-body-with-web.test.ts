import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { farmsEndpoints } from '@sapwood/contracts';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';

/**
 * With a built web app present, a 400 still names its fields (the error handler must be in force
 * before the routes are built; the static web registration builds them).
 */
let server: TestServer;
const webDist = mkdtempSync(join(tmpdir(), 'sapwood-web-'));

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Sapwood</title>');
  server = await startTestServer({ WEB_DIST: webDist });
});
afterAll(async () => {
  await server.close();
  rmSync(webDist, { recursive: true, force: true });
});

it('answers a 400 with the fields at fault, and serves the single-page app for screens', async () => {
  const admin = await signedIn(server.url, ADMIN);
  const r = await admin.call(farmsEndpoints.paged, { rowsPerPage: 0 });
  expect(r.status).toBe(400);
  expect(r.body).toMatchObject({ error: 'ValidationError', fields: [{ field: 'rowsPerPage' }] });
  const page = await admin.raw('GET', '/farms');
  expect(page.status).toBe(200);
  expect(page.text).toContain('<title>Sapwood</title>');
});
