import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsEndpoints } from '@sapwood/contracts';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';
import { encodingFor } from '../src/http/compression';

/**
 * Issue 36 (ADR 0114, 0220): hashed assets are sent as the build's brotli or gzip copy the client accepts and
 * cached for a year; index.html and other files are revalidated; API answers go as they are by default (on a
 * local network compressing costs more than it saves), and with API_COMPRESSION=on those of 1 KB or more are
 * compressed when the client accepts it, smaller ones are not.
 */
const SCRIPT = `export const hello = ${JSON.stringify('sapwood '.repeat(600))};\n`;
let server: TestServer;
let cookie = '';

function get(path: string, headers: Record<string, string>, method = 'GET', body?: string, on: TestServer = server): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(path, on.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'sapwood-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><script type="module" src="/assets/app-Ab12Cd34.js"></script></body></html>');
  writeFileSync(join(dist, 'assets/app-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/app-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets/app-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ WEB_DIST: dist });
  cookie = (await signedIn(server.url, ADMIN)).cookie;
});
afterAll(() => server?.close());

describe('static files', () => {
  it('a hashed asset: the brotli copy when accepted, else gzip, else as it is; cached for a year', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-Ab12Cd34.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('index.html (any screen) and files outside /assets are revalidated', async () => {
    for (const path of ['/', '/leafs']) {
      const page = await get(path, { 'accept-encoding': 'br' });
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body.toString()).toContain('app-Ab12Cd34.js');
    }
    const icon = await get('/favicon.svg', {});
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    // a HEAD (a monitor's check, a proxy's) answers as the GET would, without the page
    for (const path of ['/', '/leafs']) {
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('cache-control')).toBe('no-cache');
      expect(head.headers.get('content-type')).toContain('text/html');
    }
  });
});

describe('API answers, by default', () => {
  it('go as they are whatever the client accepts (ADR 0220), and are never cached', async () => {
    const path = docsEndpoints.openapi.path;
    const plain = await get(path, { cookie });
    const asked = await get(path, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(asked.status).toBe(200);
    expect(asked.body.length).toBeGreaterThan(1024);
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.headers['cache-control']).toBe('no-store');
    expect(asked.body.toString()).toBe(plain.body.toString());
  });
});

describe('API answers with API_COMPRESSION=on', () => {
  let compressing: TestServer;
  let own = '';
  beforeAll(async () => {
    compressing = await startTestServer({ API_COMPRESSION: 'on' });
    own = (await signedIn(compressing.url, ADMIN)).cookie;
  });
  afterAll(() => compressing?.close());
  /** a signed-in request to the compressing server */
  const ask = (path: string, headers: Record<string, string>, method = 'GET', body?: string) => get(path, { ...headers, cookie: own }, method, body, compressing);

  it('an answer of 1 KB or more is compressed as the client accepts, and never cached', async () => {
    const path = docsEndpoints.openapi.path;
    const plain = await ask(path, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await ask(path, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const gz = await ask(path, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
    const refused = await ask(path, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('a small answer goes as it is', async () => {
    const r = await ask('/api/auth/initial', { 'accept-encoding': 'br, gzip', 'content-type': 'application/json' }, 'POST', '{}');
    expect(r.status).toBe(200);
    expect(r.body.length).toBeLessThan(1024);
    expect(r.headers['content-encoding']).toBeUndefined();
  });

  it('the encoding a client accepts', () => {
    expect(encodingFor(undefined)).toBeNull();
    expect(encodingFor('gzip, deflate, br')).toBe('br');
    expect(encodingFor('gzip')).toBe('gzip');
    expect(encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(encodingFor('identity')).toBeNull();
    expect(encodingFor('*')).toBe('gzip');
  });
});
