import { useEffect, useState } from 'react';
import { type ClientMessage, messagesSocket } from '@sapwood/contracts';

const STORED = 'sapwood.version';
const RELOADED_FOR = 'sapwood.reloadedFor';

/** The version of this build of the web app (vite.config.ts defines it from package.json). */
export const CLIENT_VERSION: string = import.meta.env.VITE_APP_VERSION ?? 'dev';

/**
 * The server's version when the page loaded (the start-up data's) against the one this browser last saw: on
 * a difference the page reloads (once per version), so that a tab restored from cache picks up the new build
 * (spec part 1 §4). Answers whether the page stays (false: it is reloading).
 */
function storeServerVersion(serverVersion: string): boolean {
  const stored = localStorage.getItem(STORED);
  localStorage.setItem(STORED, serverVersion);
  if (stored && stored !== serverVersion && sessionStorage.getItem(RELOADED_FOR) !== serverVersion) {
    sessionStorage.setItem(RELOADED_FOR, serverVersion);
    location.reload();
    return false;
  }
  return true;
}

/**
 * The live-message connection (/messages, its messages declared in @sapwood/contracts `messagesSocket`):
 * sends the client's own version (the build's, `CLIENT_VERSION`) on connect, listens for Version pushes and
 * reconnects after a drop (1 s, growing to 30 s). Returns true when the server's version differs from the
 * client's: the new-version banner (spec part 1 §4).
 */
export function useVersionNotice(clientVersion: string, serverVersionAtStart: string): boolean {
  const [serverVersion, setServerVersion] = useState<string | null>(null);

  useEffect(() => {
    if (!storeServerVersion(serverVersionAtStart)) return;
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
  }, [clientVersion, serverVersionAtStart]);

  return serverVersion !== null && serverVersion !== clientVersion;
}
