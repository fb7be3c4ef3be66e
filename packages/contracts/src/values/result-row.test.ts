import { describe, expect, it } from 'vitest';
import { resultValueProblems } from './result-bounds';
import { heldValueCodes, resultRowHasEntry, resultRowHoldsValues, resultRowNaWithValues } from './result-row';

describe('a result row’s rules', () => {
  it('a row holds an entry: N/A, a lab number or a value (numbers, or a cell’s text as typed)', () => {
    expect(resultRowHasEntry({ labNumber: '', na: false, values: {} })).toBe(false);
    expect(resultRowHasEntry({ labNumber: '  ', na: false, values: { N: null, P: undefined, K: ' ' } })).toBe(false);
    expect(resultRowHasEntry({ labNumber: '', na: true, values: {} })).toBe(true);
    expect(resultRowHasEntry({ labNumber: 'A1', na: false, values: {} })).toBe(true);
    expect(resultRowHasEntry({ labNumber: '', na: false, values: { N: 0 } })).toBe(true);
    expect(resultRowHasEntry({ labNumber: '', na: false, values: { N: 'abc' } })).toBe(true);
  });

  it('a row is never both N/A and holding values', () => {
    expect(resultRowNaWithValues({ na: true, values: { N: null, P: '' } })).toBe(false);
    expect(resultRowNaWithValues({ na: true, values: { N: 2.5 } })).toBe(true);
    expect(resultRowNaWithValues({ na: false, values: { N: 2.5 } })).toBe(false);
    expect(resultRowHoldsValues({ N: '0' })).toBe(true);
  });

  it('a value the sample already holds needs no confirmation again; a new unusual one does', () => {
    const values = { K: 8, N: 2, P: null };
    const held = heldValueCodes(values, { K: 8, N: 3, P: null });
    expect(held).toEqual(['K']);
    expect(resultValueProblems('leaf', values, held)).toEqual([]);
    expect(resultValueProblems('leaf', values, heldValueCodes(values, { K: 7 })).map((p) => [p.at, p.level])).toEqual([['K', 'unusual']]);
    expect(heldValueCodes(values, undefined)).toEqual([]);
  });
});
