import type { Db } from '../../db/database';

export function listLanguages(db: Db) {
  return db.selectFrom('languages').select(['id', 'name']).orderBy('id').execute();
}
