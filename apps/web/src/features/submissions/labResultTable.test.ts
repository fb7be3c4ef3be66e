import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { LabResultView } from '@sapwood/contracts';
import { labResultCsv, labResultTable } from './labResultTable';

const view: LabResultView = {
  lab_name: 'Manual',
  error: null,
  unmatched: [],
  waiting: 0,
  sampleData: [
    { lab_number: 'LN-1', sample_reference: 'L26001', resultvalue: [
      { code: 'n', name: 'N', lab_result: 2.5, unit: '%' },
      { code: 'fe', name: 'Fe', lab_result: null, unit: 'mg/kg' },
    ] },
    { lab_number: '', sample_reference: '=HYPERLINK("x"), "a"', resultvalue: [
      { code: 'fe', name: 'Fe', lab_result: -3, unit: 'mg/kg' },
      { code: 'ratio', name: 'Ca:Mg', lab_result: 1.25, unit: '' },
    ] },
  ],
};

describe('the lab result view as a table and as data.csv', () => {
  it('has one column per value, in first-seen order, and null where a sample lacks one', () => {
    const t = labResultTable(view);
    expect(t.columns.map((c) => c.code)).toEqual(['n', 'fe', 'ratio']);
    expect(t.rows.map((r) => r.values)).toEqual([[2.5, null, null], [null, -3, 1.25]]);
  });

  it('writes the header with units, empty cells for values not measured, and quotes text as CSV needs', () => {
    const csv = labResultCsv(view);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Lab Number,Sample Reference,N (%),Fe (mg/kg),Ca:Mg');
    expect(lines[1]).toBe('LN-1,L26001,2.5,,');
    // a formula-looking reference is defused; numbers (negative too) stay numbers
    const back = Papa.parse<string[]>(csv).data;
    expect(back[2]).toEqual(['', `'=HYPERLINK("x"), "a"`, '', '-3', '1.25']);
    expect(lines).toHaveLength(3);
  });

  it('writes only the header for a view without samples', () => {
    expect(labResultCsv({ lab_name: 'Wynland', sampleData: [], error: null, unmatched: [], waiting: 0 }).trim()).toBe('Lab Number,Sample Reference');
  });

  it("keeps an outside lab's flags with their values, and adds a Flags column to the CSV when any is flagged (issue 31)", () => {
    const flagged: LabResultView = {
      lab_name: 'Nvirotek',
      sampleData: [
        { lab_number: 'NV-1', sample_reference: 'S1', resultvalue: [
          { code: 'kPerc', name: 'K', lab_result: 150, unit: '%', flag: 'Impossible: must be at most 100 %' },
          { code: 'zn', name: 'Zn', lab_result: 4, unit: 'mg/kg' },
        ] },
        { lab_number: 'NV-2', sample_reference: 'S2', resultvalue: [{ code: 'zn', name: 'Zn', lab_result: 3, unit: 'mg/kg' }] },
      ],
      error: null,
      unmatched: [],
      waiting: 0,
    };
    expect(labResultTable(flagged).rows.map((r) => r.flags)).toEqual([['Impossible: must be at most 100 %', null], [null, null]]);
    const lines = labResultCsv(flagged).split('\r\n');
    expect(lines[0]).toBe('Lab Number,Sample Reference,K (%),Zn (mg/kg),Flags');
    expect(lines[1]).toBe('NV-1,S1,150,4,K: Impossible: must be at most 100 %');
    expect(lines[2]).toBe('NV-2,S2,,3,');
    expect(labResultCsv(view).split('\r\n')[0]).not.toContain('Flags');
  });

  it('says why a sample shows no values, in the table and in a No values column of the CSV (issue 31)', () => {
    const waiting: LabResultView = {
      lab_name: 'Wynland',
      sampleData: [
        { lab_number: 'WL-1', sample_reference: 'S1', resultvalue: [{ code: 'N', name: 'N', lab_result: 2.1, unit: '%' }] },
        { lab_number: '', sample_reference: 'S2', resultvalue: [{ code: 'N', name: 'N', lab_result: null, unit: '%' }], no_result: "Waiting for Wynland's result" },
      ],
      error: null,
      unmatched: [],
      waiting: 1,
    };
    expect(labResultTable(waiting).rows.map((r) => r.noResult)).toEqual([null, "Waiting for Wynland's result"]);
    const lines = labResultCsv(waiting).split('\r\n');
    expect(lines).toEqual(['Lab Number,Sample Reference,N (%),No values', 'WL-1,S1,2.1,', ",S2,,Waiting for Wynland's result"]);
    expect(labResultCsv(view).split('\r\n')[0]).not.toContain('No values');
  });
});
