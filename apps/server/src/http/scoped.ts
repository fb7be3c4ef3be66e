import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
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

/**
 * The server's upgrade requests passed on (to the WebSocket plugin, listening on the emitter answered)
 * only for `path`, the one WebSocket route. An upgrade asked of any other URL is answered 404 and its
 * connection closed: registered in a context of its own, the plugin no longer closes those itself.
 */
export function upgradesOf(server: Server, path: string): EventEmitter {
  const gate = new EventEmitter();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    if ((q < 0 ? url : url.slice(0, q)) === path) {
      gate.emit('upgrade', req, socket, head);
      return;
    }
    // Node takes its error listener off a socket it hands over: a reset while refusing must not end the process
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  return gate;
}
