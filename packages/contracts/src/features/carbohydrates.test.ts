import { describe, expect, it } from 'vitest';
import { CarbohydrateFilter, carbohydrateEditErrors } from './carbohydrates';

const valid = {
  entity: 'Green Valley', agent: 'Agent', agriculturist: 'Dr Nel', farmName: 'Riverside', fieldBlockNumber: 'B1',
  cropId: 1, cultivarId: 2, regionId: null, tissueId: 3, cropGrowthId: 4,
};

describe('carbohydrateEditErrors (the edit dialog and the server share it)', () => {
  it('accepts a complete entry; the region may stay empty', () => {
    expect(carbohydrateEditErrors(valid)).toEqual([]);
  });

  it('refuses text that is blank after trimming and ids that are not above 0', () => {
    const errors = carbohydrateEditErrors({ ...valid, entity: ' \t', farmName: '', cultivarId: 0, cropGrowthId: -1 });
    expect(errors).toEqual([
      { field: 'entity', message: 'Entity required' },
      { field: 'farmName', message: 'Farm name required' },
      { field: 'cultivarId', message: 'Cultivar required' },
      { field: 'cropGrowthId', message: 'Growth required' },
    ]);
  });
});

describe('CarbohydrateFilter', () => {
  it('reads query-string values: ids as numbers, absent as 0 (any), text trimmed', () => {
    expect(CarbohydrateFilter.parse({ cropId: '3', client: '  green ' })).toEqual({
      client: 'green', farmName: '', fieldBlockNumber: '', cropId: 3, cropGrowthId: 0, organ: 0, group: '',
    });
    expect(CarbohydrateFilter.safeParse({ cropId: 'x' }).success).toBe(false);
  });
});
