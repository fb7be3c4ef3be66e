import { sql } from 'kysely';
import type { Distributor, PagedRequest, Paged } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';

const COLUMNS = ['id', 'name', 'image_path as imagePath', 'image_hash as imageHash', 'row_version as rowVersion'] as const;

export interface DistributorFields {
  name: string;
  imagePath: string | null;
  imageHash: string | null;
}

const toRow = (d: DistributorFields) => ({ name: d.name, image_path: d.imagePath, image_hash: d.imageHash });

export class DistributorsRepository {
  constructor(private readonly db: Db) {}

  paged(req: PagedRequest): Promise<Paged<Distributor>> {
    return pagedQuery(req, {
      from: this.db.selectFrom('distributors').where('archived', '=', false),
      select: (q) => q.select(COLUMNS),
      search: ['name'],
      sorts: { name: 'name' },
      defaultSort: 'name',
      tieBreak: ['id'],
    });
  }

  all(): Promise<Distributor[]> {
    return this.db.selectFrom('distributors').select(COLUMNS).where('archived', '=', false).orderBy('name').orderBy('id').execute();
  }

  get(db: Db, id: number): Promise<Distributor | undefined> {
    return db.selectFrom('distributors').select(COLUMNS).where('id', '=', id).where('archived', '=', false).executeTakeFirst();
  }

  insert(trx: Db, d: DistributorFields): Promise<Distributor> {
    return trx.insertInto('distributors').values(toRow(d)).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  /** Updates when the row still has the given version; undefined when it changed meanwhile. */
  update(trx: Db, id: number, d: DistributorFields, rowVersion: number): Promise<Distributor | undefined> {
    return trx.updateTable('distributors').set({ ...toRow(d), row_version: sql`row_version + 1` })
      .where('id', '=', id).where('row_version', '=', rowVersion).where('archived', '=', false)
      .returning(COLUMNS).executeTakeFirst();
  }

  async archive(trx: Db, id: number): Promise<void> {
    await trx.updateTable('distributors').set({ archived: true, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }
}
