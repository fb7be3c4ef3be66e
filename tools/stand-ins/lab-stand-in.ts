import { type IncomingMessage, createServer } from 'node:http';
import { type Hostility, answerHostile, hostilityOf, spoil } from './hostile-modes';
import { closeServer, readBody, send } from './http-util';

/**
 * What the two lab stand-ins share: real HTTP on 127.0.0.1, an API key, and control calls the tests and a
 * developer use to make the lab misbehave: POST /__control/fail {count, status, message, after, only} (the next
 * requests fail, after `after` more succeed), POST /__control/delay {count, ms, after} (the next requests answer late: a time-out),
 * POST /__control/hostile {mode, target, field, paths} (answers the hostile way until mode null: hostile-modes.ts), GET /__requests,
 * and the controls of the lab's own (`control`: the order book's answers, publishing, and a work order reissued to a new
 * lab job, POST /__control/reissue {workOrder, sampleNumbers, published} and /__control/reissue/undo {workOrder}, a lab job
 * made without an order from the app, POST /__control/job {jobNumber, kind, sampleNumbers, published}: see
 * lab-orders.book.ts `answerControl`).
 */
export interface LabStandIn {
  url: string;
  /** requests that reached the lab's API (controls excluded) */
  requests: number;
  /**
   * the next `count` requests fail, after `after` more succeed (a failure in the middle of a paged list);
   * with `only` (method and path, e.g. 'POST /api/v1/orders'), only requests of that kind count
   */
  failNext(count: number, status?: number, message?: string, after?: number, only?: string): void;
  /** the next `count` requests answer `ms` late, after `after` more answer at once (a slow second page) */
  delayNext(count: number, ms: number, after?: number): void;
  /** answers the hostile way (hostile-modes.ts) from now on; null: well again */
  turnHostile(h: Hostility | null): void;
  close(): Promise<void>;
}

/** An answer of the lab's API to a request (its body as text), or null: not one of its paths. */
export type LabRoute = (req: IncomingMessage, url: URL, body: string) => { status: number; body: unknown } | null;

/** A file answer (photos): its content type and bytes, or null when the path is not one. */
export type RawRoute = (url: URL) => Promise<{ type: string; data: Buffer } | null>;

export async function startLabStandIn(opts: {
  port?: number; apiKey?: string; keyHeader: string; route: LabRoute; raw?: RawRoute;
  /** a control of the lab's own: true when it took the path */
  control?: (path: string, body: Record<string, unknown>) => boolean;
}): Promise<LabStandIn> {
  let failures: { count: number; status: number; message: string; after: number; only?: string } = { count: 0, status: 503, message: '', after: 0 };
  let delays = { count: 0, ms: 0, after: 0 };
  let hostile: Hostility | null = null;
  const state: LabStandIn = {
    url: '',
    requests: 0,
    failNext(count, status = 503, message = 'The lab is temporarily unavailable', after = 0, only) {
      failures = { count, status, message, after, only };
    },
    delayNext(count, ms, after = 0) {
      delays = { count, ms, after };
    },
    turnHostile(h) {
      hostile = h;
    },
    close: () => closeServer(server),
  };
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'POST' && url.pathname.startsWith('/__control/')) {
      const j = JSON.parse(body || '{}') as { count?: number; status?: number; message?: string; ms?: number; after?: number; only?: string };
      if (url.pathname === '/__control/fail') state.failNext(j.count ?? 1, j.status, j.message, j.after, j.only);
      else if (url.pathname === '/__control/delay') state.delayNext(j.count ?? 1, j.ms ?? 30_000, j.after);
      else if (url.pathname === '/__control/hostile') {
        try {
          state.turnHostile(hostilityOf(j as Record<string, unknown>));
        } catch (err) {
          return send(res, 400, { error: (err as Error).message });
        }
      }
      else if (!opts.control?.(url.pathname, j)) return send(res, 404, { error: 'no such control' });
      return send(res, 200, { ok: true });
    }
    if (url.pathname === '/__requests') return send(res, 200, { requests: state.requests });
    state.requests += 1;
    if (delays.count > 0 && delays.after > 0) delays.after -= 1;
    else if (delays.count > 0) {
      delays.count -= 1;
      await new Promise((r) => setTimeout(r, delays.ms));
    }
    if (opts.apiKey && req.headers[opts.keyHeader] !== opts.apiKey) return send(res, 401, { error: 'bad api key' });
    const counts = !failures.only || failures.only === `${req.method} ${url.pathname}`;
    if (counts && failures.count > 0 && failures.after > 0) failures.after -= 1;
    else if (counts && failures.count > 0) {
      failures.count -= 1;
      return send(res, failures.status, { error: failures.message });
    }
    if (answerHostile(hostile, req, url, res)) return;
    const file = opts.raw ? await opts.raw(url) : null;
    if (file) {
      res.writeHead(200, { 'content-type': file.type });
      return res.end(file.data);
    }
    const answer = opts.route(req, url, body);
    if (!answer) return send(res, 404, { error: 'not found' });
    if (answer.status !== 200 || !hostile) return send(res, answer.status, answer.body);
    const spoilt = spoil(hostile, url, answer.body);
    res.writeHead(200, { 'content-type': spoilt.type });
    return res.end(spoilt.text);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return state;
}
