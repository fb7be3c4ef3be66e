import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_MESSAGES } from '../format/csv';
import { FARMERS_RESULT_VALUES } from './capture-results';
import {
  FARMERS_MANUAL_COLUMNS, LEAF_MANUAL_COLUMNS, type ManualCsvRow, type ManualKind, isManualMultiPaste, manualColumnsOf, manualCsv,
  manualFieldOf, matchManualRows, parseManualCsv, parseManualPaste, parseResultNumber, pastedWithHeader,
} from './manual-result-csv';

const KINDS: ManualKind[] = ['leaf', 'soil'];
const text = fc.string({ maxLength: 10 }).map((s) => s.trim());
const number = fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
const rowOf = (kind: ManualKind) => fc.record<ManualCsvRow>({
  sampleNumber: text.filter((s) => s !== ''),
  labNumber: text,
  na: fc.boolean(),
  values: fc.record(Object.fromEntries(manualColumnsOf(kind).map((c) => [c.code, fc.option(number, { nil: null })]))),
});

describe('the manual entry columns', () => {
  it('are the 17 leaf elements in the paste order and the 26 values of the farmers row', () => {
    expect(LEAF_MANUAL_COLUMNS.map((c) => c.label)).toEqual(['N', 'P', 'K', 'Ca', 'Mg', 'Na%', 'Na', 'Fe', 'Mn', 'Zn', 'Cu', 'B', 'Mo', 'Ni', 'S', 'NO3-N', 'NH4-N']);
    expect(LEAF_MANUAL_COLUMNS.map((c) => c.unit)).toEqual(['%', '%', '%', '%', '%', '%', 'mg/kg', 'mg/kg', 'mg/kg', 'mg/kg', 'mg/kg', 'mg/kg', 'mg/kg', 'mg/kg', '%', 'mg/l', 'mg/l']);
    expect(FARMERS_MANUAL_COLUMNS).toHaveLength(26);
    expect(new Set(FARMERS_MANUAL_COLUMNS.map((c) => c.code)).size).toBe(26);
    expect(FARMERS_MANUAL_COLUMNS.every((c) => FARMERS_RESULT_VALUES.some((v) => v.code === c.code))).toBe(true);
    expect(FARMERS_MANUAL_COLUMNS[0].code).toBe('phKcl');
    expect(FARMERS_MANUAL_COLUMNS[25].code).toBe('exchAcidKcl');
  });

  it('read each header written, label, code and manual key back as their own column', () => {
    for (const kind of KINDS) {
      for (const c of manualColumnsOf(kind)) {
        for (const h of [c.header, c.code, c.manualKey, c.header.toUpperCase()]) expect(manualFieldOf(kind, h), `${kind} ${h}`).toEqual({ code: c.code });
      }
    }
  });

  it('know the leaf aliases of the spec: sample, lab, element symbols, Na% apart from Na', () => {
    for (const h of ['Sample Number', 'sample', 'REFERENCE', ' sample number ']) expect(manualFieldOf('leaf', h)).toBe('sampleNumber');
    for (const h of ['Lab Number', 'lab']) expect(manualFieldOf('leaf', h)).toBe('labNumber');
    for (const h of ['naperc', 'na perc', 'na percent', 'na %', 'na%', 'Na%']) expect(manualFieldOf('leaf', h)).toEqual({ code: 'NaPerc' });
    for (const h of ['Na', 'na', 'NA mg/kg', 'Na ppm']) expect(manualFieldOf('leaf', h)).toEqual({ code: 'Na' });
    for (const h of ['NO3-N', 'no3', 'No3 mg/l']) expect(manualFieldOf('leaf', h)).toEqual({ code: 'No3' });
    for (const h of ['nh4', 'NH4-N']) expect(manualFieldOf('leaf', h)).toEqual({ code: 'Nh4' });
    for (const h of ['n', 'N %', 'b', 'mo', 'S']) expect(manualFieldOf('leaf', h)).not.toBeNull();
    for (const h of ['N/A', 'n/a']) expect(manualFieldOf('leaf', h)).toBe('na');
    expect(manualFieldOf('leaf', 'colour')).toBeNull();
  });

  it('know the farmers aliases: pH, P Bray, the ratios, cations apart from their saturation', () => {
    const soil = (h: string) => manualFieldOf('soil', h);
    expect(soil('pH (KCl)')).toEqual({ code: 'phKcl' });
    expect(soil('ph kcl')).toEqual({ code: 'phKcl' });
    expect(soil('pH (H2O)')).toEqual({ code: 'phH2O' });
    expect(soil('P Bray I')).toEqual({ code: 'pBrayI' });
    expect(soil('p bray ii')).toEqual({ code: 'pBrayII' });
    expect(soil('Ca:Mg')).toEqual({ code: 'caToMg' });
    expect(soil('(Ca+Mg)/K')).toEqual({ code: 'caAndMgDivK' });
    expect(soil('Ca')).toEqual({ code: 'ca' });
    expect(soil('Ca mg/kg')).toEqual({ code: 'ca' });
    expect(soil('Ca %')).toEqual({ code: 'caPerc' });
    expect(soil('k%')).toEqual({ code: 'kPerc' });
    expect(soil('T-value')).toEqual({ code: 'tValueAmAc' });
    expect(soil('Exch. acid (KCl)')).toEqual({ code: 'exchAcidKcl' });
    expect(soil('Density g/cm3')).toEqual({ code: 'density' });
  });
});

