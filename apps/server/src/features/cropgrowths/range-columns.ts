import type { Selectable } from 'kysely';
import type { CarbohydrateTables } from '../../db/tables/carbohydrates';
import type { GrowthRange } from '@sapwood/contracts';

export const RANGE_COLUMNS = ['sugar_min', 'sugar_med', 'sugar_max', 'starch_min', 'starch_med', 'starch_max'] as const;

/** The six range columns every stage and override row carries. */
export type RangeColumns = Pick<Selectable<CarbohydrateTables['growth_stages']>, (typeof RANGE_COLUMNS)[number]>;

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
