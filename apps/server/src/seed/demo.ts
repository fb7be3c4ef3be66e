import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../http/context';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '../platform/auth/demo-accounts';
import { hashPassword } from '../platform/auth/passwords';
import { ensureRole, ensureUser, markSeededForDemo } from './seed.repository';
import { seedFeatureDemos } from '../features';

/**
 * Demo data for a first start, only where it was asked for: SEED_DEMO=true, which `npm start` sets on a new
 * embedded database (scripts/demo-data.mjs). Everything here is illustrative and marked as demo where the table
 * has room for it. Each feature's module declares its own demo data (`demo`), run in the features' order
 * (apps/server/src/features.ts `DEMO_ORDER`). The database is marked as seeded for demo, so the demo users may sign in.
 */
export async function seedDemoData(deps: AppDeps, log: FastifyBaseLogger): Promise<void> {
  const lab = await ensureRole(deps.db, 'Lab technician (demo)', ['LabJobs', 'LabResults', 'CarbohydrateEntries', 'CarbohydrateTissues']);
  const office = await ensureRole(deps.db, 'Office (demo)', ['Users', 'Address', 'Distributors', 'Agronomists', 'Agents', 'Depots', 'Settings']);
  // Staff to show on the Users screen and to try the app as: each signs in with the demo password, and only with it.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [name, local, roleId] of [
    ['Thandi Mokoena (demo)', 'thandi.mokoena', lab],
    ['Johan Botha (demo)', 'johan.botha', lab],
    ['Lerato Dlamini (demo)', 'lerato.dlamini', office],
  ] as const) await ensureUser(deps.db, { name, email: `${local}@${DEMO_EMAIL_DOMAIN}`, roleId, passwordHash });
  await seedFeatureDemos(deps);
  await markSeededForDemo(deps.db);
  log.info(`demo data seeded; the demo users (…@${DEMO_EMAIL_DOMAIN}) sign in with the password ${DEMO_PASSWORD}`);
}
