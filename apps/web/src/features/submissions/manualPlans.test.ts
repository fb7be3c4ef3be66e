import { describe, expect, it } from 'vitest';
import { manualCsvColumns, manualCsvHeading, manualWithNa } from './manualPlans';
import { manualFieldOfError, manualRowOf } from './useManualGrid';

/** The farmers' sodium has the code `na`: the grid's N/A is `isNa`, and each way into the row keeps them apart. */
describe("the manual grid's N/A beside the farmers' sodium (code na)", () => {
  it('a CSV heading of sodium names the na cell, N/A names isNa; the columns are distinct', () => {
    const heading = manualCsvHeading('soil');
    expect([heading('Na'), heading('N/A'), heading('Na mg/kg')]).toEqual(['na', 'isNa', 'na']);
    const ids = manualCsvColumns('soil').map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("the server's fields: manualResult.0.na is the row's N/A, manualResult.0.values.na the sodium cell", () => {
    expect(manualFieldOfError('manualResult.0.na')).toBe('isNa');
    expect(manualFieldOfError('manualResult.3.values.na')).toBe('na');
    expect(manualFieldOfError('manualResult.0.values.K')).toBe('K');
    expect(manualFieldOfError('manualResult.0.labNumber')).toBe('labNumber');
    expect(manualFieldOfError('manualResult.0')).toBe('');
    expect(manualFieldOfError('manualResult.0.sampleId')).toBe('');
  });

  it('a sheet row keeps its sodium and its N/A; marking N/A blanks the sodium, not the flag', () => {
    const row = manualRowOf('soil', { sampleId: 7, sampleNumber: 'F1', labNumber: 'L', na: false, values: { na: 12 }, rowVersion: 1 } as never);
    expect([row.isNa, row.na]).toEqual([false, '12']);
    const marked = manualWithNa('soil', row, true);
    expect([marked.isNa, marked.na]).toEqual([true, '']);
  });
});
