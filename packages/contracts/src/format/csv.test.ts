import { describe, expect, it } from 'vitest';
import { CSV_MESSAGES, readCsv } from './csv';

describe('readCsv', () => {
  it('gives each row with the line it starts on, a quoted cell spanning lines and blank lines counted', () => {
    const r = readCsv('\uFEFFa,b\r\n1,"x\r\ny"\r\n\r\n3,"4, 5"\r\n');
    expect(r).toEqual({ errors: [], lines: [{ line: 1, cells: ['a', 'b'] }, { line: 2, cells: ['1', 'x\r\ny'] }, { line: 5, cells: ['3', '4, 5'] }] });
  });

  it('a stray quote: a message naming its line and no row, never the rest of the file read as one row', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `L${i},${i}`);
    rows[2] = 'L2,"2';
    const r = readCsv(['Sample,N', ...rows].join('\n'));
    expect(r.lines).toEqual([]);
    expect(r.errors).toEqual([CSV_MESSAGES.unclosedQuote(4)]);
  });

  it('a quoted cell with text after its quote: one message for its line', () => {
    expect(readCsv('a,b\n1,2\n"3"x,4\n5,6\n')).toEqual({ lines: [], errors: [CSV_MESSAGES.textAfterQuote(3)] });
  });

  it('a stray quote after a quoted cell spanning lines names the line it is on', () => {
    expect(readCsv('a,b\n1,"x\ny"\n3,"4\n5,6\n').errors).toEqual([CSV_MESSAGES.unclosedQuote(4)]);
  });

  it('a quote inside a cell is text; a file of one column is no error', () => {
    expect(readCsv('a,b\n1,2"x\n')).toEqual({ errors: [], lines: [{ line: 1, cells: ['a', 'b'] }, { line: 2, cells: ['1', '2"x'] }] });
    expect(readCsv('a\n1\n2')).toEqual({ errors: [], lines: [{ line: 1, cells: ['a'] }, { line: 2, cells: ['1'] }, { line: 3, cells: ['2'] }] });
  });
});
