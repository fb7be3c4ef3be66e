import { type PagedRequest, reassignMessage } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { HttpError, conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { type MovedReferences, REFERENCE_TABLES, type ReferenceItem, type ReferenceMovers, type ReferenceTable } from '../../platform/references/movers';
import { ReferenceListRepository, type ReferenceListRow, type ReferenceListShape } from './reference-list.repository';

/** The rules a list may add to the block's. */
export interface ReferenceListRules extends ReferenceListShape {
  /** audit entity name and the noun of messages: 'tissue', 'agent' */
  noun: string;
  /** a column no two live rows share (compared case-blind), and the message at its field */
  unique?: { column: string; message: string };
  /** the audit action of an added row ('create' unless the list recorded 'insert' since it shipped) */
  created?: string;
  /** why a row may not be deleted now (a 409 with this message), or null; its query lives in the list's repository */
  inUse?: (db: Db, row: ReferenceListRow) => Promise<string | null>;
}

export interface ReferenceListUpsert {
  id?: number;
  rowVersion?: number;
  [column: string]: unknown;
}

/**
 * The rules of a plain reference list: paging, pick lists, add and edit carrying the version read (409 when
 * stale), an active flag, delete (archive, refused while `inUse` says so) and archive with reassignment, each
 * audited in the transaction of its change; references to an archived item move through `ctx.references`.
 */
export class ReferenceListService {
  private readonly repo: ReferenceListRepository;

  constructor(
    private readonly db: Db,
    private readonly rules: ReferenceListRules,
    /** every table that refers to an item of this list registers a mover here (platform/references/movers.ts) */
    private readonly references: ReferenceMovers,
  ) {
    this.repo = new ReferenceListRepository(db, rules);
  }

  paged(req: PagedRequest) {
    return this.repo.paged(req);
  }

  index(activeOnly: boolean) {
    return this.repo.index(activeOnly);
  }

  private get stale(): string {
    return `This ${this.rules.noun} was changed by someone else. Reload and try again.`;
  }

  private get missing(): string {
    return this.rules.noun.charAt(0).toUpperCase() + this.rules.noun.slice(1);
  }

  private values(input: ReferenceListUpsert): Record<string, unknown> {
    return Object.fromEntries(this.rules.columns.map((c) => [c, input[c]]));
  }

  private async checkUnique(db: Db, values: Record<string, unknown>, exceptId: number | null): Promise<void> {
    const { unique } = this.rules;
    if (unique && (await this.repo.taken(db, unique.column, String(values[unique.column]), exceptId))) throw fieldError(unique.column, unique.message);
  }

  upsert(input: ReferenceListUpsert, userId: number): Promise<Record<string, unknown>> {
    const { noun } = this.rules;
    const values = this.values(input);
    return this.db.transaction().execute(async (trx) => {
      if (!input.id) {
        await this.checkUnique(trx, values, null);
        const { archived: _a, ...created } = await this.repo.insert(trx, values);
        await recordChange(trx, { userId, entity: noun, entityId: created.id, action: this.rules.created ?? 'create', newValues: values });
        return created;
      }
      if (input.rowVersion === undefined) throw fieldError('rowVersion', `rowVersion is required to change a ${noun}`);
      const old = await this.repo.get(trx, input.id, true);
      if (!old || old.archived) throw notFound(this.missing);
      if (old.rowVersion !== input.rowVersion) throw conflict(this.stale);
      await this.checkUnique(trx, values, old.id);
      const updated = await this.repo.update(trx, input.id, input.rowVersion, values);
      if (!updated) throw conflict(this.stale);
      const oldValues = Object.fromEntries(this.rules.columns.map((c) => [c, old[c]]));
      await recordChange(trx, { userId, entity: noun, entityId: input.id, action: 'update', oldValues, newValues: values });
      const { archived: _a, ...saved } = updated;
      return saved;
    });
  }

  setActive(id: number, active: boolean, userId: number): Promise<true> {
    return this.db.transaction().execute(async (trx) => {
      const old = await this.repo.get(trx, id, true);
      if (!old || old.archived) throw notFound(this.missing);
      await this.repo.setActive(trx, id, active);
      await recordChange(trx, { userId, entity: this.rules.noun, entityId: id, action: 'update', oldValues: { active: old.active }, newValues: { active } });
      return true as const;
    });
  }

  /** Deletes (archives) a row no one needs to choose a replacement for; refused (409) while `inUse` names a use. */
  remove(id: number, userId: number): Promise<true> {
    return this.db.transaction().execute(async (trx) => {
      const old = await this.repo.get(trx, id, true);
      if (!old || old.archived) throw notFound(this.missing);
      const refusal = await this.rules.inUse?.(trx, old);
      if (refusal) throw new HttpError(409, 'InUse', refusal);
      await this.repo.archive(trx, id);
      // no replacement: the movers of tables that let go of a deleted item run here
      const moved = await this.move(trx, old, null, userId);
      const oldValues = Object.fromEntries(this.rules.columns.map((c) => [c, old[c]]));
      await recordChange(trx, {
        userId, entity: this.rules.noun, entityId: id, action: 'delete', oldValues,
        ...(Object.values(moved).some((ids) => ids.length) ? { newValues: { moved } } : {}),
      });
      return true as const;
    });
  }

  /** Archives an item and moves every reference to the chosen one, all in one transaction. */
  archive(id: number, assignId: number, userId: number): Promise<true> {
    const { noun } = this.rules;
    return this.db.transaction().execute(async (trx) => {
      const locked = await this.repo.lockMany(trx, [id, assignId]);
      const item = locked.find((r) => r.id === id);
      if (!item || item.archived) throw notFound(this.missing);
      const target = assignId === id ? undefined : locked.find((r) => r.id === assignId);
      if (!target || target.archived) throw fieldError('assignId', reassignMessage(noun));
      await this.repo.archive(trx, id);
      const moved = await this.move(trx, item, target, userId);
      await recordChange(trx, {
        userId, entity: noun, entityId: id, action: 'archive',
        oldValues: { archived: false }, newValues: { archived: true, assignId, assignName: target.name, moved },
      });
      return true as const;
    });
  }

  /** Moves the references to a reference table's item (a list no one refers to moves nothing). */
  private async move(trx: Db, from: ReferenceListRow, to: ReferenceListRow | null, userId: number): Promise<MovedReferences> {
    if (!(REFERENCE_TABLES as readonly string[]).includes(this.rules.table)) return {};
    const item = (r: ReferenceListRow): ReferenceItem & Record<string, unknown> => {
      const { archived: _a, rowVersion: _v, ...rest } = r;
      return rest as ReferenceItem & Record<string, unknown>;
    };
    return this.references.move(trx, this.rules.table as ReferenceTable, item(from), to && item(to), { userId });
  }
}
