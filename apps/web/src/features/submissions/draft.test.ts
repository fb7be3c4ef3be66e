import { describe, expect, it } from 'vitest';
import { type DraftRow, blankRow, groupsOf, rowsOf, shownOrder, splitSelected } from './draft';

const row = (sampleNumber: string, selected = false): DraftRow => ({ ...blankRow('leaf'), sampleNumber, selected });

describe('the Prepare dialog’s groups as the grid’s rows', () => {
  it('reads back the groups it writes, in their order', () => {
    const groups = [[row('A'), row('B')], [row('C')], [row('D'), row('E')]];
    expect(groupsOf(rowsOf(groups))).toEqual(groups);
    expect(rowsOf(groups).map((r) => r.group)).toEqual([0, 0, 1, 2, 2]);
  });

  it('a group left with no row is gone; the groups keep their order whatever their numbers', () => {
    const rows = rowsOf([[row('A')], [row('B')], [row('C')]]).filter((r) => r.sampleNumber !== 'B');
    expect(groupsOf(rows).map((g) => g.map((r) => r.sampleNumber))).toEqual([['A'], ['C']]);
    expect(groupsOf([{ ...row('X'), group: 7 }, { ...row('Y'), group: 2 }]).map((g) => g[0].sampleNumber)).toEqual(['Y', 'X']);
  });

  it('splitting the selected rows: a new group at the end, groups left empty gone', () => {
    const split = groupsOf(rowsOf(splitSelected([[row('A', true)], [row('B'), row('C', true)]])));
    expect(split.map((g) => g.map((r) => [r.sampleNumber, r.selected]))).toEqual([[['B', false]], [['A', false], ['C', false]]]);
  });

  it('the rows in the order they are drawn: by group, then as stored (rows pasted past a group\'s end are stored last)', () => {
    expect(shownOrder([0, 1, 0, 0, 2, 1].map((group) => ({ group })))).toEqual([0, 2, 3, 1, 5, 4]);
    expect(shownOrder([{ group: 7 }, { group: 2 }, { group: 7 }])).toEqual([1, 0, 2]);
    expect(shownOrder([])).toEqual([]);
  });
});
