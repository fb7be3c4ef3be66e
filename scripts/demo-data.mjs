// Demo data is seeded only where it is asked for (issue 32): SEED_DEMO=true, or `npm start` / `npm run dev` on a
// new embedded database, which ask for it here. A PostgreSQL server (DATABASE_URL) never gets it unless SEED_DEMO
// says so, and an explicit SEED_DEMO always wins.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The settings to add to the server's environment: SEED_DEMO=true on a new embedded database, else none. */
export function askForDemoData(env, cwd) {
  if (env.SEED_DEMO !== undefined || env.DATABASE_URL) return {};
  const dataDir = resolve(cwd, env.DATA_DIR || './data');
  return existsSync(join(dataDir, 'pglite', 'PG_VERSION')) ? {} : { SEED_DEMO: 'true' };
}
