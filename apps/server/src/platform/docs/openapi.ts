import type { z } from 'zod';
import { type CreateDocumentOptions, type oas31, createSchema } from 'zod-openapi';
import { type EndpointDef, ErrorBody, ValidationErrorBody, apiFeatures, authEndpoints } from '@sapwood/contracts';
import { SESSION_COOKIE } from '../auth/auth.routes';

/**
 * The conversion options of every schema of the document. A declared `z.custom` (an uploaded file part
 * of a multipart form) cannot be told in JSON Schema; it is said to be binary.
 */
export const OPENAPI_SCHEMA_OPTIONS: CreateDocumentOptions = {
  allowEmptySchema: { custom: true },
  override: (ctx) => {
    if (ctx.zodSchema._zod.def.type === 'custom') Object.assign(ctx.jsonSchema, { type: 'string', format: 'binary' });
  },
};

/** One declared schema as OpenAPI 3.1: requests in zod's input mode, answers in its output mode. */
export function toOpenApiSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { schema: converted, components } = createSchema(schema, { io, opts: OPENAPI_SCHEMA_OPTIONS, openapiVersion: '3.1.0' });
  return { schema: converted as oas31.SchemaObject | oas31.ReferenceObject, components: components as Record<string, oas31.SchemaObject> };
}

/** What the document says an endpoint needs: 'public', 'session' or the permission's name. */
export function accessOf(def: EndpointDef): string {
  return 'public' in def.access ? 'public' : 'session' in def.access ? 'session' : def.access.permission;
}

export const SESSION_SCHEME = 'session';

const errorRef = { $ref: '#/components/schemas/ErrorBody' };
const json = (schema: oas31.SchemaObject | oas31.ReferenceObject) => ({ 'application/json': { schema } });

function queryParameters(schema: oas31.SchemaObject | oas31.ReferenceObject): oas31.ParameterObject[] {
  const properties = 'properties' in schema ? (schema.properties ?? {}) : {};
  const required = new Set('required' in schema ? (schema.required ?? []) : []);
  return Object.entries(properties).map(([name, s]) => ({ name, in: 'query' as const, required: required.has(name), schema: s }));
}

/** Whether an endpoint changes records under a version it was given, so that a stale one answers 409. */
export function isVersioned(def: EndpointDef): boolean {
  return typeof def.writes === 'object' && 'version' in def.writes;
}

/**
 * Every status an endpoint can answer with what it means there (ADR 0111): those of every endpoint of its kind
 * (the registrar's and the error handler's), then the ones it declares itself (`answers`).
 */
export function statusesOf(def: EndpointDef): Map<number, string> {
  const access = accessOf(def);
  const s = new Map<number, string>();
  if (!(def.kind === 'file' && def.media?.length === 0)) s.set(200, def.kind === 'file' ? 'The file' : 'The declared answer');
  s.set(400, 'The input does not match the declared schema, or breaks a rule: the fields are named');
  if (access !== 'public') s.set(401, 'No session: sign in first');
  if (access !== 'public' && access !== 'session') s.set(403, `The user lacks the ${access} permission`);
  if (def.method === 'POST') {
    s.set(403, s.has(403) ? `The user lacks the ${access} permission, or the request names another origin` : 'The request names another origin (cross-site)');
    s.set(413, 'The body is larger than the server takes');
    s.set(415, `The body is not ${def.multipart ? 'a form (multipart/form-data or urlencoded) or JSON' : 'JSON'}`);
  }
  if (isVersioned(def)) s.set(409, 'The version sent is not the stored one: someone saved meanwhile. Reload and save again.');
  for (const [status, text] of Object.entries(def.answers ?? {})) {
    const code = Number(status);
    s.set(code, s.has(code) && code !== 409 ? `${s.get(code)}; ${text}` : text);
  }
  s.set(500, 'An unexpected failure (none is expected: the property test holds every endpoint to it)');
  return new Map([...s].sort(([a], [b]) => a - b));
}

