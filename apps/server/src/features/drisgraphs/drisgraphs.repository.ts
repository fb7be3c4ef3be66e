import type { FormulaGraphRecord, PagedRequest } from '@sapwood/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';

const COLUMNS = ['id', 'name', 'alternate_function as alternateFunction', 'formula', 'row_version as rowVersion'] as const;
const SORTS = { name: 'name', id: 'id' } as const;

export type GraphValues = Pick<FormulaGraphRecord, 'name' | 'alternateFunction' | 'formula'>;

/** All SQL of the formula graphs. */
export class FormulaGraphsRepository {
  constructor(private readonly db: Db) {}

  all(): Promise<FormulaGraphRecord[]> {
    return this.db.selectFrom('formula_graphs').select(COLUMNS).orderBy('name').orderBy('id').execute();
  }

  paged(req: PagedRequest): Promise<{ rows: FormulaGraphRecord[]; total: number }> {
    return pagedQuery(req, {
      from: this.db.selectFrom('formula_graphs'),
      select: (q) => q.select(COLUMNS),
      search: ['name'],
      sorts: SORTS,
      defaultSort: 'name',
      tieBreak: ['id'],
    });
  }

  get(db: Db, id: number): Promise<FormulaGraphRecord | undefined> {
    return db.selectFrom('formula_graphs').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Whether another graph has this name, whatever its letter case (the unique index backs it up). */
  async nameTaken(db: Db, name: string, exceptId: number | null): Promise<boolean> {
    let q = db.selectFrom('formula_graphs').select('id').where(sql<boolean>`lower(name) = lower(${name})`);
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  insert(db: Db, v: GraphValues, demo = false): Promise<FormulaGraphRecord> {
    return db
      .insertInto('formula_graphs')
      .values({ name: v.name, alternate_function: v.alternateFunction, formula: JSON.stringify(v.formula), demo })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  /** Updates when the row version still matches; undefined when someone else changed it first. */
  update(db: Db, id: number, rowVersion: number, v: GraphValues): Promise<FormulaGraphRecord | undefined> {
    return db
      .updateTable('formula_graphs')
      .set({ name: v.name, alternate_function: v.alternateFunction, formula: JSON.stringify(v.formula), row_version: sql`row_version + 1`, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('row_version', '=', rowVersion)
      .returning(COLUMNS)
      .executeTakeFirst();
  }

  async count(): Promise<number> {
    const r = await this.db.selectFrom('formula_graphs').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
