import { sql } from 'kysely';
import type { CarbohydrateEdit } from '@sapwood/contracts';
import type { Db } from '../../db/database';

/** What the carbohydrate results screen may change of an entry. */
export type LabEntryEdit = Omit<CarbohydrateEdit, 'id' | 'rowVersion'>;

/**
 * Writes to lab job entries asked for by the carbohydrates feature (its results screen edits entries and
 * merges location groups). The lab owns the tables; carbohydrates reaches these through lab/index.ts.
 */

/** Updates an entry when it is still at `rowVersion`; false when someone else changed it first. */
export async function updateLabEntry(db: Db, id: number, rowVersion: number, v: LabEntryEdit): Promise<boolean> {
  const r = await db
    .updateTable('lab_job_entries')
    .set({
      entity: v.entity.trim(),
      agent: v.agent.trim(),
      agronomist: v.agriculturist.trim(),
      farm_name: v.farmName.trim(),
      field_block_number: v.fieldBlockNumber.trim(),
      crop_id: v.cropId,
      cultivar_id: v.cultivarId,
      region_id: v.regionId || null,
      tissue_id: v.tissueId,
      growth_stage_id: v.cropGrowthId,
      row_version: sql`row_version + 1`,
    })
    .where('id', '=', id)
    .where('row_version', '=', rowVersion)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Makes one new explicit location group of every entry of the given groups; answers the new group id and the moved ids. */
export async function mergeLocationGroups(db: Db, keys: string[], userId: number): Promise<{ groupId: number; ids: number[] }> {
  const g = await db.insertInto('location_groups').values({ created_by: userId }).returning('id').executeTakeFirstOrThrow();
  const moved = await db
    .updateTable('lab_job_entries')
    .set({ location_group_id: g.id, row_version: sql`row_version + 1` })
    .where('location_key', 'in', keys)
    .returning('id')
    .execute();
  return { groupId: g.id, ids: moved.map((m) => m.id) };
}
