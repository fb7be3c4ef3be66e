import { docsEndpoints } from '@sapwood/contracts';
import { JsonText } from '../../http/json-text';
import type { Registrar } from '../../http/registrar';
import { renderDocsPage } from './docs.page';
import { buildOpenApiDocument } from './openapi';

/**
 * GET /api/docs (the readable page) and GET /api/docs/openapi.json (the document), for administrators.
 * Both are built once, here at start, from the declarations in packages/contracts (ADR 0076).
 */
export function registerDocs(registrar: Registrar, version: string): void {
  const document = buildOpenApiDocument(version);
  const json = JSON.stringify(document);
  const page = renderDocsPage(document);
  registrar.feature(docsEndpoints, {
    page: (_input, ctx) => ctx.reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page),
    openapi: (_input, ctx) => {
      ctx.reply.header('cache-control', 'no-store');
      return new JsonText(json);
    },
  });
}
