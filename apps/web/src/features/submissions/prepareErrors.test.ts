import { describe, expect, it } from 'vitest';
import { rowErrorLines, rowErrorsOf } from './prepareErrors';

describe('the rows\' messages of a refused Prepare Submit', () => {
  it('keeps the rows\' fields only (not the header\'s, a group\'s or the server\'s top-level copy), in the order the rows are drawn', () => {
    const errors = {
      clientName: 'Entity name required',
      samples: 'Block required',
      'samples.1.0.sampleNumber': 'Sample number required',
      'samples.0.139.blockNumber': 'Block required',
      'samples.0.139.test': "test type can't be unknown",
      'samples.0.12.cropId': 'Crop required',
      'samples.2': '(each submission must include a minimum of one active row)',
    };
    const rows = rowErrorsOf(errors);
    expect(rows).toEqual([
      { g: 0, r: 12, field: 'cropId', message: 'Crop required' },
      { g: 0, r: 139, field: 'blockNumber', message: 'Block required' },
      { g: 0, r: 139, field: 'test', message: "test type can't be unknown" },
      { g: 1, r: 0, field: 'sampleNumber', message: 'Sample number required' },
    ]);
    expect(rowErrorLines(rows)).toEqual([
      'Group 1, row 13: Crop required',
      'Group 1, row 140: Block required',
      "Group 1, row 140: test type can't be unknown",
      'Group 2, row 1: Sample number required',
    ]);
  });

  it('is empty when no row has a message', () => {
    expect(rowErrorsOf({ farmName: 'Farm name required', 'samples.0': 'x' })).toEqual([]);
  });
});