describe('the manual CSV', () => {
  it('reads back any sheet it writes (round trip, both kinds)', () => {
    for (const kind of KINDS) {
      fc.assert(fc.property(fc.array(rowOf(kind), { maxLength: 6 }), (rows) => {
        const back = parseManualCsv(kind, manualCsv(kind, rows));
        expect(back.problems).toEqual([]);
        expect(back.rows.map(({ sampleNumber, labNumber, na, values }) => ({ sampleNumber, labNumber, na, values }))).toEqual(rows);
      }), { numRuns: 60 });
    }
  });

  it('keeps text a spreadsheet would run as a formula inert, and reads it back as written', () => {
    const rows = [{ sampleNumber: '=1+2', labNumber: '-L1', na: false, values: { N: -1.5 } }];
    const csv = manualCsv('leaf', rows);
    expect(csv.split('\r\n')[1].startsWith("'=1+2,'-L1,-1.5")).toBe(true);
    expect(parseManualCsv('leaf', csv).rows[0]).toMatchObject({ sampleNumber: '=1+2', labNumber: '-L1', values: { N: -1.5 } });
    // text that starts with an apostrophe before such a character keeps it (found by the round trip below)
    const quoted = [{ sampleNumber: "'=1", labNumber: "''+x", na: false, values: {} }, { sampleNumber: "'abc", labNumber: "'", na: false, values: {} }];
    expect(parseManualCsv('leaf', manualCsv('leaf', quoted)).rows.map((r) => [r.sampleNumber, r.labNumber])).toEqual([["'=1", "''+x"], ["'abc", "'"]]);
  });

  it('reports a bad number with its line and column, and takes only the columns the file has', () => {
    const r = parseManualCsv('leaf', 'Sample,lab,N,Na %,Fe,colour,n/a\r\nL1,A1,1.5,0.2,abc,red,\r\n\r\nL2,,,,,,x\r\nL3,,2,,1e2,,maybe\r\n,,,,,,\r\n');
    expect(r.problems).toEqual([
      { line: 2, column: 'Fe', text: 'abc', message: "'abc' is not a number" },
      { line: 5, column: 'n/a', text: 'maybe', message: "'maybe' is not yes or no" },
    ]);
    expect(r.rows).toEqual([
      { line: 2, sampleNumber: 'L1', labNumber: 'A1', na: false, values: { N: 1.5, NaPerc: 0.2 } },
      { line: 4, sampleNumber: 'L2', labNumber: '', na: true, values: { N: null, NaPerc: null, Fe: null } },
      { line: 5, sampleNumber: 'L3', labNumber: '', values: { N: 2, NaPerc: null, Fe: 100 } },
    ]);
    expect(parseManualCsv('leaf', 'N,P\r\n1,2').error).toMatch(/sample number/);
  });

  it('a stray quote: no rows, and an error naming its line (never the rest of the file read as one row)', () => {
    const csv = ['Sample Number,N,P', ...Array.from({ length: 100_000 }, (_, i) => (i === 41 ? `L${i},"2.5,0.3` : `L${i},2.5,0.3`))].join('\r\n');
    expect(parseManualCsv('leaf', csv)).toEqual({ rows: [], problems: [], error: CSV_MESSAGES.unclosedQuote(43) });
  });

  it('numbers a row by the line it starts on, a quoted cell spanning lines counted', () => {
    expect(parseManualCsv('leaf', 'Sample,Lab\r\nL1,"A\r\n1"\r\nL2,B2').rows.map((r) => [r.sampleNumber, r.line])).toEqual([['L1', 2], ['L2', 4]]);
  });

  it('takes only parseable numbers', () => {
    fc.assert(fc.property(number, (n) => { expect(parseResultNumber(String(n))).toBe(n); }));
    for (const bad of ['1.2.3', 'abc', '1,2,3', '--1', 'NaN', 'Infinity', '1e999', '0x10']) expect(parseResultNumber(bad)).toBeUndefined();
    expect(parseResultNumber(' 1,5 ')).toBe(1.5);
    expect(parseResultNumber('')).toBeNull();
  });

  it('matches rows by sample number, case-insensitive and trimmed, and counts the rest', () => {
    const sheet = [{ sampleNumber: 'L100' }, { sampleNumber: 'l200 ' }];
    const { rows } = parseManualCsv('leaf', 'sample,N\r\n l100 ,1\r\nL200,2\r\nL300,3');
    const m = matchManualRows(sheet, rows);
    expect(m.matches.map((x) => [x.index, x.row.values.N])).toEqual([[0, 1], [1, 2]]);
    expect(m.unmatched).toBe(1);
  });
});

