import { docsEndpoints } from '@sapwood/contracts';
import { JsonText } from '../../http/json-text';
import type { Registrar } from '../../http/registrar';
import { renderDocsPage } from './docs.page';
import { buildOpenApiDocument } from './openapi';

/**
 * GET /api/docs (the readable page) and GET /api/docs/openapi.json (the document), for administrators.
 * Both are built once, when first asked for, from the declarations in packages/contracts (ADR 0076).
 */
export function registerDocs(registrar: Registrar, version: string): void {
  // built when first asked for, not at every start (a second or more: ADR 0115)
  let built: { json: string; page: string } | undefined;
  const docs = () => {
    if (!built) {
      const document = buildOpenApiDocument(version);
      built = { json: JSON.stringify(document), page: renderDocsPage(document) };
    }
    return built;
  };
  registrar.feature(docsEndpoints, {
    page: (_input, ctx) => ctx.reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(docs().page),
    openapi: (_input, ctx) => {
      ctx.reply.header('cache-control', 'no-store');
      return new JsonText(docs().json);
    },
  });
}
