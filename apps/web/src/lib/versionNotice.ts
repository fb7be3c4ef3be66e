import { useEffect, useState } from 'react';

const STORED = 'sapwood.version';
const RELOADED_FOR = 'sapwood.reloadedFor';

/**
 * The live-message connection (/messages): sends ClientVersion on connect, listens for Version pushes
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
      socket = new WebSocket(`${proto}://${location.host}/messages`);
      socket.onopen = () => {
        delay = 1000;
        socket?.send(JSON.stringify({ type: 'ClientVersion', version: clientVersion }));
      };
      socket.onmessage = (ev) => {
        try {
          const msg = JSON.parse(String(ev.data)) as { type?: string; version?: string };
          if (msg.type === 'Version' && typeof msg.version === 'string') setServerVersion(msg.version);
        } catch {
          /* not ours */
        }
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
