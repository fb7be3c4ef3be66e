import { type Paged, type PagedRequest, type ReferenceListItem, type ReferenceListPick, type ReferenceOriginate, reassignMessage } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import type { ReferenceMovers } from '../../platform/references/movers';
import { ReferenceListRepository, type ReferenceListTable } from './reference-list.repository';

export interface ReferenceListConfig {
  table: ReferenceListTable;
  /** audit entity name and the noun of messages: 'agent', 'depot' */
  noun: string;
}

export interface ReferenceListUpsert {
  id: number;
  name: string;
  originate: ReferenceOriginate;
  rowVersion?: number;
}

/** The rules of an archivable named reference list: paging, pick list, add/edit, archive with reassignment. */
export class ReferenceListService {
  private readonly repo: ReferenceListRepository;

  constructor(
    private readonly db: Db,
    private readonly config: ReferenceListConfig,
    /** every table that refers to an item of this list registers a mover here (platform/references/movers.ts) */
    private readonly references: ReferenceMovers,
  ) {
    this.repo = new ReferenceListRepository(db, config.table);
  }

  paged(req: PagedRequest): Promise<Paged<ReferenceListItem>> {
    return this.repo.paged(req);
  }

  index(): Promise<ReferenceListPick[]> {
    return this.repo.index();
  }

  async upsert(input: ReferenceListUpsert, userId: number): Promise<ReferenceListItem> {
    const { noun } = this.config;
    const values = { name: input.name, originate: input.originate };
    return this.db.transaction().execute(async (trx) => {
      if (!input.id) {
        const { archived: _a, ...created } = await this.repo.insert(trx, values);
        await recordChange(trx, { userId, entity: noun, entityId: created.id, action: 'insert', newValues: values });
        return created;
      }
      const old = await this.repo.get(trx, input.id, true);
      if (!old || old.archived) throw notFound(capitalize(noun));
      const updated = await this.repo.update(trx, input.id, values, input.rowVersion);
      if (!updated) throw conflict(`This ${noun} was changed by someone else. Reload and try again.`);
      await recordChange(trx, {
        userId, entity: noun, entityId: input.id, action: 'update',
        oldValues: { name: old.name, originate: old.originate }, newValues: values,
      });
      const { archived: _a, ...saved } = updated;
      return saved;
    });
  }

  /** Archives an item and moves every reference to the chosen one, all in one transaction. */
  async archive(id: number, assignId: number, userId: number): Promise<true> {
    const { noun } = this.config;
    return this.db.transaction().execute(async (trx) => {
      const locked = await this.repo.lockMany(trx, [id, assignId]);
      const item = locked.find((r) => r.id === id);
      if (!item || item.archived) throw notFound(capitalize(noun));
      const target = assignId === id ? undefined : locked.find((r) => r.id === assignId);
      if (!target || target.archived) throw fieldError('assignId', reassignMessage(noun));
      await this.repo.archive(trx, id);
      const moved = await this.references.move(trx, this.config.table, pick(item), pick(target), { userId });
      await recordChange(trx, {
        userId, entity: noun, entityId: id, action: 'archive',
        oldValues: { archived: false }, newValues: { archived: true, assignId, assignName: target.name, moved },
      });
      return true as const;
    });
  }
}

function pick(r: ReferenceListPick): ReferenceListPick {
  return { id: r.id, name: r.name, originate: r.originate };
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
