import type { Db } from '../../db/database';
import { ReferenceListRepository } from './reference-list.repository';

/** A few demo agents and depots (names marked "(demo)"), added only to empty lists. */
export async function seedDemoAgentsAndDepots(db: Db): Promise<void> {
  const lists = {
    agents: [['Cape Agri Services (demo)', 'International'], ['Valley Field Agents (demo)', 'International'], ['Pacific Crop Partners (demo)', 'Usa']],
    depots: [['Paarl Depot (demo)', 'International'], ['Letsitele Depot (demo)', 'International'], ['Fresno Depot (demo)', 'Usa']],
  } as const;
  for (const table of ['agents', 'depots'] as const) {
    const repo = new ReferenceListRepository(db, table);
    if ((await repo.index()).length > 0) continue;
    for (const [name, originate] of lists[table]) await repo.insert(db, { name, originate });
  }
}
