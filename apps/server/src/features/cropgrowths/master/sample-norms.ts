import type { ResolvedNorms } from '@sapwood/contracts';
import type { Db } from '../../../db/database';
import { type LevelNorms, resolveNorms } from './norm-resolution';
import { NormsRepository } from './norms.repository';

const norms = new NormsRepository();

/**
 * The norms that apply to a sample of a crop (and cultivar and growth stage, when known), read from the database:
 * the stage's, the cultivar's and the crop's stored norms resolved by `resolveNorms` (ADR 0082), with the
 * crop's Selected DRIS graphs. The crop master's resolvenorms and the leaf report both answer with this.
 */
export async function resolveSampleNorms(db: Db, cropId: number, cultivarId: number | null, growthStageId: number | null): Promise<ResolvedNorms> {
  const levels: LevelNorms[] = [];
  if (growthStageId) levels.push({ level: 'stage', ...(await norms.of(db, { cropId, cultivarId: null, growthStageId })) });
  if (cultivarId) levels.push({ level: 'cultivar', ...(await norms.of(db, { cropId, cultivarId, growthStageId: null })) });
  levels.push({ level: 'crop', ...(await norms.of(db, { cropId, cultivarId: null, growthStageId: null })) });
  return { elements: resolveNorms(levels), drisGraphs: (await norms.drisGraphs(db, cropId)).filter((g) => g.selected) };
}
