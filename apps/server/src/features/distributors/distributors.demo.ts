import type { Db } from '../../db/database';
import { DistributorsRepository } from './distributors.repository';

/** Two illustrative distributors (no logo) for a first start with demo data, so a report can be made at once. */
export async function seedDistributorsDemo(db: Db): Promise<void> {
  const repo = new DistributorsRepository(db);
  if ((await repo.all()).length > 0) return;
  for (const name of ['Agri Supplies (demo)', 'Orchard Partners (demo)']) await repo.insert(db, { name, imagePath: null, imageHash: null });
}
