import type { Db } from '../../db/database';
import { type RangeColumns, toRanges } from './range-columns';
import type { RangeOverride, StageRanges } from './ranges';

export interface StageWithOverrides extends StageRanges {
  id: number;
  sequenceNumber: number;
  name: string;
  linkedTissueId: number | null;
  method: string;
  displayOnReport: boolean;
  /** by region id: only stored rows (override flag as stored) */
  regions: Map<number, RangeOverride>;
  /** by cultivar id */
  cultivars: Map<number, RangeOverride>;
}

/**
 * For one crop: its current growth stages in order, each with the region and cultivar overrides stored
 * for it (archived regions and cultivars left out). Feed one stage and the sample's region and cultivar
 * rows to resolveRange().
 */
export async function loadCropRanges(db: Db, cropId: number): Promise<StageWithOverrides[]> {
  const stages = await db
    .selectFrom('growth_stages')
    .selectAll()
    .where('crop_id', '=', cropId)
    .where('archived', '=', false)
    .orderBy('sequence_number')
    .orderBy('id')
    .execute();
  if (!stages.length) return [];
  const ids = stages.map((s) => s.id);
  const [regionRows, cultivarRows] = await Promise.all([
    db.selectFrom('region_growth_values as v').innerJoin('regions as r', 'r.id', 'v.region_id')
      .selectAll('v').where('v.growth_stage_id', 'in', ids).where('r.archived', '=', false).execute(),
    db.selectFrom('cultivar_growth_values as v').innerJoin('cultivars as c', 'c.id', 'v.cultivar_id')
      .selectAll('v').where('v.growth_stage_id', 'in', ids).where('c.archived', '=', false).execute(),
  ]);
  const asOverride = (r: RangeColumns & { override: boolean }): RangeOverride => ({ override: r.override, ...toRanges(r) });
  return stages.map((s) => ({
    id: s.id,
    sequenceNumber: s.sequence_number,
    name: s.name,
    linkedTissueId: s.linked_tissue_id,
    method: s.method,
    displayOnReport: s.display_on_report,
    ...toRanges(s),
    regions: new Map(regionRows.filter((r) => r.growth_stage_id === s.id).map((r) => [r.region_id, asOverride(r)])),
    cultivars: new Map(cultivarRows.filter((r) => r.growth_stage_id === s.id).map((r) => [r.cultivar_id, asOverride(r)])),
  }));
}
