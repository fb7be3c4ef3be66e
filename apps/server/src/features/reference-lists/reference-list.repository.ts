import { sql } from 'kysely';
import type { Paged, PagedRequest, ReferenceListItem, ReferenceListPick, ReferenceOriginate } from '@sapwood/contracts';
import type { Db } from '../../db/database';

/** The tables that hold an archivable named reference list. */
export type ReferenceListTable = 'agents' | 'depots';

export interface ReferenceListRow extends ReferenceListItem {
  archived: boolean;
}

const SORTS: Record<string, 'name' | 'originate'> = { name: 'name', originate: 'originate' };

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
    let q = this.select(this.db).where('archived', '=', false);
    if (req.search) q = q.where(sql<boolean>`name ilike ${`%${escapeLike(req.search)}%`}`);
    const { total } = await q.clearSelect().select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const sort = SORTS[req.sortBy] ?? 'name';
    const ordered = q.orderBy(sort, req.ascending ? 'asc' : 'desc').orderBy('id');
    const found = await (req.all ? ordered.limit(10_000) : ordered.limit(req.rowsPerPage).offset((req.page - 1) * req.rowsPerPage)).execute();
    return { rows: found.map(({ archived: _archived, ...r }) => r), total: Number(total) };
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

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
