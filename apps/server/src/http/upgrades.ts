import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

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
