import { describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES as M, draftProblems } from '@sapwood/contracts';
import { type DraftRow, blankRow, groupsOf, rowTestChoices, rowsOf, shownOrder, splitSelected, testsOf } from './draft';
import type { SubmissionKind } from './kind';

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

describe('the test lists of the Prepare dialog', () => {
  const draft = (kind: SubmissionKind, test: string) => ({
    clientName: 'C', farmName: 'F', agentId: 1, depotId: 1, agronomistId: 1,
    samples: [[{ ...blankRow(kind), sampleNumber: 'S1', blockNumber: 'B1', cropId: 1, cultivars: [1], growthStage: 'G', test }]],
  });
  const testFieldProblems = (kind: SubmissionKind, test: string) => draftProblems(kind, draft(kind, test)).filter((p) => p.field.endsWith('.test'));

  it('offer only the tests the server takes: a farmers\' list has neither Unknown nor Farmer Sample, a leaf list no Unknown', () => {
    const soil = testsOf('soil').offered.map((t) => t.value);
    expect(soil).not.toContain('Unknown');
    expect(soil).not.toContain('FarmerSample');
    expect(soil).toContain('PBrayIWater');
    expect(testsOf('leaf').offered.map((t) => t.value)).not.toContain('Unknown');
    for (const kind of ['leaf', 'soil'] as const) {
      for (const t of testsOf(kind).offered) expect(testFieldProblems(kind, t.value), `${kind} ${t.value}`).toEqual([]);
      // every test left out is one the rule refuses
      for (const t of testsOf(kind).tests.filter((x) => !testsOf(kind).offered.some((o) => o.value === x.value))) {
        expect(testFieldProblems(kind, t.value), `${kind} ${t.value}`).not.toEqual([]);
      }
    }
    expect(testFieldProblems('soil', 'FarmerSample')).toEqual([{ field: 'samples.0.0.test', message: M.farmerDefaultTest }]);
  });

  it('a row keeps showing a test it may not be submitted with (the farmers\' default), which cannot be chosen again', () => {
    const { offered } = testsOf('soil');
    expect(rowTestChoices(offered, 'FarmerSample')).toEqual([{ value: 'FarmerSample', label: 'Farmer Sample', disabled: true }, ...offered]);
    expect(rowTestChoices(offered, 'PBrayIWater')).toBe(offered);
    expect(rowTestChoices(offered, '')).toBe(offered);
  });
});
