import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuildOptions, type BuiltApp, buildApp } from '../../apps/server/src/app';
import { type Config, loadConfig } from '../../apps/server/src/config';
import { freshDatabase } from './database';

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

export interface TestServer {
  built: BuiltApp;
  url: string;
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
  const db = await freshDatabase();
  const config = loadConfig(
    { DATA_DIR: mkdtempSync(join(tmpdir(), 'sapwood-test-')), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent', SEED_DEMO: 'false', PORT: '0', HOST: '127.0.0.1', ...env },
    overrides,
  );
  const built = await buildApp(config, { database: db.handle, ...opts });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    built,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await built.close();
      await db.drop();
    },
  };
}
