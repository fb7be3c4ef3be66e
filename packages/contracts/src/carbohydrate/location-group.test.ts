import { describe, expect, it } from 'vitest';
import { locationGroupName, locationGroupNamer } from './location-group';

describe('location group names', () => {
  it('names a group by client, farm and job, or as a merged group', () => {
    expect(locationGroupName('L0000000012-0123456789ab', { entity: ' Orchard Co ', farmName: 'East' })).toBe('Orchard Co · East · J12');
    expect(locationGroupName('M0000000003', { entity: 'Orchard Co', farmName: 'East' })).toBe('Orchard Co · East · merged group 3');
    expect(locationGroupName('odd', { entity: 'A', farmName: 'B' })).toBe('A · B');
    // a merged group names every client and farm it holds, more than three as their count
    const merged = { entity: 'A', farmName: 'North', groupClients: ['A', 'B'], groupFarms: ['North', 'South', 'East', 'West'] };
    expect(locationGroupName('M0000000004', merged)).toBe('A, B · 4 farms · merged group 4');
  });

  it('gives every row of a group the name of its first row', () => {
    const name = locationGroupNamer();
    const rows = [
      { group: 'M0000000003', entity: 'A', farmName: 'North' },
      { group: 'M0000000003', entity: 'B', farmName: 'South' },
      { group: 'L0000000001-aa', entity: 'C', farmName: 'West' },
    ];
    expect(rows.map(name)).toEqual(['A · North · merged group 3', 'A · North · merged group 3', 'C · West · J1']);
  });
});
