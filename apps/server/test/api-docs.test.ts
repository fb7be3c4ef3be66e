import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchema, type oas31 } from 'zod-openapi';
import { type EndpointDef, MEDIA, allEndpoints, apiFeatures, authEndpoints, docsEndpoints, leafPdfEndpoints, settingsEndpoints, tissuesEndpoints } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { problemOf } from '../../../tests/support/openapi-answers';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { OPENAPI_SCHEMA_OPTIONS } from '../src/platform/docs/openapi';

/**
 * The API reference (ADR 0076) against the declarations: every endpoint is in it, each schema equals a
 * fresh conversion of the declared one (a schema changed without the document following fails), every status
 * the server can answer is declared with its body (ADR 0111), the document is valid OpenAPI 3.1, and only
 * administrators read it.
 */
let server: TestServer;
let anonymous: ApiClient;
let nobody: ApiClient;
let usersOnly: ApiClient;
let admin: ApiClient;
let doc: oas31.OpenAPIObject;

/** A fresh conversion, independent of the document's builder (only the conversion options are shared). */
const fresh = (schema: EndpointDef['input'], io: 'input' | 'output') => createSchema(schema, { io, opts: OPENAPI_SCHEMA_OPTIONS, openapiVersion: '3.1.0' }).schema;
const opOf = (ep: EndpointDef) => doc.paths?.[ep.path]?.[ep.method === 'GET' ? 'get' : 'post'] as (oas31.OperationObject & { 'x-permission'?: string }) | undefined;
const named = allEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const);

beforeAll(async () => {
  server = await startTestServer();
  anonymous = new ApiClient(server.url);
  nobody = await signedIn(server.url, await createUser(server.built.deps.db, []));
  usersOnly = await signedIn(server.url, await createUser(server.built.deps.db, ['Users']));
  admin = await signedIn(server.url, ADMIN);
  const r = await admin.call(docsEndpoints.openapi, {});
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  doc = r.body as oas31.OpenAPIObject;
});
afterAll(() => server.close());

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and says how a session is made', () => {
    expect(doc.openapi).toBe('3.1.0');
    const scheme = doc.components?.securitySchemes?.session as oas31.SecuritySchemeObject;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sapwood_session' });
    expect(scheme.description).toContain(`${authEndpoints.login.method} ${authEndpoints.login.path}`);
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(expect.arrayContaining(['ErrorBody', 'ValidationErrorBody']));
  });

  it('holds exactly the declared endpoints, one operation each', () => {
    const documented = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      (['get', 'post', 'put', 'patch', 'delete'] as const).filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(allEndpoints.map((e) => `${e.method} ${e.path}`).sort());
    const ids = Object.entries(apiFeatures).flatMap(([f, eps]) => Object.keys(eps).map((n) => `${f}.${n}`));
    expect(allEndpoints.map((e) => opOf(e)?.operationId).sort()).toEqual(ids.sort());
  });

  it.each(named)('%s: access, input and answer are the declared ones', (_name, ep) => {
    const op = opOf(ep);
    expect(op).toBeTruthy();
    if (!op) return;
    const access = 'public' in ep.access ? 'public' : 'session' in ep.access ? 'session' : ep.access.permission;
    expect(op['x-permission']).toBe(access);
    expect(op.security).toEqual(access === 'public' ? [] : [{ session: [] }]);

    const input = fresh(ep.input, 'input') as oas31.SchemaObject;
    if (ep.method === 'GET') {
      const params = (op.parameters ?? []) as oas31.ParameterObject[];
      expect(params.every((p) => p.in === 'query')).toBe(true);
      expect(Object.fromEntries(params.map((p) => [p.name, p.schema]))).toEqual(input.properties ?? {});
      expect(params.filter((p) => p.required).map((p) => p.name).sort()).toEqual([...(input.required ?? [])].sort());
    } else {
      const body = op.requestBody as oas31.RequestBodyObject;
      expect(body.content[ep.multipart ? 'multipart/form-data' : 'application/json'].schema).toEqual(input);
    }

    const answers = op.responses as Record<string, oas31.ResponseObject>;
    const ok = answers['200'];
    if (ep.kind === 'file') {
      // a file in each of its declared media types; one that only redirects (303) has no 200
      expect(ep.media, `${ep.path} declares the media types of its file`).toBeDefined();
      if (ep.media!.length === 0) expect(ok).toBeUndefined();
      else expect(ok.content).toEqual(Object.fromEntries(ep.media!.map((m) => [m, { schema: { type: 'string', format: 'binary' } }])));
    } else expect(ok.content?.['application/json']?.schema).toEqual(fresh(ep.output, 'output'));

    expect(answers['400'].content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ValidationErrorBody' });
    const versioned = typeof ep.writes === 'object' && 'version' in ep.writes;
    const expected = [
      ...(ep.kind === 'file' && ep.media!.length === 0 ? [] : ['200']), '400',
      ...(access !== 'public' ? ['401'] : []),
      ...(ep.method === 'POST' || (access !== 'public' && access !== 'session') ? ['403'] : []),
      ...(versioned ? ['409'] : []), ...(ep.method === 'POST' ? ['413', '415'] : []), '500',
      ...Object.keys(ep.answers ?? {}),
    ];
    expect(Object.keys(answers).sort()).toEqual([...new Set(expected)].sort());
    for (const [status, r] of Object.entries(answers)) {
      expect(r.description, `${status} says what it means`).toBeTruthy();
      if (!['200', '303', '400'].includes(status)) expect(r.content?.['application/json']?.schema, status).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    }
  });

  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('would notice a schema that changed without the document following', () => {
    const ep = authEndpoints.checkToken;
    const changed = ep.input.extend({ extra: ep.input.shape.token });
    const body = opOf(ep)?.requestBody as oas31.RequestBodyObject;
    expect(body.content['application/json'].schema).not.toEqual(fresh(changed, 'input'));
  });
});

