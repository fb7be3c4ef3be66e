import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchema, type oas31 } from 'zod-openapi';
import { type EndpointDef, allEndpoints, apiFeatures, authEndpoints, docsEndpoints } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { OPENAPI_SCHEMA_OPTIONS } from '../src/platform/docs/openapi';

/**
 * The API reference (ADR 0076) against the declarations: every endpoint is in it, each schema equals a
 * fresh conversion of the declared one (a schema changed without the document following fails), and only
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

    const ok = op.responses?.['200'] as oas31.ResponseObject;
    if (ep.kind === 'file') expect(ok.content?.['application/octet-stream']?.schema).toEqual({ type: 'string', format: 'binary' });
    else expect(ok.content?.['application/json']?.schema).toEqual(fresh(ep.output, 'output'));

    const errors = op.responses as Record<string, oas31.ResponseObject>;
    expect(errors['400'].content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ValidationErrorBody' });
    expect('401' in errors).toBe(access !== 'public');
    expect('403' in errors).toBe(access !== 'public' && access !== 'session');
    if (access !== 'public') expect(errors['401'].content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
  });

  it('would notice a schema that changed without the document following', () => {
    const ep = authEndpoints.checkToken;
    const changed = ep.input.extend({ extra: ep.input.shape.token });
    const body = opOf(ep)?.requestBody as oas31.RequestBodyObject;
    expect(body.content['application/json'].schema).not.toEqual(fresh(changed, 'input'));
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
