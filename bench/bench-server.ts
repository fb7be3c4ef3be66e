import http from 'node:http';
import { type ServerProcess, startServerProcess } from '../tests/support/process';

export const BENCH_ADMIN = { email: 'bench@bench.local', password: 'bench-password-1' };

export interface Answer {
  status: number;
  /** the body when it is JSON (other bodies are only counted) */
  text: string;
  bytes: number;
}

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
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), bytes });
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
 * The app as `npm start` runs it, in production mode over `databaseUrl` (it runs the migrations), with
 * the benchmark's administrator and a pool for 20 connections. `env` adds to or overrides that.
 */
export function startBenchServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess({
    DATABASE_URL: databaseUrl, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'warn', NODE_ENV: 'production', DB_POOL_MAX: '20', AUTH_RATE_LIMIT: '1000', ...env,
  }, 300_000);
}
