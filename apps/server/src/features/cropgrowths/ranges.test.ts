import { describe, expect, it } from 'vitest';
import { type RangeOverride, resolveRange } from './ranges';

const r = (min: number | null, med: number | null, max: number | null) => ({ min, med, max });
const stage = { sugar: r(4, 6, 8), starch: r(10, 14, 18) };
const region: RangeOverride = { override: true, sugar: r(5, 7, 9), starch: r(11, 15, 19) };
const cultivar: RangeOverride = { override: true, sugar: r(3, 5, 7), starch: r(null, null, null) };

describe('resolveRange', () => {
  it('uses the stage when there is no override', () => {
    expect(resolveRange(stage)).toEqual({ ...stage, sugarSource: 'stage', starchSource: 'stage' });
    expect(resolveRange(stage, null, null).sugarSource).toBe('stage');
  });

  it('a region override wins over the stage', () => {
    expect(resolveRange(stage, region)).toEqual({ sugar: region.sugar, starch: region.starch, sugarSource: 'region', starchSource: 'region' });
  });

  it('a cultivar override wins over a region override, measure by measure', () => {
    // The cultivar gives no starch range, so starch falls through to the region.
    expect(resolveRange(stage, region, cultivar)).toEqual({ sugar: r(3, 5, 7), sugarSource: 'cultivar', starch: r(11, 15, 19), starchSource: 'region' });
  });

  it('ignores overrides whose flag is off', () => {
    expect(resolveRange(stage, { ...region, override: false }, { ...cultivar, override: false })).toMatchObject({ sugarSource: 'stage', starchSource: 'stage' });
  });

  it('takes an override range whole, never mixing values of two sources', () => {
    const partial: RangeOverride = { override: true, sugar: r(1, null, null), starch: r(null, null, null) };
    expect(resolveRange(stage, partial).sugar).toEqual(r(1, null, null));
  });

  it('returns copies, so a caller cannot change the stage it was given', () => {
    const out = resolveRange(stage);
    out.sugar.min = 99;
    expect(stage.sugar.min).toBe(4);
  });
});
