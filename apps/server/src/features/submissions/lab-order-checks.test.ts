import { describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES as M } from '@sapwood/contracts';
import { sendError, storedLabProblems } from './lab-order-checks';

const codes = [{ cropId: 1, name: 'Table grape', nvirotekCode: null, wynlandCode: 'TG' }, { cropId: 2, name: 'Pecan', nvirotekCode: 'PEC', wynlandCode: 'PN' }];

describe('the lab order checks of a stored submission', () => {
  it('names each row at its place in the draft, rows left out as deleted keeping theirs', () => {
    const rows = [
      { groupNo: 0, position: 0, sampleNumber: 'L1', cropId: 2 }, { groupNo: 0, position: 2, sampleNumber: 'L2', cropId: 1 },
      { groupNo: 1, position: 0, sampleNumber: 'l1', cropId: 1 },
    ];
    expect(storedLabProblems('leaf', 'Nvirotek', rows, codes)).toEqual([
      { field: 'samples.0.0.sampleNumber', message: M.sampleNumberTwiceInOrder('Nvirotek') },
      { field: 'samples.0.2.cropId', message: M.noLabCropCode('Table grape', 'Nvirotek') },
      { field: 'samples.1.0.sampleNumber', message: M.sampleNumberTwiceInOrder('Nvirotek') },
      { field: 'samples.1.0.cropId', message: M.noLabCropCode('Table grape', 'Nvirotek') },
    ]);
    expect(storedLabProblems('leaf', 'Wynland', rows.slice(0, 2), codes)).toEqual([]);
    expect(storedLabProblems('leaf', 'Manual', rows, codes)).toEqual([]);
    expect(storedLabProblems('soil', 'NvirotekFarmer', [{ groupNo: 0, position: 0, sampleNumber: 'S1', cropId: null }], codes)).toEqual([]);
  });

  it("says what to fix in our words, then the lab's", () => {
    const problems = storedLabProblems('leaf', 'Nvirotek', [{ groupNo: 0, position: 0, sampleNumber: 'L1', cropId: 1 }, { groupNo: 0, position: 1, sampleNumber: 'L2', cropId: 1 }], codes);
    expect(sendError('Nvirotek', true, problems, "Nvirotek answered 422: sample L1: unknown crop code ''"))
      .toBe("Table grape has no Nvirotek crop code: assign one in Crop. Nvirotek answered 422: sample L1: unknown crop code ''");
    expect(sendError('Wynland', true, [], 'Wynland answered 400: account on hold')).toBe(`${M.refusedBy('Wynland')}. Wynland answered 400: account on hold`);
    expect(sendError('Nvirotek', false, problems, 'Nvirotek timed out after 3 s')).toBe(`${M.couldNotSend('Nvirotek')}. Nvirotek timed out after 3 s`);
  });
});
