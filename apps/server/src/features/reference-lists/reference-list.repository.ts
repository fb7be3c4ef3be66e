import type { Paged, PagedRequest, ReferenceListItem, ReferenceListPick, ReferenceOriginate } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';

/** The tables that hold an archivable named reference list. */
export type ReferenceListTable = 'agents' | 'depots';

export interface ReferenceListRow extends ReferenceListItem {
  archived: boolean;
}

const SORTS = { name: 'name', originate: 'originate' };

/** All SQL of one archivable named reference list (agents or depots). */
export class ReferenceListRepository {
  constructor(
    private readonly db: Db,
    private readonly table: ReferenceListTable,
  ) {}

  private select(db: Db) {
    // Both tables have the same columns; Kysely sees them through one of them.
    return db.selectFrom(this.table as 'agents').select(['id', 'name', 'originate', 'archived', 'row_version as rowVersion']);
  }

  async paged(req: PagedRequest): Promise<Paged<ReferenceListItem>> {
    const { rows, total } = await pagedQuery(req, {
      // Both tables have the same columns; Kysely sees them through one of them.
      from: this.db.selectFrom(this.table as 'agents').where('archived', '=', false),
      select: (q) => q.select(['id', 'name', 'originate', 'row_version as rowVersion']),
      search: ['name'],
      sorts: SORTS,
      defaultSort: 'name',
      tieBreak: ['id'],
    });
    return { rows, total };
  }

  async index(): Promise<ReferenceListPick[]> {
    return this.db.selectFrom(this.table as 'agents').select(['id', 'name', 'originate'])
      .where('archived', '=', false).orderBy('name').orderBy('id').execute();
  }

  async get(db: Db, id: number, forUpdate = false): Promise<ReferenceListRow | undefined> {
    let q = this.select(db).where('id', '=', id);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  /** Locks the given rows in id order (so two crossing reassignments cannot deadlock) and answers them. */
  async lockMany(db: Db, ids: number[]): Promise<ReferenceListRow[]> {
    return this.select(db).where('id', 'in', ids).orderBy('id').forUpdate().execute();
  }

  async insert(db: Db, values: { name: string; originate: ReferenceOriginate }): Promise<ReferenceListRow> {
    return db.insertInto(this.table as 'agents').values(values)
      .returning(['id', 'name', 'originate', 'archived', 'row_version as rowVersion']).executeTakeFirstOrThrow();
  }

  /** Updates when the row is live and (if given) still at the version the editor saw; undefined otherwise. */
  async update(db: Db, id: number, values: { name: string; originate: ReferenceOriginate }, rowVersion?: number): Promise<ReferenceListRow | undefined> {
    let q = db.updateTable(this.table as 'agents')
      .set((eb) => ({ ...values, row_version: eb('row_version', '+', 1) }))
      .where('id', '=', id).where('archived', '=', false);
    if (rowVersion !== undefined) q = q.where('row_version', '=', rowVersion);
    return q.returning(['id', 'name', 'originate', 'archived', 'row_version as rowVersion']).executeTakeFirst();
  }

  /** Archives a live row; false when it was already archived (or is gone). */
  async archive(db: Db, id: number): Promise<boolean> {
    const r = await db.updateTable(this.table as 'agents')
      .set((eb) => ({ archived: true, row_version: eb('row_version', '+', 1) }))
      .where('id', '=', id).where('archived', '=', false).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
