import { describe, expect, it } from 'vitest';
import { type CsvColumn, parseGridCsv } from './csv';

const num = (t: string) => (t === '' ? { value: null } : Number.isFinite(Number(t)) ? { value: Number(t) } : 'Must be a number');
const COLUMNS: CsvColumn[] = [{ id: 'sampleNumber', name: 'Sample Number' }, { id: 'sugar', name: 'Sugar', parse: num }, { id: 'starch', name: 'Starch', parse: num }];

describe('parseGridCsv', () => {
  it('reads the rows by their headings, in any order, naming each line', () => {
    const r = parseGridCsv('Starch,sample number,SUGAR\r\n3,R1,1.5\n,R2,2\n', COLUMNS);
    expect(r.messages).toEqual([]);
    expect(r.rows).toEqual([
      { line: 2, values: { starch: 3, sampleNumber: 'R1', sugar: 1.5 } },
      { line: 3, values: { starch: null, sampleNumber: 'R2', sugar: 2 } },
    ]);
  });

  it('refuses a file with a stray quote, naming its line, and takes no row (no line is swallowed)', () => {
    const lines = ['Sample Number,Sugar', 'R1,1', 'R2,"2', ...Array.from({ length: 1000 }, (_, i) => `X${i},${i}`)];
    const r = parseGridCsv(lines.join('\n'), COLUMNS);
    expect(r.rows).toEqual([]);
    expect(r.messages[0]).toMatch(/^Line 3: /);
  });

  it('names the line of a cell that is not a value and of a line with too many fields', () => {
    const r = parseGridCsv('Sample Number,Sugar\nR1,abc\nR2,1,9\n', COLUMNS);
    expect(r.rows).toEqual([]);
    expect(r.messages).toContain('Line 2: Sugar: Must be a number');
    expect(r.messages.some((m) => m.startsWith('Line 3: '))).toBe(true);
  });

  it('refuses an unknown heading and an empty file', () => {
    expect(parseGridCsv('Sample Number,Colour\nR1,red\n', COLUMNS).messages[0]).toMatch(/^Line 1: the column 'Colour'/);
    expect(parseGridCsv('', COLUMNS).messages[0]).toMatch(/empty/);
  });
});
