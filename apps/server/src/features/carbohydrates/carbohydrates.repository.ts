import { sql } from 'kysely';
import type { CarbohydrateEdit, CarbohydrateFilterOptions } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { mergeLocationGroups, updateLabEntry } from '../lab';

export type EntryEditable = Omit<CarbohydrateEdit, 'id' | 'rowVersion'>;

const EDITABLE = [
  'entity', 'agent', 'agronomist as agriculturist', 'farm_name as farmName', 'field_block_number as fieldBlockNumber',
  'crop_id as cropId', 'cultivar_id as cultivarId', 'region_id as regionId', 'tissue_id as tissueId', 'growth_stage_id as cropGrowthId',
] as const;

/** Edits, merges and look-ups of the carbohydrate results screen. */
export class CarbohydratesRepository {
  constructor(private readonly db: Db) {}

  async filterOptions(): Promise<CarbohydrateFilterOptions> {
    const [crops, cultivars, regions, growths, tissues] = await Promise.all([
      this.db.selectFrom('crops').select(['id', 'name']).where('archived', '=', false).orderBy('name').execute(),
      this.db.selectFrom('cultivars').select(['id', 'name', 'crop_id']).where('archived', '=', false).orderBy('name').execute(),
      this.db.selectFrom('regions').select(['id', 'name', 'crop_id']).where('archived', '=', false).orderBy('name').execute(),
      this.db
        .selectFrom('growth_stages as g')
        .leftJoin('tissues as t', 't.id', 'g.linked_tissue_id')
        .select(['g.id', 'g.name', 'g.crop_id', 'g.linked_tissue_id as linkedTissueId', 't.name as linkedTissueName'])
        .where('g.archived', '=', false)
        .orderBy('g.crop_id')
        .orderBy('g.sequence_number')
        .execute(),
      this.db.selectFrom('tissues').select(['id', 'name']).where('archived', '=', false).orderBy('name').execute(),
    ]);
    const of = <T extends { crop_id: number }>(list: T[], cropId: number) => list.filter((x) => x.crop_id === cropId);
    return {
      crops: crops.map((c) => ({
        ...c,
        cultivars: of(cultivars, c.id).map(({ id, name }) => ({ id, name })),
        regions: of(regions, c.id).map(({ id, name }) => ({ id, name })),
        growths: of(growths, c.id).map(({ id, name, linkedTissueId, linkedTissueName }) => ({ id, name, linkedTissueId, linkedTissueName })),
      })),
      tissues,
    };
  }

  async apiData(id: number): Promise<{ found: boolean; original: unknown; mapped: unknown }> {
    const row = await this.db
      .selectFrom('lab_job_entries as e')
      .leftJoin('carbohydrate_samples as s', 's.id', 'e.carbohydrate_sample_id')
      .select(['e.id', 's.original', 's.mapped'])
      .where('e.id', '=', id)
      .executeTakeFirst();
    return { found: !!row, original: row?.original ?? null, mapped: row?.mapped ?? null };
  }

  async entryForUpdate(db: Db, id: number): Promise<(EntryEditable & { rowVersion: number }) | undefined> {
    return db.selectFrom('lab_job_entries').select([...EDITABLE, 'row_version as rowVersion']).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Which of the references are consistent: cultivar, region and growth stage of the crop, and the tissue exists. */
  async referencesFit(db: Db, v: EntryEditable): Promise<{ crop: boolean; cultivar: boolean; region: boolean; growth: boolean; tissue: boolean }> {
    const r = await sql<{ crop: boolean; cultivar: boolean; region: boolean; growth: boolean; tissue: boolean }>`select
      exists(select 1 from crops where id = ${v.cropId}) as crop,
      exists(select 1 from cultivars where id = ${v.cultivarId ?? 0} and crop_id = ${v.cropId}) as cultivar,
      (${v.regionId ?? 0} = 0 or exists(select 1 from regions where id = ${v.regionId ?? 0} and crop_id = ${v.cropId})) as region,
      exists(select 1 from growth_stages where id = ${v.cropGrowthId} and crop_id = ${v.cropId}) as growth,
      exists(select 1 from tissues where id = ${v.tissueId}) as tissue`.execute(db);
    return r.rows[0];
  }

  /** Updates an entry when it is still at `rowVersion` (the lab owns the table: lab/index.ts). */
  updateEntry(db: Db, id: number, rowVersion: number, v: EntryEditable): Promise<boolean> {
    return updateLabEntry(db, id, rowVersion, v);
  }

  /** The location groups the entries belong to, and how many of the ids exist. */
  async groupsOf(db: Db, ids: number[]): Promise<{ keys: string[]; found: number }> {
    const rows = await db.selectFrom('lab_job_entries').select(['id', 'location_key']).where('id', 'in', ids).forUpdate().execute();
    return { keys: [...new Set(rows.map((r) => r.location_key))], found: rows.length };
  }

  /** Makes one new explicit group of every entry of the given groups; answers the new group id and the moved ids. */
  mergeGroups(db: Db, keys: string[], userId: number): Promise<{ groupId: number; ids: number[] }> {
    return mergeLocationGroups(db, keys, userId);
  }

  async groupKeyOf(db: Db, groupId: number): Promise<string> {
    const r = await db.selectFrom('lab_job_entries').select('location_key').where('location_group_id', '=', groupId).executeTakeFirstOrThrow();
    return r.location_key;
  }
}
