import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { exitWithParent } from './exit-with-parent';
import { readBody, send } from './http-util';

/**
 * A stand-in for the farm-management system (MFW): real HTTP, records what it receives, answers with
 * a farm id, treats a repeated Idempotency-Key as the same post (no duplicate), and fails on demand.
 * Used by the tests and by `npm run dev`. Control: POST /__control/fail {count, status, message},
 * GET /__received.
 */
export interface MfwStandIn {
  url: string;
  /** every accepted, distinct post */
  received: { key: string; body: unknown }[];
  /** every request that reached /api/results, duplicates and failures included */
  requests: number;
  failNext(count: number, status?: number, message?: string): void;
  close(): Promise<void>;
}

export async function startMfwStandIn(opts: { port?: number; apiKey?: string } = {}): Promise<MfwStandIn> {
  const byKey = new Map<string, { status: number; body: string }>();
  const state: MfwStandIn = {
    url: '',
    received: [],
    requests: 0,
    failNext(count, status = 503, message = 'MFW is temporarily unavailable') {
      failures = { count, status, message };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  let failures = { count: 0, status: 503, message: '' };

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method === 'POST' && req.url === '/__control/fail') {
      const j = JSON.parse(body || '{}') as { count?: number; status?: number; message?: string };
      state.failNext(j.count ?? 1, j.status, j.message);
      return send(res, 200, { ok: true });
    }
    if (req.method === 'GET' && req.url === '/__received') return send(res, 200, state.received);
    if (req.method !== 'POST' || req.url !== '/api/results') return send(res, 404, { error: 'not found' });
    state.requests += 1;
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) return send(res, 401, { error: 'bad api key' });
    if (failures.count > 0) {
      failures.count -= 1;
      return send(res, failures.status, { error: failures.message });
    }
    const key = String(req.headers['idempotency-key'] ?? '');
    if (!key) return send(res, 400, { error: 'Idempotency-Key header required' });
    const seen = byKey.get(key);
    if (seen) {
      res.writeHead(seen.status, { 'content-type': 'application/json', 'idempotent-replay': 'true' });
      return res.end(seen.body);
    }
    let parsed: { client?: string; farm?: string; results?: unknown[] };
    try {
      parsed = JSON.parse(body);
    } catch {
      return send(res, 400, { error: 'invalid JSON' });
    }
    if (!parsed.client || !parsed.farm || !Array.isArray(parsed.results) || parsed.results.length === 0) {
      return send(res, 422, { error: 'client, farm and at least one result are required' });
    }
    const farmId = `MFW-${createHash('sha1').update(`${parsed.client.toLowerCase()}|${parsed.farm.toLowerCase()}`).digest('hex').slice(0, 8)}`;
    const answer = JSON.stringify({ farmId, accepted: parsed.results.length, message: 'Results received' });
    byKey.set(key, { status: 200, body: answer });
    state.received.push({ key, body: parsed });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(answer);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  state.url = `http://127.0.0.1:${port}`;
  return state;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  exitWithParent();
  const port = Number(process.env.MFW_STANDIN_PORT ?? 4010);
  const s = await startMfwStandIn({ port, apiKey: process.env.MFW_API_KEY });
  console.log(`MFW stand-in listening on ${s.url}`);
}
