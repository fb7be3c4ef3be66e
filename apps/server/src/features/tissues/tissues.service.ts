import { type PagedRequest, TISSUE_MESSAGES, type TissueRecord } from '@sapwood/contracts';
import type { z } from 'zod';
import type { TissueUpsert } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { HttpError, conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import type { ReferenceMovers } from '../../platform/references/movers';
import { TissuesRepository } from './tissues.repository';

const STALE = 'This tissue was changed by someone else. Reload and try again.';
/** Two tissues (active or not; an archived, deleted one does not count) never share a name, whatever its letter case. */
const NAME_TAKEN = TISSUE_MESSAGES.nameTaken;

/** Tissue admin rules: 'Name required', 'Name must be unique', optimistic row versions, archive on delete. */
export class TissuesService {
  private readonly repo: TissuesRepository;

  constructor(
    private readonly db: Db,
    private readonly references: ReferenceMovers,
  ) {
    this.repo = new TissuesRepository(db);
  }

  paged(req: PagedRequest) {
    return this.repo.paged(req);
  }

  list(activeOnly: boolean) {
    return this.repo.list(activeOnly);
  }

  upsert(input: z.output<typeof TissueUpsert>, userId: number): Promise<TissueRecord> {
    return this.db.transaction().execute(async (trx) => {
      const values = { name: input.name, active: input.active };
      if (!input.id) {
        if (await this.repo.nameTaken(trx, input.name, null)) throw fieldError('name', NAME_TAKEN);
        const saved = await this.repo.insert(trx, values);
        await recordChange(trx, { userId, entity: 'tissue', entityId: saved.id, action: 'create', newValues: values });
        return saved;
      }
      if (input.rowVersion === undefined) throw fieldError('rowVersion', 'rowVersion is required to change a tissue');
      const old = await this.repo.get(trx, input.id, true);
      if (!old) throw notFound('Tissue');
      if (old.rowVersion !== input.rowVersion) throw conflict(STALE);
      if (await this.repo.nameTaken(trx, input.name, old.id)) throw fieldError('name', NAME_TAKEN);
      const saved = await this.repo.update(trx, input.id, input.rowVersion, values);
      if (!saved) throw conflict(STALE);
      await recordChange(trx, { userId, entity: 'tissue', entityId: saved.id, action: 'update', oldValues: { name: old.name, active: old.active }, newValues: values });
      return saved;
    });
  }

  setActive(id: number, active: boolean, userId: number): Promise<true> {
    return this.db.transaction().execute(async (trx) => {
      const old = await this.repo.get(trx, id, true);
      if (!old) throw notFound('Tissue');
      await this.repo.setActive(trx, id, active);
      await recordChange(trx, { userId, entity: 'tissue', entityId: id, action: 'update', oldValues: { active: old.active }, newValues: { active } });
      return true as const;
    });
  }

  /** Archives the tissue (entries keep naming it); refused while a current growth stage samples it. */
  remove(id: number, userId: number): Promise<true> {
    return this.db.transaction().execute(async (trx) => {
      const old = await this.repo.get(trx, id, true);
      if (!old) throw notFound('Tissue');
      const stages = await this.repo.stagesUsing(trx, id);
      if (stages.length) {
        const list = stages.slice(0, 5).join(', ') + (stages.length > 5 ? ', …' : '');
        throw new HttpError(409, 'InUse', `${old.name} is the organ type of growth stage ${list}. Choose another organ type there first.`);
      }
      await this.repo.archive(trx, id);
      // no replacement: the movers of tables that would let go of a deleted tissue run here (none today:
      // entries keep naming an archived tissue, see the lab module's `keeps`)
      const moved = await this.references.move(trx, 'tissues', old, null, { userId });
      await recordChange(trx, {
        userId, entity: 'tissue', entityId: id, action: 'delete', oldValues: { name: old.name, active: old.active },
        ...(Object.values(moved).some((ids) => ids.length) ? { newValues: { moved } } : {}),
      });
      return true as const;
    });
  }
}
