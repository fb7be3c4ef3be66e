import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { exitWithParent } from './exit-with-parent';
import { closeServer, send } from './http-util';

/**
 * A stand-in for a Sentry-compatible error-reporting service: real HTTP, takes the SDKs' envelopes
 * (POST /api/<project>/envelope/, gzip or not, from a page of any origin) and keeps them, parsed: the envelope's
 * header and each item's header and payload. Used by the tests and by `npm run dev` (SENTRY_DSN = its `dsn`).
 * Control: GET /__received (the envelopes so far).
 */
export interface SentryEnvelope {
  header: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: unknown }[];
}

export interface SentryStandIn {
  url: string;
  /** the DSN that points at this stand-in (project 1) */
  dsn: string;
  received: SentryEnvelope[];
  /** the error events received so far (items of type 'event') */
  events(): Record<string, unknown>[];
  close(): Promise<void>;
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, OPTIONS' };

/** An envelope: newline-separated JSON, a header, then item header and payload pairs. */
export function parseEnvelope(text: string): SentryEnvelope {
  const lines = text.split('\n');
  const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
  const items: SentryEnvelope['items'] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    if (!lines[i].trim()) break;
    const itemHeader = JSON.parse(lines[i]) as Record<string, unknown>;
    let payload: unknown = lines[i + 1];
    try {
      payload = JSON.parse(lines[i + 1]);
    } catch {
      // an attachment: kept as text
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

export async function startSentryStandIn(opts: { port?: number } = {}): Promise<SentryStandIn> {
  const state: SentryStandIn = {
    url: '',
    dsn: '',
    received: [],
    events: () => state.received.flatMap((e) => e.items.filter((i) => i.header.type === 'event').map((i) => i.payload as Record<string, unknown>)),
    close: () => closeServer(server),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS);
        return res.end();
      }
      if (req.method === 'GET' && req.url === '/__received') return send(res, 200, state.received);
      if (req.method !== 'POST' || !/^\/api\/\d+\/envelope\/?(\?.*)?$/.test(req.url ?? '')) return send(res, 404, { error: 'not found' });
      const raw = Buffer.concat(chunks);
      try {
        const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        state.received.push(parseEnvelope(text));
      } catch {
        res.writeHead(400, CORS);
        return res.end('bad envelope');
      }
      res.writeHead(200, { 'content-type': 'application/json', ...CORS });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  state.url = `http://127.0.0.1:${port}`;
  state.dsn = `http://publickey@127.0.0.1:${port}/1`;
  return state;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  exitWithParent();
  const s = await startSentryStandIn({ port: Number(process.env.SENTRY_STANDIN_PORT ?? 4016) });
  console.log(`Sentry stand-in listening on ${s.url} (SENTRY_DSN=${s.dsn})`);
}
