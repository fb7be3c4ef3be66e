import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../http/context';
import { ensureRole, ensureUserWithoutPassword } from './seed.repository';
import { seedDemoAgentsAndDepots } from '../features/reference-lists/reference-list.demo';
import { seedDemoFarms } from '../features/farms/farms.demo';
import { seedLabDemo } from '../features/lab/lab.demo';
import { seedAddressesDemo } from '../features/addresses/addresses.demo';
import { seedDemoAgronomists } from '../features/agronomists/agronomists.demo';
import { seedCropGrowthsDemo } from '../features/cropgrowths/cropgrowths.demo';
import { seedDistributorsDemo } from '../features/distributors/distributors.demo';

/**
 * Demo data for a first start (SEED_DEMO, on by default). Everything here is illustrative and marked
 * as demo where the table has room for it. Features add their own demo seeds below.
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
  await seedDemoAgentsAndDepots(deps.db);
  await seedDemoFarms(deps.db);
  await seedAddressesDemo(deps.db);
  await seedDemoAgronomists(deps.db);
  await seedCropGrowthsDemo(deps.db);
  await seedDistributorsDemo(deps.db);
  await seedLabDemo(deps.db); // after the crop demo seed: it uses the crops, tissues and growth stages
  log.info('demo data seeded');
}
