import { sql } from 'kysely';
import type { Address, AddressInput, PagedRequest, Paged } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';

const COLUMNS = [
  'id', 'name', 'address_line as addressLine', 'area', 'code', 'number', 'email', 'website',
  'file_prefix as filePrefix', 'logo_word as logoWord', 'is_default as isDefault', 'row_version as rowVersion',
] as const;

const SORTABLE = {
  name: 'name', addressLine: 'address_line', area: 'area', code: 'code', number: 'number', email: 'email',
  website: 'website', filePrefix: 'file_prefix', logoWord: 'logo_word', isDefault: 'is_default',
} as const;

export type AddressFields = Omit<Required<AddressInput>, 'id' | 'isDefault' | 'rowVersion'>;

const toRow = (a: AddressFields) => ({
  name: a.name, address_line: a.addressLine, area: a.area, code: a.code, number: a.number, email: a.email,
  website: a.website, file_prefix: a.filePrefix, logo_word: a.logoWord,
});

export class AddressesRepository {
  constructor(private readonly db: Db) {}

  paged(req: PagedRequest): Promise<Paged<Address>> {
    return pagedQuery(req, {
      from: this.db.selectFrom('addresses').where('archived', '=', false),
      select: (q) => q.select(COLUMNS),
      search: ['name', 'address_line', 'area', 'code', 'number', 'email', 'website', 'file_prefix', 'logo_word'],
      sorts: SORTABLE,
      defaultSort: 'name',
      tieBreak: ['id'],
    });
  }

  /** Every live address, the default first. */
  list(): Promise<Address[]> {
    return this.db.selectFrom('addresses').select(COLUMNS).where('archived', '=', false)
      .orderBy('is_default', 'desc').orderBy('name').orderBy('id').execute();
  }

  get(db: Db, id: number): Promise<Address | undefined> {
    return db.selectFrom('addresses').select(COLUMNS).where('id', '=', id).where('archived', '=', false).executeTakeFirst();
  }

  /**
   * Serialises every change of addresses: the single default is decided under this lock, so two
   * concurrent saves cannot both think they are first, or both switch the default.
   */
  async lock(trx: Db): Promise<void> {
    await sql`lock table addresses in share row exclusive mode`.execute(trx);
  }

  async countLive(trx: Db): Promise<number> {
    const r = await trx.selectFrom('addresses').select((eb) => eb.fn.countAll<number>().as('n')).where('archived', '=', false).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async insert(trx: Db, a: AddressFields, isDefault: boolean): Promise<Address> {
    return trx.insertInto('addresses').values({ ...toRow(a), is_default: isDefault }).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  /** Updates when the row still has the given version; undefined when it changed meanwhile. */
  update(trx: Db, id: number, a: AddressFields, rowVersion: number): Promise<Address | undefined> {
    return trx.updateTable('addresses')
      .set({ ...toRow(a), row_version: sql`row_version + 1` })
      .where('id', '=', id).where('row_version', '=', rowVersion).where('archived', '=', false)
      .returning(COLUMNS).executeTakeFirst();
  }

  /** Makes one address the default: the old default first stops being one (the unique index allows one). */
  async makeDefault(trx: Db, id: number): Promise<Address> {
    await trx.updateTable('addresses').set({ is_default: false, row_version: sql`row_version + 1` })
      .where('is_default', '=', true).where('id', '<>', id).execute();
    return trx.updateTable('addresses').set({ is_default: true, row_version: sql`row_version + 1` })
      .where('id', '=', id).where('archived', '=', false).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  async currentDefault(trx: Db): Promise<Address | undefined> {
    return trx.selectFrom('addresses').select(COLUMNS).where('is_default', '=', true).where('archived', '=', false).executeTakeFirst();
  }

  async archive(trx: Db, id: number): Promise<void> {
    await trx.updateTable('addresses').set({ archived: true, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }
}
