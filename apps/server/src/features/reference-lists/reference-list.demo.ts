import type { Db } from '../../db/database';
import { ReferenceListRepository, type ReferenceListTable } from './reference-list.repository';

/** A few demo items of one list (names marked "(demo)"), added only to an empty list. */
export async function seedDemoReferenceList(db: Db, table: ReferenceListTable, items: readonly (readonly [string, 'International' | 'Usa'])[]): Promise<void> {
  const repo = new ReferenceListRepository(db, table);
  if ((await repo.index()).length > 0) return;
  for (const [name, originate] of items) await repo.insert(db, { name, originate });
}
