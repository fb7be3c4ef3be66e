import type { FastifyInstance } from 'fastify';

/**
 * A context of its own for the routes of one plugin (ADR 0096): `setup` registers the plugin in it, and
 * the routes that need the plugin are added to the context answered. Multipart forms and the WebSocket
 * each add hooks to every request of the context they are registered in (an async onResponse; an
 * onRequest and onResponse pair, and a wrapper around every handler), which the lists and every other
 * JSON call then paid for nothing. The context inherits what the app set before it (its hooks, error
 * handler, parsers and decorations), so it is made once they are all in place.
 */
export async function scoped(app: FastifyInstance, setup: (context: FastifyInstance) => PromiseLike<unknown>): Promise<{ context: FastifyInstance }> {
  let context: FastifyInstance | undefined;
  await app.register(async (c) => {
    await setup(c);
    context = c;
  });
  if (!context) throw new Error('the scoped context was not made');
  // wrapped: an instance is a thenable, which an async function's promise would take the place of
  return { context };
}
