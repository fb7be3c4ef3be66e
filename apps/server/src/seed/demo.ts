import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../http/context';
import { ensureRole } from './seed.repository';
import { seedCropGrowthsDemo } from '../features/cropgrowths/cropgrowths.demo';

/**
 * Demo data for a first start (SEED_DEMO, on by default). Everything here is illustrative and marked
 * as demo where the table has room for it. Features add their own demo seeds below.
 */
export async function seedDemoData(deps: AppDeps, log: FastifyBaseLogger): Promise<void> {
  await ensureRole(deps.db, 'Lab technician (demo)', ['LabJobs', 'LabResults', 'CarbohydrateEntries', 'CarbohydrateTissues']);
  await ensureRole(deps.db, 'Office (demo)', ['Users', 'Address', 'Distributors', 'Agronomists', 'Agents', 'Depots', 'Settings']);
  await seedCropGrowthsDemo(deps.db);
  log.info('demo data seeded');
}
