import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { type ErrorBody, messagesSocket, type ServerMessage } from '@sapwood/contracts';
import type { SessionResolver } from '../../http/registrar';
import { isOwnOrigin, publicOriginOf } from '../../http/security';
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
 *
 * Only the app's own pages of a signed-in user connect (the web app opens it in the shell, after sign-in):
 * the upgrade is refused with 403 unless the Origin header names the app's own scheme, host and port (or
 * PUBLIC_URL's), which stops another site's page from opening it with the user's cookie, and with 401
 * without a live session.
 */
export function registerMessagesSocket(
  app: FastifyInstance,
  versions: VersionService,
  opts: { sessions: SessionResolver; publicUrl?: string },
): void {
  const publicOrigin = publicOriginOf(opts.publicUrl);
  const refuse = (reply: FastifyReply, status: 401 | 403) => {
    const body: ErrorBody = status === 401
      ? { error: 'Unauthorized', message: 'Please sign in.' }
      : { error: 'CrossOriginRejected', message: 'Cross-origin request refused.' };
    return reply.status(status).send(body);
  };
  const admit = async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = req.headers.origin;
    if (!origin || !isOwnOrigin(req, origin, publicOrigin)) return refuse(reply, 403);
    if (!(await opts.sessions.resolve(req, reply))) return refuse(reply, 401);
  };

  const sockets = new Set<WebSocket>();
  const push = (socket: WebSocket, version: string) => send(socket, { type: 'Version', version });
  versions.onChange((version) => {
    for (const s of sockets) push(s, version);
  });

  app.get(messagesSocket.path, { websocket: true, onRequest: admit }, (socket) => {
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
