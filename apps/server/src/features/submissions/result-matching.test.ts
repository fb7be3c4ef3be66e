import { describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES as M } from '@sapwood/contracts';
import { matchReturned } from './result-matching';

const row = (sampleId: number, sampleNumber: string, labNumber: string | null = null) => ({ sampleId, sampleNumber, labNumber });
const back = (sampleNumber: string, labNumber: string) => ({ sampleNumber, labNumber, values: { N: 2 } });

describe('matchReturned', () => {
  it('matches by sample number, case and spaces aside, rows typed by hand like the others', () => {
    const r = matchReturned([row(1, 'L1'), row(2, ' h-2 ')], [back('l1 ', 'A1'), back('H-2', 'A2')]);
    expect(r.matched.map((m) => [m.row.sampleId, m.returned.labNumber])).toEqual([[1, 'A1'], [2, 'A2']]);
    expect(r.unmatched).toEqual([]);
  });

  it('matches by lab number once a row holds one, though the lab changed the sample number', () => {
    const r = matchReturned([row(1, 'L1', 'A1'), row(2, 'L2', 'A2')], [back('L1 (corrected)', 'A1'), back('L2', 'A2')]);
    expect(r.matched.map((m) => m.row.sampleId)).toEqual([1, 2]);
  });

  it('keeps, with the reason, what matches no row, more than one, a row of another lab number, or a row twice', () => {
    const r = matchReturned([row(1, 'L1', 'A1'), row(2, 'D'), row(3, 'd'), row(4, 'L4')], [
      back('X9', 'B9'), back('D', 'B2'), back('L1', 'B1'), back('L4', 'B4'), back('l4', 'B5'),
    ]);
    expect(r.matched.map((m) => [m.row.sampleId, m.returned.labNumber])).toEqual([[4, 'B4']]);
    expect(r.unmatched.map((u) => [u.sampleNumber, u.reason])).toEqual([
      ['X9', M.unmatchedNoRow], ['D', M.unmatchedAmbiguous], ['L1', M.unmatchedOtherLabNumber('A1')], ['l4', M.unmatchedTwice],
    ]);
  });
});
