import { useEffect, useState } from 'react';
import { type ClientMessage, messagesSocket } from '@sapwood/contracts';

const STORED = 'sapwood.version';
const RELOADED_FOR = 'sapwood.reloadedFor';

/**
 * The live-message connection (/messages, its messages declared in @sapwood/contracts `messagesSocket`):
 * sends ClientVersion on connect, listens for Version pushes
 * and reconnects after a drop (1 s, growing to 30 s). Returns true when the server's version differs.
 */
export function useVersionNotice(clientVersion: string): boolean {
  const [serverVersion, setServerVersion] = useState<string | null>(null);

  useEffect(() => {
    // The version this browser last ran is compared with the server's: on a difference the page reloads
    // (once per version), so that a tab restored from cache picks up the new build.
    const stored = localStorage.getItem(STORED);
    localStorage.setItem(STORED, clientVersion);
    if (stored && stored !== clientVersion && sessionStorage.getItem(RELOADED_FOR) !== clientVersion) {
      sessionStorage.setItem(RELOADED_FOR, clientVersion);
      location.reload();
      return;
    }
    let socket: WebSocket | null = null;
    let stopped = false;
    let delay = 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      const proto = location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${proto}://${location.host}${messagesSocket.path}`);
      socket.onopen = () => {
        delay = 1000;
        const hello: ClientMessage = { type: 'ClientVersion', version: clientVersion };
        socket?.send(JSON.stringify(hello));
      };
      socket.onmessage = (ev) => {
        let data: unknown;
        try {
          data = JSON.parse(String(ev.data));
        } catch {
          return; // not ours
        }
        const msg = messagesSocket.server.safeParse(data);
        if (msg.success && msg.data.type === 'Version') setServerVersion(msg.data.version);
      };
      socket.onclose = () => {
        if (stopped) return;
        timer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [clientVersion]);

  return serverVersion !== null && serverVersion !== clientVersion;
}
