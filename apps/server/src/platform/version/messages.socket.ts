import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { messagesSocket, type ServerMessage } from '@sapwood/contracts';
import type { VersionService } from './version.service';

/** Sends a declared server message, validated against its declaration (packages/contracts/src/messages.ts). */
function send(socket: WebSocket, message: ServerMessage): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.send(JSON.stringify(messagesSocket.server.parse(message)));
}

/**
 * The live-message connection at /messages: the client says its version, the server answers with
 * the newest version and pushes again whenever a newer one starts on any server process. The messages
 * of both directions are declared in packages/contracts (`messagesSocket`).
 */
export function registerMessagesSocket(app: FastifyInstance, versions: VersionService): void {
  const sockets = new Set<WebSocket>();
  const push = (socket: WebSocket, version: string) => send(socket, { type: 'Version', version });
  versions.onChange((version) => {
    for (const s of sockets) push(s, version);
  });

  app.get(messagesSocket.path, { websocket: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('message', (raw: Buffer) => {
      let data: unknown;
      try {
        data = JSON.parse(raw.toString());
      } catch {
        return;
      }
      const message = messagesSocket.client.safeParse(data);
      if (message.success && message.data.type === 'ClientVersion') void versions.latest().then((v) => push(socket, v));
    });
    void versions.latest().then((v) => push(socket, v));
  });
}