/** Issue 32, finding 7: the document told only 200/400/401/403, and the document itself as a binary download. */
describe('the document says what the server answers', () => {
  const op = (ep: EndpointDef) => opOf(ep)!.responses as Record<string, oas31.ResponseObject>;

  it('a versioned save declares 409, every POST 413 and 415, sign-in 429, a PDF its media type', () => {
    expect(Object.keys(op(tissuesEndpoints.upsert))).toEqual(expect.arrayContaining(['200', '400', '401', '403', '409', '413', '415', '500']));
    expect(Object.keys(op(settingsEndpoints.update))).toContain('409');
    expect(Object.keys(op(authEndpoints.login))).toEqual(expect.arrayContaining(['429', '413', '415']));
    expect(Object.keys(op(leafPdfEndpoints.reportFile)['200'].content ?? {})).toEqual([MEDIA.pdf]);
    expect(Object.keys(op(leafPdfEndpoints.questPdf))).toContain('303');
  });

  it('the document itself is declared as JSON, with its schema, and answered so', async () => {
    const ok = op(docsEndpoints.openapi)['200'];
    expect(Object.keys(ok.content ?? {})).toEqual(['application/json']);
    expect(ok.content?.['application/json']?.schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['openapi', 'paths']) });
    const r = await admin.call(docsEndpoints.openapi, {});
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.body.openapi).toBe('3.1.0');
  });

  it('an answer the document does not declare fails the test that received it: status, body and media type', async () => {
    expect(problemOf('POST', `${server.url}${tissuesEndpoints.upsert.path}`, 418, 'application/json', () => ({}))).toMatch(
      /^POST \/api\/carbohydratetissue\/upsert answered 418, which its OpenAPI operation does not declare .*declare it in the endpoint's `answers`/,
    );
    expect(problemOf('POST', `${server.url}${settingsEndpoints.get.path}`, 200, 'application/json', () => ({ sugarLimit: 'high' }))).toMatch(/a body its declared schema refuses: .*sugarLimit/);
    expect(problemOf('GET', `${server.url}${leafPdfEndpoints.reportFile.path}?id=1`, 200, 'text/html', () => '')).toMatch(/declares application\/pdf/);
    expect(problemOf('POST', `${server.url}${settingsEndpoints.get.path}`, 200, 'application/json; charset=utf-8', () => ({ sugarLimit: 1, starchLimit: 2, rowVersion: 1 }))).toBeNull();

    // end to end, through the wrapped fetch every API test calls with: a server answering 418 where none is declared
    const liar = createServer((_req, res) => res.writeHead(418, { 'content-type': 'application/json' }).end('{"error":"Teapot","message":"no"}'));
    await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;
    try {
      await expect(new ApiClient(url).call(settingsEndpoints.get, {})).rejects.toThrow(/POST \/api\/settings\/get answered 418/);
    } finally {
      liar.close();
      // the wrapper also keeps what it found for the test's end: this test expected it, so it is taken back here
      (globalThis as Record<symbol, { found: string[] }>)[Symbol.for('sapwood.openapi-answers')].found.length = 0;
    }
  });
});

describe('who reads the reference', () => {
  it.each([docsEndpoints.page, docsEndpoints.openapi].map((e) => [e.path, e] as const))('%s: 401 anonymous, 403 without Admin', async (_p, ep) => {
    expect((await anonymous.call(ep, {})).status).toBe(401);
    expect((await nobody.call(ep, {})).status).toBe(403);
    expect((await usersOnly.call(ep, {})).status).toBe(403);
  });

  it('an administrator reads a plain HTML page listing every endpoint', async () => {
    const r = await admin.call(docsEndpoints.page, {});
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const html = String(r.body);
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/i);
    for (const ep of allEndpoints) expect(html, ep.path).toContain(`<code class="path">${ep.path}</code>`);
    expect(html).toContain('sapwood_session');
    expect(html).toContain('permission: <b>Admin</b>');
  });
});
