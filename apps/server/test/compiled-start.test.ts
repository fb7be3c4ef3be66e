import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, docsEndpoints } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { onServerPass } from '../../../tests/support/passes';
import { type ServerProcess, startServerProcess } from '../../../tests/support/process';
import { buildServer } from '../../../scripts/build-server.mjs';

/**
 * What `npm start` runs: the compiled server (scripts/build-server.mjs, ADR 0115) with its embedded database made
 * from the build's template (ADR 0175). The other tests run the server from its sources, so a build that bundles
 * something the sources find at run time (the feature folders and their migrations) would pass them all and still
 * fail on a fresh clone: this one starts the build on a new data directory, signs in, and starts it again over it.
 */
const ADMIN = { email: 'admin@compiled.local', password: 'admin-password-1' };
let dataDir: string;
let server: ServerProcess | undefined;

const start = () => startServerProcess({ NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, 60_000, ['apps/server/dist/main.mjs']);

beforeAll(async () => {
  await buildServer();
  dataDir = await mkdtemp(join(tmpdir(), 'sapwood-compiled-'));
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

// an embedded database of its own: run in the PGlite pass only (tests/support/passes.ts)
describe.skipIf(onServerPass)('the compiled server npm start runs', () => {
  it('starts on a new embedded database, lets the administrator sign in, and starts again over it', async () => {
    server = await start();
    const client = new ApiClient(server.url);
    expect((await client.call(authEndpoints.login, ADMIN)).body).toBe('Success');
    // zod and zod-openapi are bundled (ADR 0246): the contracts' checks and the API reference built from them work
    const doc = await client.call(docsEndpoints.openapi);
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths as object)).toContain(authEndpoints.login.path);
    const refused = await client.call(authEndpoints.login, { email: 42 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/email/);
    await server.stop();
    server = await start();
    expect((await new ApiClient(server.url).call(authEndpoints.login, ADMIN)).body).toBe('Success');
    expect(server.output.join('')).not.toMatch(/error/i);
  }, 120_000);

  it('loads at start no test code and none of the packages the app loads when first used', async () => {
    // a static import of the bundle is loaded at every start, wherever in the bundle it was written (ADR 0233)
    const bundle = await readFile('apps/server/dist/main.mjs', 'utf8');
    const loaded = [...bundle.matchAll(/^import\s[^;]*?from\s*"([^".][^"]*)";?$/gm)].map((m) => m[1]);
    expect(loaded).toContain('fastify');
    // pure ESM packages of many small files are in the bundle, not found and linked file by file at start (ADR 0246)
    for (const bundled of ['kysely', 'zod', 'zod-openapi', '@sapwood/contracts']) expect(loaded).not.toContain(bundled);
    for (const lazy of ['vitest', 'pdfkit', 'sharp', 'nodemailer', 'exceljs', 'fast-check', 'playwright-core']) expect(loaded).not.toContain(lazy);
  });
});
