import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from './lazy-schema-compilers';

/**
 * The app's Fastify loads its schema compilers only when a route declares a schema (lazy-schema-compilers.ts). A
 * route that declares one (a plugin's, say) must still be checked and answered exactly as with Fastify's defaults,
 * with the app's ajv options.
 */
async function answers(withLazy: boolean) {
  const app = Fastify({ ajv: { customOptions: { coerceTypes: false } }, ...(withLazy && { schemaController: { compilersFactory: lazySchemaCompilers() } }) });
  app.post('/n', {
    schema: {
      body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false },
      response: { 200: { type: 'object', properties: { twice: { type: 'integer' } } } },
    },
  }, (req) => ({ twice: (req.body as { n: number }).n * 2, secret: 'not in the answer' }));
  const out = [];
  for (const body of [{ n: 2 }, { n: '2' }, {}, { n: 1, extra: true }]) {
    const r = await app.inject({ method: 'POST', url: '/n', payload: body });
    out.push({ status: r.statusCode, body: r.body });
  }
  await app.close();
  return out;
}

describe('lazy schema compilers', () => {
  it("check and answer a route's declared schema as Fastify's own do", async () => {
    const lazy = await answers(true);
    expect(lazy).toEqual(await answers(false));
    // validated (no coercion of '2', the required n; an extra property removed, as Fastify's ajv does) and serialized
    // (the undeclared field left out)
    expect(lazy.map((r) => r.status)).toEqual([200, 400, 400, 200]);
    expect(JSON.parse(lazy[0].body)).toEqual({ twice: 4 });
  });
});
