import { describe, expect, it } from 'vitest';
import { captureLabProblem, captureLabProblems } from './submission-draft';
import { SUBMISSION_MESSAGES as M } from './submission-enums';

/** ADR 0251: the one rule the server refuses a row by and the Prepare dialog marks it by. */
describe('a capture goes only to the lab it shows', () => {
  const labs = new Map([[1, 'Wynland'], [2, ''], [3, 'Nvirotek']]);
  const rows = (...ids: number[]) => ids.map((testDataId) => ({ testDataId, delete: false }));

  it('an outside lab refuses a capture of the other at its sample number; a capture of no lab, or a row added by hand, is taken', () => {
    expect(captureLabProblems({ lab: 'Nvirotek', samples: [rows(1, 2, 0), rows(3)] }, labs))
      .toEqual([{ field: 'samples.0.0.sampleNumber', message: M.sampleOfOtherLab('Wynland', 'Nvirotek') }]);
    expect(captureLabProblems({ lab: 'NvirotekFarmer', samples: [rows(3, 1)] }, labs))
      .toEqual([{ field: 'samples.0.1.sampleNumber', message: M.sampleOfOtherLab('Wynland', 'Nvirotek') }]);
    expect(captureLabProblems({ lab: 'Wynland', samples: [rows(1, 2, 3)] }, labs))
      .toEqual([{ field: 'samples.0.2.sampleNumber', message: M.sampleOfOtherLab('Nvirotek', 'Wynland') }]);
  });

  it('a lab typed in by hand takes any; a row marked deleted is not sent, so not refused', () => {
    expect(captureLabProblems({ lab: 'Manual', samples: [rows(1, 2, 3)] }, labs)).toEqual([]);
    expect(captureLabProblems({ lab: 'Nvirotek', samples: [[{ testDataId: 1, delete: true }]] }, labs)).toEqual([]);
    expect(captureLabProblem(undefined, 'Nvirotek')).toBeNull();
    expect(captureLabProblem('Wynland', 'ManualFarmer')).toBeNull();
  });
});
