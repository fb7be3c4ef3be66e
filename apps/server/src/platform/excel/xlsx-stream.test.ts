import { describe, expect, it } from 'vitest';
import { cellValue, sheetName } from './xlsx-stream';

describe('sheetName', () => {
  it('drops characters Excel refuses, keeps 31 characters and makes names unique', () => {
    const taken = new Set<string>();
    expect(sheetName('Farm [North]: a/b?', taken)).toBe('Farm North a b');
    expect(sheetName('farm [north]: a/b?', taken)).toBe('farm north a b 2');
    expect(sheetName('x'.repeat(40), taken)).toHaveLength(31);
    expect(sheetName('x'.repeat(40), taken)).toBe(`${'x'.repeat(29)} 2`);
    expect(sheetName('  ', taken)).toBe('Sheet');
  });
});

describe('cellValue', () => {
  it('keeps user text as text, whatever it starts with', () => {
    for (const s of ['=1+2', '+27 82', '-3', '@sum(A1)']) expect(cellValue(s)).toBe(s);
    expect(cellValue(Number.NaN)).toBeNull();
    expect(cellValue(undefined)).toBeNull();
    expect(cellValue(2.5)).toBe(2.5);
  });
});