describe('the manual paste', () => {
  it('fills from the focused cell in the paste order (leaf: lab number, N … NH4)', () => {
    const p = parseManualPaste('leaf', 'A1\t1.5\t0.2\r\nA2\tx\t\r\n', 0);
    expect(p.lines).toBe(2);
    expect(p.cells).toEqual([
      { row: 0, field: 'labNumber', text: 'A1', value: 'A1' }, { row: 0, field: 'N', text: '1.5', value: 1.5 }, { row: 0, field: 'P', text: '0.2', value: 0.2 },
      { row: 1, field: 'labNumber', text: 'A2', value: 'A2' }, { row: 1, field: 'N', text: 'x', value: undefined }, { row: 1, field: 'P', text: '', value: null },
    ]);
    const fromNh4 = parseManualPaste('leaf', '1\t2\t3', 17);
    expect(fromNh4.cells.map((c) => c.field)).toEqual(['Nh4']);
    expect(fromNh4.leftOver).toBe(2);
    expect(parseManualPaste('soil', '4.5\t5.5', 1).cells.map((c) => c.field)).toEqual(['phKcl', 'phH2O']);
  });

  it('puts any tab-separated block of numbers in the cells it covers', () => {
    fc.assert(fc.property(fc.array(fc.array(number, { minLength: 1, maxLength: 17 }), { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 17 }), (block, start) => {
      const p = parseManualPaste('leaf', block.map((l) => l.join('\t')).join('\n'), start);
      const order = LEAF_MANUAL_COLUMNS.map((c) => c.code);
      const expected = block.flatMap((l, row) => l.flatMap((n, k) => (start - 1 + k < 17 ? [{ row, field: order[start - 1 + k], value: n }] : [])));
      expect(p.cells.map(({ row, field, value }) => ({ row, field, value }))).toEqual(expected);
    }));
  });

  it('reads a paste with its header row as a CSV, and tells a one-cell paste apart', () => {
    const r = pastedWithHeader('leaf', 'Sample Number\tN\nL1\t2.5\n');
    expect(r?.rows).toEqual([{ line: 2, sampleNumber: 'L1', values: { N: 2.5 } }]);
    expect(pastedWithHeader('leaf', 'A1\t1.5')).toBeNull();
    expect(isManualMultiPaste('1.5')).toBe(false);
    expect(isManualMultiPaste('1.5\n')).toBe(false);
    expect(isManualMultiPaste('1.5\t2')).toBe(true);
    expect(isManualMultiPaste('1.5\n2')).toBe(true);
  });
});
