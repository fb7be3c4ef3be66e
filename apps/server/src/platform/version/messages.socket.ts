import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { VersionService } from './version.service';

const ClientMessage = z.object({ type: z.literal('ClientVersion'), version: z.string().max(100) });

/**
 * The live-message connection at /messages: the client says its version, the server answers with
 * the newest version and pushes again whenever a newer one starts on any server process.
 */
export function registerMessagesSocket(app: FastifyInstance, versions: VersionService): void {
  const sockets = new Set<WebSocket>();
  const push = (socket: WebSocket, version: string) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'Version', version }));
  };
  versions.onChange((version) => {
    for (const s of sockets) push(s, version);
  });

  app.get('/messages', { websocket: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('message', (raw: Buffer) => {
      let data: unknown;
      try {
        data = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (ClientMessage.safeParse(data).success) void versions.latest().then((v) => push(socket, v));
    });
    void versions.latest().then((v) => push(socket, v));
  });
}
