import { describe, expect, it } from 'vitest';
import { failedRowLines } from './failedRows';

describe("the grid's message for rows whose save failed", () => {
  it('names each row by its place (from 1), in the rows\' order; rows with the same message on one line', () => {
    expect(failedRowLines([{ index: 139, message: 'Must not be negative' }])).toEqual(['Row 140: Must not be negative']);
    expect(failedRowLines([
      { index: 139, message: 'Must not be negative' }, { index: 4, message: 'Not a number' }, { index: 2, message: 'Must not be negative' },
    ])).toEqual(['Rows 3, 140: Must not be negative', 'Row 5: Not a number']);
  });
  it('counts what it does not name: rows past 12 of a message, messages past 12', () => {
    const rows = Array.from({ length: 15 }, (_, index) => ({ index, message: 'Empty' }));
    expect(failedRowLines(rows)).toEqual(['Rows 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 3 more: Empty']);
    const many = Array.from({ length: 14 }, (_, index) => ({ index, message: `M${index}` }));
    const lines = failedRowLines(many);
    expect(lines).toHaveLength(13);
    expect(lines[12]).toBe('… and 2 more messages');
  });
});
