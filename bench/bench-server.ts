import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type ServerProcess, startServerProcess } from '../tests/support/process';

export const BENCH_ADMIN = { email: 'bench@bench.local', password: 'bench-password-1' };

export interface Answer {
  status: number;
  /** the body when it is JSON (other bodies are only counted) */
  text: string;
  bytes: number;
}

/**
 * BENCH_ACCEPT_ENCODING=br (or gzip) sends that Accept-Encoding with every request, as a browser does, and starts
 * the app with API_COMPRESSION=on: it then compresses answers of 1 KB or more (ADR 0114) and a run shows what that
 * costs against the same run without it (by default the app sends API answers as they are, ADR 0220).
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? '';

/** A cookie-keeping HTTP client over keep-alive connections, for load from this process. */
export class BenchClient {
  private cookie = '';
  private readonly agent: http.Agent;
  private readonly base: URL;

  constructor(url: string, connections: number) {
    this.base = new URL(url);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request({ host: this.base.hostname, port: this.base.port, path, method, agent: this.agent, headers: {
        ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}),
      } }, (res) => {
        const keep = res.headers['content-type']?.includes('json');
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (keep) chunks.push(c);
        });
        res.on('end', () => {
          const set = res.headers['set-cookie']?.[0];
          if (set) this.cookie = set.split(';')[0];
          // `bytes` are those that went over the wire; the text is read as the browser would, decompressed
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
          resolve({ status: res.statusCode ?? 0, text: body.toString('utf8'), bytes });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(data);
    });
  }

  async signIn(): Promise<void> {
    const r = await this.request('POST', '/api/auth/login', BENCH_ADMIN);
    if (r.text !== '"Success"') throw new Error(`benchmark sign-in failed: ${r.text}`);
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * The app as `npm start` runs it (the compiled server, built first when its sources changed: ADR 0115), in
 * production mode over `databaseUrl` (it runs the migrations), with the benchmark's administrator and a pool for
 * 20 connections. `env` adds to or overrides that. BENCH_FROM_SOURCES=1 runs the sources through tsx instead;
 * BENCH_SERVER_ENTRY=<another compiled main.mjs> (an older build, kept under apps/server/) runs that build.
 */
export async function startBenchServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const fromSources = process.env.BENCH_FROM_SOURCES === '1';
  if (!fromSources) await (await import('../scripts/build-server.mjs')).buildServer();
  return startServerProcess({
    DATABASE_URL: databaseUrl, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'warn', NODE_ENV: 'production', DB_POOL_MAX: '20', AUTH_RATE_LIMIT: '1000',
    // a kept database names its file store (ADR 0108): FILES_DIR, when set, is the one its servers use
    ...(process.env.FILES_DIR && { FILES_DIR: process.env.FILES_DIR }),
    ...(ACCEPT_ENCODING ? { API_COMPRESSION: 'on' } : {}), ...env,
  }, 300_000, fromSources ? undefined : [process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/main.mjs']);
}

/** A page as a keyset list answers it: its rows and where it starts and ends. */
export interface ShownPage {
  rows: { id: number }[];
  firstKey: string;
  lastKey: string;
  total: number;
}

/**
 * A deep page of a keyset list reached the way a user reaches it, by seeking from a shown page (a page
 * typed that deep is refused, ADR 0080): from page 1 in hops of at most MAX_PAGE_SKIP rows.
 */
export async function seekTo(
  send: (body: Record<string, unknown>) => Promise<Answer>,
  page: number,
  size: number,
  maxSkip: number,
): Promise<ShownPage> {
  let at = JSON.parse((await send({ page: 1, rowsPerPage: size })).text) as ShownPage;
  for (let from = 1; from < page;) {
    const to = Math.min(page, from + Math.floor(maxSkip / size));
    at = JSON.parse((await send({ page: to, rowsPerPage: size, anchor: { page: from, first: at.firstKey, last: at.lastKey } })).text) as ShownPage;
    from = to;
  }
  return at;
}
