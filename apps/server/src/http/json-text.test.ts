import { describe, expect, it } from 'vitest';
import { JsonText } from './json-text';

describe('JsonText.object', () => {
  it('writes raw members as they stand and serializes the rest', () => {
    const j = JsonText.object({ total: 3, key: 'a"b', none: null, gone: undefined }, { rows: '[{"id":1},{"id":2}]' });
    expect(JSON.parse(j.text)).toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 3, key: 'a"b', none: null, gone: null });
  });
});

describe('JsonText.page', () => {
  it('writes a page as JsonText.object writes it, byte for byte', () => {
    for (const p of [
      { rowsJson: '[{"id":1}]', total: 12, estimated: false, firstKey: 'WyJkZWZhdWx0IiwiMSIsMV0', lastKey: 'a"b\\c' },
      { rowsJson: '[]', total: 0, estimated: true, firstKey: null, lastKey: null },
    ]) {
      const { rowsJson, ...rest } = p;
      expect(JsonText.page(p).text).toBe(JsonText.object(rest, { rows: rowsJson }).text);
    }
  });
});
