import { AGRONOMIST_MESSAGES, type PagedRequest } from '@sapwood/contracts';
import type { Originate } from '../../db/tables/reference';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { ReferenceServiceOver } from '../../platform/service-base';
import { movedCount } from '../../platform/references/movers';
import { AgronomistsRepository } from './agronomists.repository';

/** Agronomists: a pick list for other screens, a small add/edit, and archive-with-reassign. */
export class AgronomistsService extends ReferenceServiceOver(AgronomistsRepository) {
  paged(req: PagedRequest) {
    return this.repo.paged(req);
  }

  index() {
    return this.repo.index();
  }

  async upsert(input: { id: number; name: string; originate: Originate; rowVersion?: number }, actorId: number): Promise<{ id: number }> {
    const after = { name: input.name, originate: input.originate };
    return this.db.transaction().execute(async (trx) => {
      if (input.id === 0) {
        const id = await this.repo.insert(trx, after);
        await recordChange(trx, { userId: actorId, entity: 'agronomist', entityId: id, action: 'create', newValues: after });
        return { id };
      }
      const old = await this.repo.findLive(trx, input.id);
      if (!old) throw notFound('Agronomist');
      if (!(await this.repo.update(trx, input.id, after, input.rowVersion ?? old.row_version))) throw conflict(AGRONOMIST_MESSAGES.changed);
      await recordChange(trx, { userId: actorId, entity: 'agronomist', entityId: input.id, action: 'update', oldValues: { name: old.name, originate: old.originate }, newValues: after });
      return { id: input.id };
    });
  }

  /**
   * Archives `id` and moves every reference to `assignId` in one transaction, through the registered movers:
   * users' agronomist lists (merged without duplicates) and the carbohydrate entries and samples that name it.
   */
  async archive(id: number, assignId: number, actorId: number): Promise<true> {
    if (assignId === id) throw fieldError('assignId', AGRONOMIST_MESSAGES.selectTarget);
    await this.db.transaction().execute(async (trx) => {
      // Lock in id order so that two crossing reassignments cannot deadlock.
      const [first, second] = id < assignId ? [id, assignId] : [assignId, id];
      const a = await this.repo.findLive(trx, first);
      const b = await this.repo.findLive(trx, second);
      const from = a?.id === id ? a : b?.id === id ? b : undefined;
      const to = a?.id === assignId ? a : b?.id === assignId ? b : undefined;
      if (!from) throw notFound('Agronomist');
      if (!to) throw fieldError('assignId', AGRONOMIST_MESSAGES.notFound);
      const moved = await this.references.move(trx, 'agronomists', from, to, { userId: actorId });
      const users = movedCount(moved, 'user_agronomists');
      const renamed = { entries: movedCount(moved, 'lab_job_entries'), samples: movedCount(moved, 'carbohydrate_samples') };
      await this.repo.archive(trx, id);
      await recordChange(trx, {
        userId: actorId, entity: 'agronomist', entityId: id, action: 'archive',
        oldValues: { archived: false }, newValues: { archived: true, assignedTo: assignId, assignedToName: to.name, users, ...renamed },
      });
    });
    return true;
  }
}
