import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, parseDay } from './dates';

describe('one date format', () => {
  it('writes day/month/year', () => {
    expect(formatDay('2026-03-07')).toBe('07/03/2026');
    expect(formatDay(new Date(Date.UTC(2026, 10, 24, 23, 30)), 'UTC')).toBe('24/11/2026');
    expect(formatDayTime(new Date(Date.UTC(2026, 10, 24, 9, 5)), 'UTC')).toBe('24/11/2026 09:05');
    expect(formatDay(null)).toBe('');
    expect(formatDay('not a date')).toBe('');
    expect(formatDayTime('')).toBe('');
  });

  it('reads a typed day in the same order, refusing days that do not exist', () => {
    expect(parseDay('7/3/2026')).toBe('2026-03-07');
    expect(parseDay(' 07-03-2026 ')).toBe('2026-03-07');
    expect(parseDay('07.03.2026')).toBe('2026-03-07');
    expect(parseDay('2026-03-07')).toBe('2026-03-07');
    expect(parseDay('29/02/2025')).toBeNull();
    expect(parseDay('29/02/2024')).toBe('2024-02-29');
    expect(parseDay('13/13/2026')).toBeNull();
    expect(parseDay('03/07')).toBeNull();
    expect(parseDay('')).toBeNull();
  });
});
