import { LEAF_MESSAGES } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { CapturesRepository } from './captures.repository';

/**
 * Archive (Not Completed → Archived) or restore (Archived → Not Completed) captures of a kind, all or none,
 * each with an audit record: the /leafs and /farmerssampleentries row actions and the Prepare tab's delete of
 * a pending group. A capture in another state answers 409, an unknown one 404.
 */
export function archiveCaptures(db: Db, kind: 'leaf' | 'soil', ids: number[], archive: boolean, userId: number): Promise<true> {
  return db.transaction().execute(async (trx) => {
    const repo = new CapturesRepository(trx);
    const [from, to] = archive ? (['NotCompleted', 'Archived'] as const) : (['Archived', 'NotCompleted'] as const);
    for (const id of ids) {
      if (!(await repo.setStatus(trx, kind, id, from, to))) {
        if (!(await repo.exists(trx, kind, id))) throw notFound(kind === 'leaf' ? 'Leaf record' : 'Farmers sample entry');
        throw conflict(archive ? LEAF_MESSAGES.notArchivable : LEAF_MESSAGES.notRestorable);
      }
      await recordChange(trx, { userId, entity: 'capture', entityId: id, action: 'update', oldValues: { status: from }, newValues: { status: to } });
    }
    return true as const;
  });
}
