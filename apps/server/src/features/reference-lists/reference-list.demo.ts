import type { Db } from '../../db/database';
import { ReferenceListRepository, type ReferenceListShape } from './reference-list.repository';

/** A list's demo rows (names marked "(demo)"), added only to an empty list. */
export async function seedDemoReferenceList(db: Db, shape: ReferenceListShape, rows: readonly Record<string, unknown>[]): Promise<void> {
  const repo = new ReferenceListRepository(db, shape);
  if ((await repo.index(false)).length > 0) return;
  for (const row of rows) await repo.insert(db, row);
}
