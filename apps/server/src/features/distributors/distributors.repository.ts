import { sql } from 'kysely';
import type { Distributor, PagedRequest, Paged } from '@sapwood/contracts';
import type { Db } from '../../db/database';

const COLUMNS = ['id', 'name', 'image_path as imagePath', 'image_hash as imageHash', 'row_version as rowVersion'] as const;
const MAX_ALL = 10_000;

export interface DistributorFields {
  name: string;
  imagePath: string | null;
  imageHash: string | null;
}

const toRow = (d: DistributorFields) => ({ name: d.name, image_path: d.imagePath, image_hash: d.imageHash });
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class DistributorsRepository {
  constructor(private readonly db: Db) {}

  async paged(req: PagedRequest): Promise<Paged<Distributor>> {
    let q = this.db.selectFrom('distributors').where('archived', '=', false);
    if (req.search) q = q.where('name', 'ilike', `%${escapeLike(req.search)}%`);
    const [rows, count] = await Promise.all([
      q.select(COLUMNS)
        .orderBy('name', req.ascending ? 'asc' : 'desc')
        .orderBy('id')
        .limit(req.all ? MAX_ALL : req.rowsPerPage)
        .offset(req.all ? 0 : (req.page - 1) * req.rowsPerPage)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
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
