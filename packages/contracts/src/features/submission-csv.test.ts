import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_MESSAGES } from '../format/csv';
import {
  type CsvSampleRow, SAMPLE_SUBMISSION_CSV, SUBMISSION_CSV_FILE_NAMES, isMultiCellPaste, parsePastedRows, parseSubmissionCsv, sampleSubmissionCsv, submissionCsv,
  submissionCsvColumns,
} from './submission-csv';
import { DEFAULT_FARMERS_TEST, FARMERS_TESTS } from './submission-enums';

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
      expect(parseSubmissionCsv(submissionCsv(rows))).toEqual({ rows, missing: [], errors: [] });
    }));
  });

  it('a stray quote: no rows, and a message naming its line (never the rest of the file read as one row)', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `L${i},B${i},Pecan,,,,`);
    lines[6] = 'L6,"B6,Pecan,,,,';
    expect(parseSubmissionCsv(['Sample Number,Block,Crop,Cultivars,Growth phase,Test,Optional tests', ...lines].join('\r\n'))).toEqual({
      rows: [], missing: ['Sample Number', 'Block', 'Crop', 'Cultivars', 'Growth phase', 'Test', 'Optional tests'], errors: [CSV_MESSAGES.unclosedQuote(8)],
    });
  });

  it('matches the header row case-insensitively and in any order, ignores other columns, and names those it lacks', () => {
    const r = parseSubmissionCsv('notes,GROWTH PHASE,sample number,crop,Optional Tests\r\nhello, Flowering ,L7,Pecan,"Chloride, Nickel"\r\n\r\n');
    expect(r.missing).toEqual(['Block', 'Cultivars', 'Test']);
    expect(r.rows).toEqual([{ sampleNumber: 'L7', blockNumber: '', crop: 'Pecan', cultivars: [], growthStage: 'Flowering', test: '', optionalTests: ['Chloride', 'Nickel'] }]);
    expect(parseSubmissionCsv('a,b\n1,2')).toEqual({ rows: [], missing: ['Sample Number', 'Block', 'Crop', 'Cultivars', 'Growth phase', 'Test', 'Optional tests'], errors: [] });
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

describe("the farmers' submission CSV (issue 31, finding 9)", () => {
  it("names the farmers' columns only: no crop, cultivars or growth phase", () => {
    expect(submissionCsvColumns('soil').map((c) => c.header)).toEqual(['Sample Number', 'Block', 'Test', 'Optional tests']);
    expect(submissionCsvColumns('leaf').map((c) => c.header)).toEqual(['Sample Number', 'Block', 'Crop', 'Cultivars', 'Growth phase', 'Test', 'Optional tests']);
  });

  it('offers a farmers’ sample of its own that reads back with every farmers’ column and a real test', () => {
    const csv = sampleSubmissionCsv('soil');
    expect(csv.split('\r\n')[0]).toBe('Sample Number,Block,Test,Optional tests');
    const r = parseSubmissionCsv(csv, 'soil');
    expect(r.missing).toEqual([]);
    expect(r.rows.length).toBeGreaterThan(0);
    for (const row of r.rows) {
      expect(row.sampleNumber).toMatch(/^S/);
      expect([...FARMERS_TESTS]).toContain(row.test);
      expect(row.test).not.toBe(DEFAULT_FARMERS_TEST);
      expect(row.optionalTests.every((t) => (FARMERS_TESTS as readonly string[]).includes(t))).toBe(true);
    }
    expect(sampleSubmissionCsv('leaf')).toBe(SAMPLE_SUBMISSION_CSV);
    expect(SUBMISSION_CSV_FILE_NAMES).toEqual({ leaf: 'leaf-submission-sample.csv', soil: 'farmers-submission-sample.csv' });
  });

  it('reads any farmers’ table it writes, and names only the farmers’ columns a file lacks', () => {
    const soilRow = fc.record<CsvSampleRow>({
      sampleNumber: cell.filter((s) => s !== ''), blockNumber: cell, crop: fc.constant(''), cultivars: fc.constant([]), growthStage: fc.constant(''),
      test: cell, optionalTests: fc.array(item, { maxLength: 3 }),
    });
    fc.assert(fc.property(fc.array(soilRow, { maxLength: 8 }), (rows) => {
      expect(parseSubmissionCsv(submissionCsv(rows, 'soil'), 'soil')).toEqual({ rows, missing: [], errors: [] });
    }));
    expect(parseSubmissionCsv('Sample Number,Test\r\nS1,PBrayIWater', 'soil')).toEqual({
      rows: [{ sampleNumber: 'S1', blockNumber: '', crop: '', cultivars: [], growthStage: '', test: 'PBrayIWater', optionalTests: [] }], missing: ['Block', 'Optional tests'], errors: [],
    });
    // a leaf column in a farmers' file is no column of it
    expect(parseSubmissionCsv('Sample Number,Crop\r\nS1,Pecan', 'soil').rows[0].crop).toBe('');
  });

  it('fills pasted farmers’ rows in the farmers’ column order: sample number, block, test, optional tests', () => {
    expect(parsePastedRows('S1\tB2\tPBrayIWater\tChloride, Ec\nS2\tB3', 'soil')).toEqual([
      { sampleNumber: 'S1', blockNumber: 'B2', crop: '', cultivars: [], growthStage: '', test: 'PBrayIWater', optionalTests: ['Chloride', 'Ec'] },
      { sampleNumber: 'S2', blockNumber: 'B3', crop: '', cultivars: [], growthStage: '', test: '', optionalTests: [] },
    ]);
    expect(parsePastedRows('Sample Number\tBlock\tTest\nS9\tB1\tEc', 'soil').map((r) => [r.sampleNumber, r.test])).toEqual([['S9', 'Ec']]);
  });
});
