import type { GrowthRange } from '@sapwood/contracts';

/**
 * The ONE place where a sample's sugar and starch range is resolved (ADR 0050, range resolution).
 *
 * Precedence, per measure (sugar and starch each on their own):
 *   1. the cultivar's override for the stage, when its override flag is on and it gives a value for the measure;
 *   2. else the region's override for the stage, on the same terms;
 *   3. else the growth stage's own range.
 * A cultivar is the more specific fact about a tree (its genetics), a region only about where it grows,
 * so the cultivar wins. An override range replaces the stage's range whole (min, med and max together);
 * it is never mixed value by value with another source.
 */
export interface StageRanges {
  sugar: GrowthRange;
  starch: GrowthRange;
}
export interface RangeOverride extends StageRanges {
  override: boolean;
}
export type RangeSource = 'cultivar' | 'region' | 'stage';
export interface ResolvedRange {
  sugar: GrowthRange;
  starch: GrowthRange;
  sugarSource: RangeSource;
  starchSource: RangeSource;
}

const hasValue = (r: GrowthRange | undefined): r is GrowthRange => !!r && (r.min !== null || r.med !== null || r.max !== null);

function pick(measure: 'sugar' | 'starch', stage: StageRanges, region?: RangeOverride | null, cultivar?: RangeOverride | null): [GrowthRange, RangeSource] {
  if (cultivar?.override && hasValue(cultivar[measure])) return [{ ...cultivar[measure] }, 'cultivar'];
  if (region?.override && hasValue(region[measure])) return [{ ...region[measure] }, 'region'];
  return [{ ...stage[measure] }, 'stage'];
}

export function resolveRange(stage: StageRanges, regionOverride?: RangeOverride | null, cultivarOverride?: RangeOverride | null): ResolvedRange {
  const [sugar, sugarSource] = pick('sugar', stage, regionOverride, cultivarOverride);
  const [starch, starchSource] = pick('starch', stage, regionOverride, cultivarOverride);
  return { sugar, starch, sugarSource, starchSource };
}
