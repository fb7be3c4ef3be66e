import type { CropMasterRow, PagedRequest } from '@sapwood/contracts';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../../db/database';
import { pagedQuery } from '../../../db/paged-query';

const ROW = ['id', 'name', 'linked_names as linkedNames', 'labmin_crop_id as labminCropId', 'wynland_crop_id as wynlandCropId', 'image_path as imagePath', 'row_version as rowVersion'] as const;

/** All SQL of the crop master's crops, cultivars and stages (the crop growth feature's tables). */
export class CropMasterRepository {
  constructor(private readonly db: Db) {}

  paged(req: PagedRequest): Promise<{ rows: CropMasterRow[]; total: number }> {
    return pagedQuery(req, {
      from: this.db.selectFrom('crops').where('archived', '=', false),
      select: (q) => q.select(ROW),
      // the name, or any alternative name
      search: ['name', (pattern) => sql<SqlBool>`exists (select 1 from unnest(crops.linked_names) n where n ilike ${pattern})`],
      sorts: { id: 'id', name: 'name' },
      defaultSort: 'name',
      tieBreak: ['id'],
    });
  }

  /** The live crops the demo data made. */
  async demoCropIds(db: Db): Promise<number[]> {
    return (await db.selectFrom('crops').select('id').where('demo', '=', true).where('archived', '=', false).orderBy('id').execute()).map((c) => c.id);
  }

  all(db: Db = this.db): Promise<{ id: number; name: string }[]> {
    return db.selectFrom('crops').select(['id', 'name']).where('archived', '=', false).orderBy('name').orderBy('id').execute();
  }

  crop(db: Db, id: number, forUpdate = false): Promise<CropMasterRow | undefined> {
    let q = db.selectFrom('crops').select(ROW).where('id', '=', id).where('archived', '=', false);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  insertCrop(db: Db, v: { name: string; linkedNames: string[] }): Promise<CropMasterRow> {
    return db.insertInto('crops').values({ name: v.name, linked_names: v.linkedNames, factor: 1 }).returning(ROW).executeTakeFirstOrThrow();
  }

  /** Updates when the version read is still the crop's; undefined when someone else changed it first. */
  updateCrop(db: Db, id: number, rowVersion: number, v: { name: string; linkedNames: string[] }): Promise<CropMasterRow | undefined> {
    return db
      .updateTable('crops')
      .set({ name: v.name, linked_names: v.linkedNames, row_version: sql`row_version + 1` })
      .where('id', '=', id)
      .where('row_version', '=', rowVersion)
      .returning(ROW)
      .executeTakeFirst();
  }

  async setImage(db: Db, id: number, imagePath: string, imageHash: string): Promise<void> {
    await db.updateTable('crops').set({ image_path: imagePath, image_hash: imageHash }).where('id', '=', id).execute();
  }

  async setLabCrops(db: Db, id: number, labminCropId: number | null, wynlandCropId: number | null): Promise<void> {
    await db.updateTable('crops').set({ labmin_crop_id: labminCropId, wynland_crop_id: wynlandCropId, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }

  /**
   * The demo crops without lab crops get the labs' crops of their name (a lab's name may go on: 'PECAN NUT'
   * for Pecan), as a user would pick them with assignlab; answers how many crops were given one.
   */
  async assignDemoLabCrops(db: Db): Promise<number> {
    const r = await sql`
      update crops c set
        labmin_crop_id = coalesce(c.labmin_crop_id, (select l.id from lab_crops l where l.provider = 'Nvirotek'
          and (lower(l.name) = lower(c.name) or lower(l.name) like lower(c.name) || ' %') order by length(l.name), l.id limit 1)),
        wynland_crop_id = coalesce(c.wynland_crop_id, (select l.id from lab_crops l where l.provider = 'Wynland'
          and (lower(l.name) = lower(c.name) or lower(l.name) like lower(c.name) || ' %') order by length(l.name), l.id limit 1)),
        row_version = c.row_version + 1
      where c.demo and not c.archived and (c.labmin_crop_id is null or c.wynland_crop_id is null)`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  }

  /** The outside lab a lab crop belongs to (read from the lab crops' list), or undefined. */
  async labCropProvider(db: Db, id: number): Promise<string | undefined> {
    return (await db.selectFrom('lab_crops').select('provider').where('id', '=', id).executeTakeFirst())?.provider;
  }

  async archiveCrop(db: Db, id: number): Promise<void> {
    await db.updateTable('crops').set({ archived: true, active: false, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }

  cultivar(db: Db, id: number): Promise<{ id: number; name: string; cropId: number } | undefined> {
    return db.selectFrom('cultivars').select(['id', 'name', 'crop_id as cropId']).where('id', '=', id).where('archived', '=', false).forUpdate().executeTakeFirst();
  }

  async archiveCultivar(db: Db, id: number): Promise<void> {
    await db.updateTable('cultivars').set({ archived: true, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }

  cultivars(db: Db, cropId: number): Promise<{ id: number; name: string; rowVersion: number }[]> {
    return db.selectFrom('cultivars').select(['id', 'name', 'row_version as rowVersion']).where('crop_id', '=', cropId).where('archived', '=', false).orderBy('name').orderBy('id').execute();
  }

  insertCultivar(db: Db, cropId: number, name: string): Promise<{ id: number }> {
    return db.insertInto('cultivars').values({ crop_id: cropId, name }).returning('id').executeTakeFirstOrThrow();
  }

  async renameCultivar(db: Db, id: number, name: string): Promise<void> {
    await db.updateTable('cultivars').set({ name, row_version: sql`row_version + 1` }).where('id', '=', id).where('name', '<>', name).execute();
  }

  stages(db: Db, cropId: number): Promise<{ id: number; name: string; sequenceNumber: number }[]> {
    return db
      .selectFrom('growth_stages')
      .select(['id', 'name', 'sequence_number as sequenceNumber'])
      .where('crop_id', '=', cropId)
      .where('archived', '=', false)
      .orderBy('sequence_number')
      .execute();
  }
}
