import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuildOptions, type BuiltApp, buildApp } from '../../apps/server/src/app';
import { type Config, loadConfig } from '../../apps/server/src/config';
import { freshDatabase } from './database';
import { freePort } from './process';

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

export interface TestServer {
  built: BuiltApp;
  url: string;
  /** the database's address on a PostgreSQL server (the server pass); none for an embedded one */
  dbUrl?: string;
  close(): Promise<void>;
}

/**
 * The whole app on a random port over a fresh database, as a user meets it (web build included when
 * it exists). Env overrides go through the same validation as the real environment.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  opts: Pick<BuildOptions, 'logStream'> = {},
): Promise<TestServer> {
  // the app migrates its database at start: an embedded one starts migrated already (a template, made once)
  const db = await freshDatabase({ migrated: true });
  // Links in mail come from PUBLIC_URL only, and a server with mail will not start without it: a test server
  // with SMTP_URL gets its own address as PUBLIC_URL (its port asked for first), as a deployment names its own.
  const port = env.SMTP_URL && !env.PUBLIC_URL ? await freePort() : 0;
  const own = port ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {};
  const config = loadConfig(
    { DATA_DIR: mkdtempSync(join(tmpdir(), 'sapwood-test-')), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent', SEED_DEMO: 'false', PORT: String(port), HOST: '127.0.0.1', ...own, ...env },
    overrides,
  );
  const built = await buildApp(config, { database: db.handle, ...opts });
  await built.app.listen({ port, host: '127.0.0.1' });
  const address = built.app.server.address();
  const listening = typeof address === 'object' && address ? address.port : 0;
  return {
    built,
    url: `http://127.0.0.1:${listening}`,
    ...(db.url && { dbUrl: db.url }),
    async close() {
      await built.close();
      await db.drop();
    },
  };
}
