import type { ReferenceListPick } from '@sapwood/contracts';
import type { Db } from '../../db/database';

/**
 * Every place that names a depot. None exists yet: submissions (part 2) will carry a depot, and their
 * update goes HERE, inside the archive's transaction, answering the moved ids by table like agents do.
 */
export async function moveDepotReferences(_trx: Db, _from: ReferenceListPick, _to: ReferenceListPick): Promise<Record<string, number[]>> {
  return {};
}
