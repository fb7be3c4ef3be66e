import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { oas31 } from 'zod-openapi';
import { buildOpenApiDocument } from '../../apps/server/src/platform/docs/openapi';

/**
 * Every answer an API test receives from a Sapwood server is checked against the OpenAPI document (ADR 0111):
 * its status must be one the operation declares, a JSON answer must match the schema declared for that status,
 * and a file must come in one of the declared media types. `tests/support/openapi-answers.setup.ts` wraps
 * `fetch` for the API tests (so ApiClient and every direct `fetch` pass here); a mismatch fails the test.
 */
const DOCUMENT_ID = 'sapwood-openapi';

let document: oas31.OpenAPIObject | null = null;
let ajv: Ajv2020 | null = null;
const validators = new Map<string, ValidateFunction>();

/** The document every server builds at start (the API reference test holds the served one to it). */
export function openApiDocument(): oas31.OpenAPIObject {
  document ??= buildOpenApiDocument('test');
  return document;
}

function validatorFor(pointer: string): ValidateFunction {
  let v = validators.get(pointer);
  if (!v) {
    if (!ajv) {
      // the document's schemas are JSON Schema 2020-12 (OpenAPI 3.1); `binary` is OpenAPI's own format for files
      ajv = new Ajv2020({ strict: false, allErrors: true, formats: { binary: true } });
      ajv.addSchema(openApiDocument() as object, DOCUMENT_ID);
    }
    v = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
    validators.set(pointer, v);
  }
  return v;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The servers the tests start listen on the loopback address; the stand-ins of outside systems there answer no Sapwood path. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a request went to a Sapwood server the tests started, at an API path. */
export function isWatched(url: string): boolean {
  try {
    const u = new URL(url);
    return LOOPBACK.has(u.hostname) && u.pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

/** Whether the method and URL are an operation of the document (only those answers are read and checked). */
export function isEndpoint(method: string, url: string): boolean {
  const verb = method.toLowerCase() as 'get' | 'post';
  return openApiDocument().paths?.[new URL(url).pathname]?.[verb] !== undefined;
}

/** What is wrong with an answer, by the document, or null when it is as declared (or its path is not an endpoint). */
export function problemOf(method: string, url: string, status: number, contentType: string | null, body: () => unknown): string | null {
  const path = new URL(url).pathname;
  const verb = method.toLowerCase() as 'get' | 'post';
  const op = openApiDocument().paths?.[path]?.[verb] as oas31.OperationObject | undefined;
  if (!op) return null; // not a declared endpoint: the 404 of an unknown path, or a method it does not take
  const name = `${method.toUpperCase()} ${path}`;
  const response = op.responses?.[String(status)] as oas31.ResponseObject | undefined;
  if (!response) {
    return `${name} answered ${status}, which its OpenAPI operation does not declare (it declares ${Object.keys(op.responses ?? {}).join(', ')}): ` +
      `declare it in the endpoint's \`answers\` in packages/contracts with what it means there (ADR 0111)`;
  }
  const content = response.content ?? {};
  const declared = Object.keys(content);
  if (declared.length === 0) return null;
  const media = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!declared.includes(media)) return `${name} answered ${status} as '${contentType}', but declares ${declared.join(' or ')} for ${status}`;
  if (media !== 'application/json') return null;
  const pointer = `/paths/${escapePointer(path)}/${verb}/responses/${status}/content/${escapePointer('application/json')}/schema`;
  const validate = validatorFor(pointer);
  const value = body();
  if (validate(value)) return null;
  const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}`).join('; ');
  return `${name} answered ${status} with a body its declared schema refuses: ${errors}; body ${JSON.stringify(value).slice(0, 300)}`;
}
