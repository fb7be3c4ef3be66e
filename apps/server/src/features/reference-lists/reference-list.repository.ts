import type { PagedRequest } from '@sapwood/contracts';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { pagedQuery } from '../../db/paged-query';

/**
 * A table that holds a plain reference list: `id`, `archived`, `row_version` and the list's own columns
 * (named alike in the table and the contract: `name`, `active`, `originate`).
 */
export type ReferenceListTable = keyof Database;

/** What the SQL of one list needs to know: its table, its editable columns, its sorts and searched columns. */
export interface ReferenceListShape {
  table: ReferenceListTable;
  columns: readonly string[];
  sorts: Record<string, string>;
  search: readonly string[];
  defaultSort: string;
}

/** A live or archived row as the block reads it: the list's columns, `id`, `rowVersion` and `archived`. */
export type ReferenceListRow = Record<string, unknown> & { id: number; name: string; rowVersion: number; archived: boolean };

/** The block reads a table named at run time: Kysely sees every list table through this loose shape. */
type LooseDb = Record<string, Record<string, unknown>>;
const loose = (db: Db) => db as unknown as Kysely<LooseDb>;

/** All SQL of one plain reference list (tissues, agents, depots, …): paging, pick lists, versioned writes, archive. */
export class ReferenceListRepository {
  constructor(
    private readonly db: Db,
    private readonly shape: ReferenceListShape,
  ) {}

  private get fields(): string[] {
    return ['id', ...this.shape.columns, 'row_version as rowVersion'];
  }

  private rows(db: Db) {
    return loose(db).selectFrom(this.shape.table).select([...this.fields, 'archived']);
  }

  paged(req: PagedRequest): Promise<{ rows: Record<string, unknown>[]; total: number }> {
    return pagedQuery(req, {
      from: loose(this.db).selectFrom(this.shape.table).where('archived', '=', false),
      select: (q) => q.select(this.fields),
      search: [...this.shape.search],
      sorts: this.shape.sorts,
      defaultSort: this.shape.defaultSort,
      tieBreak: ['id'],
    });
  }

  /** Every live row by name (`activeOnly`: those marked active). */
  index(activeOnly: boolean): Promise<Record<string, unknown>[]> {
    let q = loose(this.db).selectFrom(this.shape.table).select(this.fields).where('archived', '=', false);
    if (activeOnly) q = q.where('active', '=', true);
    return q.orderBy('name').orderBy('id').execute();
  }

  async get(db: Db, id: number, forUpdate = false): Promise<ReferenceListRow | undefined> {
    let q = this.rows(db).where('id', '=', id);
    if (forUpdate) q = q.forUpdate();
    return (await q.executeTakeFirst()) as ReferenceListRow | undefined;
  }

  /** Locks the given rows in id order (so two crossing reassignments cannot deadlock) and answers them. */
  async lockMany(db: Db, ids: number[]): Promise<ReferenceListRow[]> {
    return (await this.rows(db).where('id', 'in', ids).orderBy('id').forUpdate().execute()) as ReferenceListRow[];
  }

  /**
   * Whether another live row has this value in `column`, case-blind. The table is locked for the check (saves
   * of that column queue), so two concurrent saves cannot both take one value.
   */
  async taken(db: Db, column: string, value: string, exceptId: number | null): Promise<boolean> {
    await sql`lock table ${sql.table(this.shape.table)} in share row exclusive mode`.execute(db);
    let q = loose(db).selectFrom(this.shape.table).select('id').where('archived', '=', false)
      .where(sql<boolean>`lower(${sql.ref(column)}) = lower(${value})`);
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insert(db: Db, values: Record<string, unknown>): Promise<ReferenceListRow> {
    return (await loose(db).insertInto(this.shape.table).values(values).returning([...this.fields, 'archived']).executeTakeFirstOrThrow()) as ReferenceListRow;
  }

  /** Updates a live row still at `rowVersion`; undefined when someone else changed it first (or it is gone). */
  async update(db: Db, id: number, rowVersion: number, values: Record<string, unknown>): Promise<ReferenceListRow | undefined> {
    return (await loose(db).updateTable(this.shape.table)
      .set({ ...values, row_version: sql`row_version + 1` })
      .where('id', '=', id).where('row_version', '=', rowVersion).where('archived', '=', false)
      .returning([...this.fields, 'archived']).executeTakeFirst()) as ReferenceListRow | undefined;
  }

  async setActive(db: Db, id: number, active: boolean): Promise<void> {
    await loose(db).updateTable(this.shape.table).set({ active, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }

  /** Archives a live row (an `active` column goes false with it); false when it was already archived (or is gone). */
  async archive(db: Db, id: number): Promise<boolean> {
    const values = this.shape.columns.includes('active') ? { archived: true, active: false } : { archived: true };
    const r = await loose(db).updateTable(this.shape.table)
      .set({ ...values, row_version: sql`row_version + 1` })
      .where('id', '=', id).where('archived', '=', false).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
