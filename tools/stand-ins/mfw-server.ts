import { createHash } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { runWhenMain } from './exit-with-parent';
import { type Hostility, answerHostile, hostilityOf } from './hostile-modes';
import { closeServer, readBody, send } from './http-util';

/**
 * A stand-in for the farm-management system (MFW): real HTTP, records what it receives, answers with
 * a farm id, treats a repeated Idempotency-Key as the same post (no duplicate: the first answer again), and
 * fails or stalls on demand. Two routes: POST /api/results (carbohydrate results of a location group) and
 * POST /api/v1/sample-results (a lab submission's sample results). Used by the tests and by `npm run dev`.
 * Control: POST /__control/fail {count, status, message}, POST /__control/stall {count, ms}, GET /__received,
 * POST /__control/hostile {mode, target, paths} (answers the hostile way until mode null: hostile-modes.ts).
 */
export interface MfwStandIn {
  url: string;
  /** every accepted, distinct post, with the route it came to */
  received: { key: string; path: string; body: unknown }[];
  /** every request that reached a posting route, duplicates and failures included */
  requests: number;
  failNext(count: number, status?: number, message?: string): void;
  /** the next `count` posts answer only after `ms` (longer than the caller's timeout: a time-out) */
  stallNext(count: number, ms?: number): void;
  /** answers the hostile way (hostile-modes.ts) from now on; null: well again */
  turnHostile(h: Hostility | null): void;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown };
/** Checks a post of a route: an error answer (4xx), or what to answer and remember. */
type Route = (post: Record<string, unknown>) => Answer;

const farmIdOf = (client: string, farm: string) => `MFW-${createHash('sha1').update(`${client.toLowerCase()}|${farm.toLowerCase()}`).digest('hex').slice(0, 8)}`;
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

const ROUTES: Record<string, Route> = {
  '/api/results': (p) => {
    if (!isText(p.client) || !isText(p.farm) || !Array.isArray(p.results) || p.results.length === 0) {
      return { status: 422, body: { error: 'client, farm and at least one result are required' } };
    }
    return { status: 200, body: { farmId: farmIdOf(p.client, p.farm), accepted: p.results.length, message: 'Results received' } };
  },
  '/api/v1/sample-results': (p) => {
    if (!isText(p.client) || !isText(p.farm) || !Array.isArray(p.samples) || p.samples.length === 0) {
      return { status: 422, body: { error: 'client, farm and at least one sample are required' } };
    }
    if (p.kind !== 'leaf' && p.kind !== 'soil') return { status: 422, body: { error: 'kind must be leaf or soil' } };
    const bad = (p.samples as Record<string, unknown>[]).findIndex((x) => !x || !isText(x.sampleNumber) || typeof x.na !== 'boolean' || !Array.isArray(x.values)
      || !(x.values as Record<string, unknown>[]).every((v) => v && isText(v.code) && typeof v.value === 'number' && Number.isFinite(v.value) && typeof v.unit === 'string'));
    if (bad >= 0) return { status: 422, body: { error: `sample ${bad + 1}: a sample number, na and values {code, value, unit} are required` } };
    return { status: 200, body: { farmId: farmIdOf(p.client, p.farm), accepted: p.samples.length, message: 'Sample results received' } };
  },
};

/** The control routes (fail, stall, hostile, what was received): answers and says true when `req` is one of them. */
function answerControl(state: MfwStandIn, req: IncomingMessage, body: string, res: ServerResponse): boolean {
  if (req.method === 'POST' && req.url === '/__control/fail') {
    const j = JSON.parse(body || '{}') as { count?: number; status?: number; message?: string };
    state.failNext(j.count ?? 1, j.status, j.message);
    send(res, 200, { ok: true });
    return true;
  }
  if (req.method === 'POST' && req.url === '/__control/stall') {
    const j = JSON.parse(body || '{}') as { count?: number; ms?: number };
    state.stallNext(j.count ?? 1, j.ms);
    send(res, 200, { ok: true });
    return true;
  }
  if (req.method === 'POST' && req.url === '/__control/hostile') {
    try {
      state.turnHostile(hostilityOf(JSON.parse(body || '{}') as Record<string, unknown>));
    } catch (err) {
      send(res, 400, { error: (err as Error).message });
      return true;
    }
    send(res, 200, { ok: true });
    return true;
  }
  if (req.method === 'GET' && req.url === '/__received') {
    send(res, 200, state.received);
    return true;
  }
  return false;
}

export async function startMfwStandIn(opts: { port?: number; apiKey?: string } = {}): Promise<MfwStandIn> {
  const byKey = new Map<string, { status: number; body: string }>();
  let failures = { count: 0, status: 503, message: '' };
  let stalls = { count: 0, ms: 0 };
  let hostile: Hostility | null = null;
  const state: MfwStandIn = {
    url: '',
    received: [],
    requests: 0,
    failNext(count, status = 503, message = 'MFW is temporarily unavailable') {
      failures = { count, status, message };
    },
    stallNext(count, ms = 60_000) {
      stalls = { count, ms };
    },
    turnHostile(h) {
      hostile = h;
    },
    close: () => closeServer(server),
  };

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (answerControl(state, req, body, res)) return;
    const path = req.url ?? '';
    const route = ROUTES[path];
    if (req.method !== 'POST' || !route) return send(res, 404, { error: 'not found' });
    state.requests += 1;
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) return send(res, 401, { error: 'bad api key' });
    if (answerHostile(hostile, req, new URL(path, 'http://mfw'), res)) return;
    if (stalls.count > 0) {
      stalls.count -= 1;
      await new Promise((r) => setTimeout(r, stalls.ms));
      if (res.destroyed) return;
      return send(res, 504, { error: 'stalled' });
    }
    if (failures.count > 0) {
      failures.count -= 1;
      return send(res, failures.status, { error: failures.message });
    }
    const key = String(req.headers['idempotency-key'] ?? '');
    if (!key) return send(res, 400, { error: 'Idempotency-Key header required' });
    const seen = byKey.get(`${path}|${key}`);
    if (seen) {
      res.writeHead(seen.status, { 'content-type': 'application/json', 'idempotent-replay': 'true' });
      return res.end(seen.body);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return send(res, 400, { error: 'invalid JSON' });
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return send(res, 400, { error: 'a JSON object is required' });
    const answer = route(parsed as Record<string, unknown>);
    if (answer.status !== 200) return send(res, answer.status, answer.body);
    const text = JSON.stringify(answer.body);
    byKey.set(`${path}|${key}`, { status: 200, body: text });
    state.received.push({ key, path, body: parsed });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  state.url = `http://127.0.0.1:${port}`;
  return state;
}

await runWhenMain(import.meta.url, 'MFW', () => startMfwStandIn({ port: Number(process.env.MFW_STANDIN_PORT ?? 4010), apiKey: process.env.MFW_API_KEY }));
