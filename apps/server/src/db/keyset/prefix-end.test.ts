import { describe, expect, it } from 'vitest';
import { prefixEnd } from './match';

describe('prefixEnd: the first string after all strings with a prefix (code point order)', () => {
  it('increments the last character', () => {
    expect(prefixEnd('client 1')).toBe('client 2');
    expect(prefixEnd('b')).toBe('c');
    expect(prefixEnd('a%')).toBe('a&');
  });

  it('skips the surrogate range and carries past the last code point', () => {
    expect(prefixEnd('a\ud7ff')).toBe('a\ue000');
    expect(prefixEnd('a\u{10ffff}')).toBe('b');
    expect(prefixEnd('\u{10ffff}\u{10ffff}')).toBeNull();
    expect(prefixEnd('')).toBeNull();
  });

  it('orders every string with the prefix before the end and after the prefix', () => {
    const p = 'zé';
    const end = prefixEnd(p) ?? '';
    const utf8 = (s: string) => Buffer.from(s, 'utf8');
    for (const s of ['zé', 'zé\u0000', 'zé\u{10ffff}', 'zéz']) {
      expect(Buffer.compare(utf8(p), utf8(s))).toBeLessThanOrEqual(0);
      expect(Buffer.compare(utf8(s), utf8(end))).toBeLessThan(0);
    }
  });
});
