import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CsvSampleRow, SAMPLE_SUBMISSION_CSV, isMultiCellPaste, parsePastedRows, parseSubmissionCsv, submissionCsv } from './submission-csv';

const cell = fc.string({ maxLength: 12 }).map((s) => s.trim());
const item = fc.string({ minLength: 1, maxLength: 8 }).map((s) => s.replace(/,/g, '').trim()).filter((s) => s !== '');
const row = (text: fc.Arbitrary<string>) => fc.record<CsvSampleRow>({
  sampleNumber: text.filter((s) => s !== ''),
  blockNumber: text, crop: text, cultivars: fc.array(item, { maxLength: 3 }), growthStage: text, test: text, optionalTests: fc.array(item, { maxLength: 3 }),
});

describe('the submission CSV', () => {
  it('reads back any table it writes (quotes, commas and line breaks in cells included)', () => {
    const withBreaks = fc.string({ maxLength: 12 }).map((s) => s.trim());
    fc.assert(fc.property(fc.array(row(fc.oneof(cell, withBreaks.map((s) => (s ? `${s}\n${s}` : s)))), { maxLength: 8 }), (rows) => {
      expect(parseSubmissionCsv(submissionCsv(rows))).toEqual({ rows, missing: [] });
    }));
  });

  it('matches the header row case-insensitively and in any order, ignores other columns, and names those it lacks', () => {
    const r = parseSubmissionCsv('notes,GROWTH PHASE,sample number,crop,Optional Tests\r\nhello, Flowering ,L7,Pecan,"Chloride, Nickel"\r\n\r\n');
    expect(r.missing).toEqual(['Block', 'Cultivars', 'Test']);
    expect(r.rows).toEqual([{ sampleNumber: 'L7', blockNumber: '', crop: 'Pecan', cultivars: [], growthStage: 'Flowering', test: '', optionalTests: ['Chloride', 'Nickel'] }]);
    expect(parseSubmissionCsv('a,b\n1,2')).toEqual({ rows: [], missing: ['Sample Number', 'Block', 'Crop', 'Cultivars', 'Growth phase', 'Test', 'Optional tests'] });
  });

  it('offers a sample that reads back with every column', () => {
    const r = parseSubmissionCsv(SAMPLE_SUBMISSION_CSV);
    expect(r.missing).toEqual([]);
    expect(r.rows.map((x) => [x.sampleNumber, x.cultivars])).toEqual([['L1001', ['Beaumont']], ['L1002', ['Wichita', 'Choctaw']]]);
  });
});

describe('pasted rows', () => {
  const plain = fc.string({ maxLength: 10 }).map((s) => s.replace(/[\t\r\n]/g, '').trim());
  it('fills successive rows from tab-separated lines in column order, whatever the cells', () => {
    fc.assert(fc.property(fc.array(row(plain), { minLength: 1, maxLength: 8 }), (rows) => {
      const text = rows.map((r) => [r.sampleNumber, r.blockNumber, r.crop, r.cultivars.join(', '), r.growthStage, r.test, r.optionalTests.join(', ')].join('\t')).join('\r\n');
      expect(parsePastedRows(text)).toEqual(rows);
    }));
  });

  it('takes a column of sample numbers, skips a pasted header row, and tells a one-cell paste apart', () => {
    expect(parsePastedRows('L1\nL2\n\nL3\n').map((r) => r.sampleNumber)).toEqual(['L1', 'L2', 'L3']);
    expect(parsePastedRows('Sample Number\tBlock\nL9\tB3').map((r) => [r.sampleNumber, r.blockNumber])).toEqual([['L9', 'B3']]);
    expect(isMultiCellPaste('L1')).toBe(false);
    expect(isMultiCellPaste('L1\n')).toBe(false);
    expect(isMultiCellPaste('L1\nL2')).toBe(true);
    expect(isMultiCellPaste('L1\tB2')).toBe(true);
  });
});
