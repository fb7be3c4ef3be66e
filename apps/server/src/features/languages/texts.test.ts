import { describe, expect, it } from 'vitest';
import { resolveTexts } from './texts';

const row = (key: string, languageId: number, text: string) => ({ keyId: 0, key, languageId, text });

describe('resolveTexts', () => {
  const rows = [row('a', 1, 'Client'), row('a', 2, 'Kliënt'), row('b', 1, 'Farm'), row('c', 2, 'Blok')];

  it('answers the chosen language, English where it has no text', () => {
    expect(resolveTexts(rows, 2, 1)).toEqual({ a: 'Kliënt', b: 'Farm', c: 'Blok' });
  });

  it('answers English for English or no language', () => {
    expect(resolveTexts(rows, 1, 1)).toEqual({ a: 'Client', b: 'Farm' });
    expect(resolveTexts(rows, null, 1)).toEqual({ a: 'Client', b: 'Farm' });
  });
});
