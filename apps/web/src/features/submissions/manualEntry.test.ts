import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { ManualEntryStore, NOT_A_NUMBER } from './manualEntry';
import { csvPlan, pastePlan, planNote } from './manualImport';
import { problemsOf } from './manualSaves';
import { LEAF_MANUAL_COLUMNS, MANUAL_ENTRY_MESSAGES as M, parseManualCsv } from '@sapwood/contracts';

const sheet = () => {
  const store = new ManualEntryStore('leaf', ['N', 'P']);
  store.load([
    { sampleId: 1, sampleNumber: 'L1', labNumber: '', na: false, values: {}, rowVersion: 0 },
    { sampleId: 2, sampleNumber: 'L2', labNumber: 'A2', na: false, values: { N: 1.5 }, rowVersion: 3 },
  ]);
  return store;
};

describe('the manual entry store', () => {
  it('tells a row typed from one saved, keeps text as typed, refuses text that is not a number', () => {
    const s = sheet();
    let heard = 0;
    s.subscribeRow(0, () => { heard += 1; });
    s.setText(0, 'N', '1');
    expect(s.view(0).state).toBe('unsaved');
    s.setText(0, 'N', '1.50');
    expect(heard).toBe(1); // still unsaved: the row is not drawn again
    expect(s.input(0)).toEqual({ sampleId: 1, labNumber: '', na: false, values: { N: 1.5, P: null }, confirmed: [], rowVersion: 0 });
    s.setText(0, 'P', 'abc');
    expect(s.view(0).cellErrors).toEqual({ P: NOT_A_NUMBER });
    expect(s.input(0)).toBeNull();
    expect(s.firstBad()).toEqual({ index: 0, field: 'P', message: NOT_A_NUMBER });
    s.setText(1, 'N', '1.50');
    expect(s.view(1).state).toBe('idle'); // the same number as saved
    expect(s.summary()).toEqual({ unsaved: 1, failed: 0, saving: 0 });
  });

  it('never saves a row both N/A and holding values; cleared, it saves N/A and takes the saved row as its new baseline', () => {
    const s = sheet();
    s.setNa(1, true);
    expect(s.input(1)).toBeNull();
    expect(s.view(1).message).toBe(M.naWithValues);
    s.apply(1, { na: true, values: { N: null, P: null } });
    const input = s.input(1)!;
    expect(input.values).toEqual({ N: null, P: null });
    s.saving(1);
    s.saved(1, input, 4);
    expect(s.view(1).state).toBe('saved');
    expect(s.view(1).message).toBeUndefined();
    expect(s.input(1)?.rowVersion).toBe(4);
  });

  it('refuses a value that cannot be at its cell, marks one outside its usual range until it is confirmed (issue 31)', () => {
    const s = sheet();
    s.setText(0, 'P', '-1');
    expect(s.view(0).cellErrors).toEqual({ P: 'Must not be negative' });
    expect(s.input(0)).toBeNull();
    expect(s.firstBad()).toEqual({ index: 0, field: 'P', message: 'Must not be negative' });
    s.setText(0, 'P', '0.2');
    s.setText(0, 'N', '9');
    expect(s.view(0).cellErrors).toEqual({});
    expect(s.view(0).cellWarnings).toEqual({ N: 'Outside the usual range 0.5–7 %: confirm to save it' });
    const [cell] = s.unusual([0, 1]);
    expect(cell).toMatchObject({ index: 0, code: 'N', value: 9, item: 'L1 N 9 % (usual 0.5–7 %)' });
    expect(s.input(0)?.confirmed).toEqual([]);
    s.confirm([cell]);
    expect(s.view(0).cellWarnings).toEqual({});
    expect(s.unusual([0])).toEqual([]);
    expect(s.input(0)?.confirmed).toEqual(['N']);
    // another value typed over it asks again
    s.setText(0, 'N', '9.5');
    expect(s.unusual([0]).map((u) => u.value)).toEqual([9.5]);
    expect(s.input(0)?.confirmed).toEqual([]);
  });

  it('clears the N/A of a row a paste gives values, and says so; a CSV row both N/A and with values is not taken (issue 31)', () => {
    const s = sheet();
    s.apply(0, { na: true });
    const columns = LEAF_MANUAL_COLUMNS.filter((c) => c.code === 'N' || c.code === 'P');
    const plan = pastePlan(s, 'leaf', columns, 0, 'labNumber', 'A1\t2\t0.3');
    expect(plan.naCleared).toBe(1);
    expect(planNote(plan)).toBe('N/A will be cleared on 1 row');
    expect(plan.changes.map((c) => [c.field, c.from, c.to])).toEqual([['labNumber', '', 'A1'], ['N', '', '2'], ['P', '', '0.3'], ['na', 'yes', 'no']]);
    plan.patches.forEach((p, i) => s.apply(i, p));
    expect(s.input(0)).toMatchObject({ na: false, values: { N: 2, P: 0.3 } });
    const csv = csvPlan(s, parseManualCsv('leaf', 'sample,N,N/A\nL1,2.5,yes\nL2,,yes'));
    expect(csv.problems).toEqual([`L1: ${M.naWithValues}: not uploaded`]);
    expect([...csv.patches.keys()]).toEqual([1]);
    // the N/A row loses its value (N 1.5)
    expect(csv.changes.map((c) => [c.index, c.field, c.from, c.to])).toEqual([[1, 'N', '1.5', ''], [1, 'na', 'no', 'yes']]);
  });

  it('gives the cells new texts when a paste or a CSV sets them', () => {
    const s = sheet();
    const plan = pastePlan(s, 'leaf', LEAF_MANUAL_COLUMNS.filter((c) => c.code === 'N' || c.code === 'P'), 0, 'labNumber', 'A1\t2\t3\nA2\t1.5\nA3\t9');
    expect(plan.changes.map((c) => [c.index, c.field, c.from, c.to])).toEqual([[0, 'labNumber', '', 'A1'], [0, 'N', '', '2'], [0, 'P', '', '3']]);
    expect(plan.notUploaded).toBe(1);
    const rev = s.view(0).rev;
    plan.patches.forEach((p, i) => s.apply(i, p));
    expect(s.view(0).rev).toBe(rev + 1);
    expect(s.view(0).texts).toMatchObject({ labNumber: 'A1', N: '2', P: '3' });
    const csv = csvPlan(s, parseManualCsv('leaf', 'sample,N\n l2 ,x\nL9,1'));
    expect(csv.notUploaded).toBe(1);
    expect(csv.problems).toEqual(["Line 2, N: 'x' is not a number"]);
  });
});

describe('a refused save', () => {
  it('puts the server words at the row and cell they name: the sent rows, or with Save a sample of the sheet', () => {
    const err = new ApiError(400, { fields: [
      { field: 'manualResult.0.values.N', message: 'bad N' }, { field: 'manualResult.1.na', message: 'no values' },
      { field: 'manualResult.3', message: 'empty' }, { field: 'submissionId', message: 'not manual' },
    ] });
    const p = problemsOf(err, true);
    expect(p.sent.get(0)).toEqual({ cells: { N: 'bad N' } });
    expect(p.sent.get(1)).toEqual({ cells: {}, message: 'no values' });
    expect(p.sheet.get(3)).toEqual({ cells: {}, message: 'empty' });
    expect(p.other).toEqual(['not manual']);
    expect(problemsOf(err, false).sent.get(3)).toEqual({ cells: {}, message: 'empty' });
  });
});
