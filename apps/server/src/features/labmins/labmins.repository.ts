import { sql } from 'kysely';
import type { LabCropRow, LabProvider, Paged, PagedRequest } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';
import type { ProviderCrop } from '../../platform/integrations/lab-crops';

const SORTS = { name: [sql`lower(name)`, 'provider'], shortCode: ['short_code', sql`lower(name)`], lab: ['lab', sql`lower(name)`], labProvider: ['provider', sql`lower(name)`] };
const ROW = ['id', 'name', 'provider as labProvider', 'short_code as shortCode', 'lab'] as const;

/** All SQL of the lab crops. */
export class LabCropsRepository {
  constructor(private readonly db: Db) {}

  paged(req: PagedRequest): Promise<Paged<LabCropRow>> {
    return pagedQuery(req, {
      from: this.db.selectFrom('lab_crops'),
      select: (q) => q.select(ROW),
      search: ['name', 'short_code', 'lab', 'provider'],
      sorts: SORTS,
      defaultSort: 'name',
      tieBreak: ['id'],
    });
  }

  ofProvider(provider: LabProvider): Promise<LabCropRow[]> {
    return this.db.selectFrom('lab_crops').select(ROW).where('provider', '=', provider).orderBy(sql`lower(name)`).orderBy('id').execute();
  }

  /** the provider's lab crops by the lab's id, locked for the sync's transaction */
  async current(trx: Db, provider: LabProvider): Promise<Map<string, { id: number; name: string; shortCode: string; lab: string }>> {
    const rows = await trx.selectFrom('lab_crops').select(['id', 'external_id', 'name', 'short_code', 'lab'])
      .where('provider', '=', provider).forUpdate().execute();
    return new Map(rows.map((r) => [r.external_id, { id: r.id, name: r.name, shortCode: r.short_code, lab: r.lab }]));
  }

  insert(trx: Db, provider: LabProvider, c: ProviderCrop): Promise<{ id: number }> {
    return trx.insertInto('lab_crops')
      .values({ provider, external_id: c.externalId, name: c.name, short_code: c.shortCode, lab: c.lab })
      .returning('id').executeTakeFirstOrThrow();
  }

  async update(trx: Db, id: number, c: ProviderCrop): Promise<void> {
    await trx.updateTable('lab_crops')
      .set({ name: c.name, short_code: c.shortCode, lab: c.lab, row_version: sql`row_version + 1`, synced_at: sql`now()` })
      .where('id', '=', id).execute();
  }
}
