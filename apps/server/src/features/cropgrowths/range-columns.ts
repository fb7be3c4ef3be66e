import type { GrowthRange } from '@sapwood/contracts';

/** The six range columns every stage and override row carries. */
export interface RangeColumns {
  sugar_min: number | null;
  sugar_med: number | null;
  sugar_max: number | null;
  starch_min: number | null;
  starch_med: number | null;
  starch_max: number | null;
}

export const RANGE_COLUMNS = ['sugar_min', 'sugar_med', 'sugar_max', 'starch_min', 'starch_med', 'starch_max'] as const;

export function toRanges(r: RangeColumns): { sugar: GrowthRange; starch: GrowthRange } {
  return {
    sugar: { min: r.sugar_min, med: r.sugar_med, max: r.sugar_max },
    starch: { min: r.starch_min, med: r.starch_med, max: r.starch_max },
  };
}

export function fromRanges(sugar: GrowthRange, starch: GrowthRange): RangeColumns {
  return {
    sugar_min: sugar.min, sugar_med: sugar.med, sugar_max: sugar.max,
    starch_min: starch.min, starch_med: starch.med, starch_max: starch.max,
  };
}

export function pickRanges(r: RangeColumns): RangeColumns {
  return Object.fromEntries(RANGE_COLUMNS.map((c) => [c, r[c]])) as unknown as RangeColumns;
}
