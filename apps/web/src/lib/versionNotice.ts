import { useEffect, useState } from 'react';

const STORED = 'sapwood.version';

/**
 * The live-message connection (/messages): sends ClientVersion on connect, listens for Version pushes
 * and reconnects after a drop (1 s, growing to 30 s). Returns true when the server's version differs.
 */
export function useVersionNotice(clientVersion: string): boolean {
  const [serverVersion, setServerVersion] = useState<string | null>(null);

  useEffect(() => {
    // A stored version older than the one now loaded means the page was already updated.
    localStorage.setItem(STORED, clientVersion);
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
