import { z } from 'zod';

/*
 * The live-message connection (websocket at /messages), declared like the endpoints: every message either
 * side may send. The server sends only declared messages (validated before sending) and ignores anything
 * else it receives; the web app parses what it receives with `ServerMessage`.
 */

/** client → server: the version of the web app that is running (sent on connect). */
export const ClientVersionMessage = z.object({ type: z.literal('ClientVersion'), version: z.string().max(100) });
/** server → client: the newest server version (on connect, after ClientVersion, and when a newer one starts). */
export const VersionMessage = z.object({ type: z.literal('Version'), version: z.string() });

export const ClientMessage = z.discriminatedUnion('type', [ClientVersionMessage]);
export const ServerMessage = z.discriminatedUnion('type', [VersionMessage]);
export type ClientMessage = z.infer<typeof ClientMessage>;
export type ServerMessage = z.infer<typeof ServerMessage>;

/** The websocket's path and its two directions. */
export const messagesSocket = { path: '/messages', client: ClientMessage, server: ServerMessage } as const;