function responseOf(def: EndpointDef, status: number, description: string, components: Record<string, oas31.SchemaObject>): oas31.ResponseObject {
  if (status === 200 && def.kind === 'file') {
    return { description, content: Object.fromEntries((def.media ?? []).map((m) => [m, { schema: { type: 'string', format: 'binary' } }])) };
  }
  if (status === 200) {
    const output = toOpenApiSchema(def.output, 'output');
    Object.assign(components, output.components);
    return { description, content: json(output.schema) };
  }
  if (status === 303) return { description, headers: { Location: { description: 'Where to go', schema: { type: 'string' } } } };
  return { description, content: json(status === 400 ? { $ref: '#/components/schemas/ValidationErrorBody' } : errorRef) };
}

function operation(feature: string, name: string, def: EndpointDef, components: Record<string, oas31.SchemaObject>): oas31.OperationObject {
  const access = accessOf(def);
  const input = toOpenApiSchema(def.input, 'input');
  Object.assign(components, input.components);
  const responses: oas31.ResponsesObject = {};
  for (const [status, description] of statusesOf(def)) responses[String(status)] = responseOf(def, status, description, components);

  const screen = 'screen' in def.access ? def.access.screen : undefined;
  const held = screen ? `the ${access} and ${screen} permissions` : `the ${access} permission`;
  const who = access === 'public' ? 'Anyone may call it.' : access === 'session' ? 'Any signed-in user may call it.' : access === 'Admin' ? 'Only a signed-in administrator may call it.' : `A signed-in user holding ${held} (or Admin) may call it.`;
  const op: oas31.OperationObject & { 'x-permission': string; 'x-screen-permission'?: string } = {
    operationId: `${feature}.${name}`,
    tags: [feature],
    summary: def.summary ?? `${feature} ${name}`,
    description: who,
    security: access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }],
    'x-permission': access,
    ...(screen ? { 'x-screen-permission': screen } : {}),
    responses,
  };
  if (def.method === 'GET') {
    op.parameters = queryParameters(input.schema);
  } else {
    op.requestBody = { required: false, content: { [def.multipart ? 'multipart/form-data' : 'application/json']: { schema: input.schema } } };
  }
  return op;
}

/** The OpenAPI 3.1 document of every declared endpoint (packages/contracts), built once at start. */
export function buildOpenApiDocument(version: string): oas31.OpenAPIObject {
  const schemas: Record<string, oas31.SchemaObject> = {
    ErrorBody: toOpenApiSchema(ErrorBody, 'output').schema as oas31.SchemaObject,
    ValidationErrorBody: toOpenApiSchema(ValidationErrorBody, 'output').schema as oas31.SchemaObject,
  };
  const paths: oas31.PathsObject = {};
  for (const [feature, endpoints] of Object.entries(apiFeatures)) {
    for (const [name, def] of Object.entries(endpoints as Record<string, EndpointDef>)) {
      const item = (paths[def.path] ??= {});
      item[def.method === 'GET' ? 'get' : 'post'] = operation(feature, name, def, schemas);
    }
  }
  const login = authEndpoints.login;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sapwood API',
      version,
      description:
        'Generated at start from the endpoint declarations in packages/contracts. Every operation names who may call it in ' +
        '`x-permission`: `public`, `session` (any signed-in user) or a permission (Admin holds them all), and in ' +
        '`x-screen-permission` the screen\'s permission it needs too (a submission tab\'s call). GET endpoints take ' +
        'their input as query parameters, POST endpoints as a JSON body (multipart where said). Browsers must send a matching ' +
        '`Origin` header with a POST.',
    },
    paths,
    components: {
      schemas,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            `The session cookie. It is made by \`${login.method} ${login.path}\` with a JSON body \`{ "email", "password" }\`: ` +
            'when the answer is `"Success"` the server sets the HttpOnly cookie, which every later call sends back. ' +
            `\`${authEndpoints.logout.method} ${authEndpoints.logout.path}\` ends the session; an idle or expired session answers 401.`,
        },
      },
    },
  };
}
