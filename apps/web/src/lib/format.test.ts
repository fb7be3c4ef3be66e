import { describe, expect, it } from 'vitest';
import { agentWithAgronomist, fixed2, formatDate, formatDateTime, naturalCompare, parseNumberInput } from './format';

describe('naturalCompare', () => {
  it('sorts sample numbers in natural numeric order', () => {
    const samples = ['S10', 'S2', 'S1', 'S100', 's3', 'A20', 'A3'];
    expect([...samples].sort(naturalCompare)).toEqual(['A3', 'A20', 'S1', 'S2', 's3', 'S10', 'S100']);
  });
  it('puts missing values first', () => {
    expect(['B1', null, 'A1'].sort(naturalCompare)).toEqual([null, 'A1', 'B1']);
  });
  it('compares numbers inside longer strings by value', () => {
    expect(naturalCompare('2026-9-1', '2026-10-1')).toBeLessThan(0);
    expect(naturalCompare('LAB-0099', 'LAB-100')).toBeLessThan(0);
  });
});

describe('parseNumberInput', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['0', 0],
    ['12', 12],
    [' 12.5 ', 12.5],
    ['-3', -3],
    ['+4', 4],
    ['.5', 0.5],
    ['7.', 7],
    ['1,25', 1.25],
    ['1e3', 1000],
  ])('reads %j as %j', (text, value) => {
    expect(parseNumberInput(text)).toBe(value);
  });

  it.each(['abc', '12abc', '1.2.3', 'Infinity', 'NaN', '1e999', '--1', '0x10', '1 2', '.', '-'])('refuses %j', (text) => {
    expect(parseNumberInput(text)).toBeUndefined();
  });
});

describe('fixed2', () => {
  it('shows two decimals, and nothing for no value', () => {
    expect(fixed2(3)).toBe('3.00');
    expect(fixed2(3.14159)).toBe('3.14');
    expect(fixed2(0)).toBe('0.00');
    expect(fixed2(-1.005)).toBe('-1.00');
    expect(fixed2(null)).toBe('');
    expect(fixed2(undefined)).toBe('');
    expect(fixed2(Number.NaN)).toBe('');
    expect(fixed2(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('dates', () => {
  it('formats a date-only string without a time-zone shift', () => {
    expect(formatDate('2026-11-01')).toBe('01/11/2026');
  });
  it('formats day, month, year, hour and minute', () => {
    expect(formatDateTime(new Date(2026, 10, 21, 9, 5))).toBe('21/11/2026 09:05');
  });
  it('shows nothing for no date or a bad one', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('agentWithAgronomist', () => {
  it('shows Agent (Agronomist), and leaves an empty one out rather than showing ()', () => {
    expect(agentWithAgronomist('Agent Smith', 'Dr Nel')).toBe('Agent Smith (Dr Nel)');
    expect(agentWithAgronomist('Agent Smith', '')).toBe('Agent Smith');
    expect(agentWithAgronomist('', 'Dr Nel')).toBe('Dr Nel');
    expect(agentWithAgronomist(null, ' ')).toBe('');
  });
});
