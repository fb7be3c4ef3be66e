import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../http/context';
import { ensureRole, ensureUserWithoutPassword } from './seed.repository';
import { seedFeatureDemos } from '../features';

/**
 * Demo data for a first start (SEED_DEMO, on by default). Everything here is illustrative and marked
 * as demo where the table has room for it. Each feature's module declares its own demo data (`demo`),
 * run in the order of the feature list (apps/server/src/features.ts).
 */
export async function seedDemoData(deps: AppDeps, log: FastifyBaseLogger): Promise<void> {
  const lab = await ensureRole(deps.db, 'Lab technician (demo)', ['LabJobs', 'LabResults', 'CarbohydrateEntries', 'CarbohydrateTissues']);
  const office = await ensureRole(deps.db, 'Office (demo)', ['Users', 'Address', 'Distributors', 'Agronomists', 'Agents', 'Depots', 'Settings']);
  // Staff to show on the Users screen; none can sign in until an administrator sends them a password link.
  for (const [name, email, roleId] of [
    ['Thandi Mokoena (demo)', 'thandi.mokoena@demo.sapwood.local', lab],
    ['Johan Botha (demo)', 'johan.botha@demo.sapwood.local', lab],
    ['Lerato Dlamini (demo)', 'lerato.dlamini@demo.sapwood.local', office],
  ] as const) await ensureUserWithoutPassword(deps.db, { name, email, roleId });
  await seedFeatureDemos(deps);
  log.info('demo data seeded');
}
